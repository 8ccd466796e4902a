import '@mantine/dates/styles.css';
import {
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CONTACT_FIELD_LABELS as CONTACT_LABEL,
  STUDENT_FIELD_LABELS as LABEL,
  MAX_GUARDIANS,
  STUDENT_GENDERS,
  type TStudentForm,
  ZStudentForm,
} from '@fees/validation';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useDepartment } from '../../lib/department-context';
import { idOptions, idSelectProps } from '../../lib/ids';
import { fieldErrors, type RouterOutputs, useTRPC } from '../../lib/trpc';
import { FailureAlert } from '../../components/FailureAlert';
import { DateField } from '../../components/DateField';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';

/**
 * What the inputs hold: ids are numbers (null until chosen; the Selects convert, lib/ids), dates are yyyy-MM-dd or
 * null.
 */
export interface StudentFormValues {
  courseId: number | null;
  batchId: number | null;
  capId: string;
  name: string;
  admissionNo: string;
  admissionDate: string | null;
  categoryId: number | null;
  dateOfBirth: string | null;
  gender: string;
  religionId: number | null;
  email: string;
  phone: string;
  parentName: string;
  address: string;
  guardianAddress: string;
  /** The student's own e-mail and phone get no reminders or notices. */
  remindersOptOut: boolean;
  contacts: GuardianValues[];
  confirm: boolean;
}

/** A guardian as the inputs hold it; an empty mobile or e-mail is "not given". */
export interface GuardianValues {
  name: string;
  relation: string;
  mobile: string;
  email: string;
  whatsapp: boolean;
  remindersOptOut: boolean;
}

const emptyGuardian = (): GuardianValues => ({
  name: '',
  relation: '',
  mobile: '',
  email: '',
  whatsapp: false,
  remindersOptOut: false,
});

export function emptyStudentForm(courseId?: number): StudentFormValues {
  return {
    courseId: courseId ?? null,
    batchId: null,
    capId: '',
    name: '',
    admissionNo: '',
    admissionDate: null,
    categoryId: null,
    dateOfBirth: null,
    gender: '',
    religionId: null,
    email: '',
    phone: '',
    parentName: '',
    address: '',
    guardianAddress: '',
    remindersOptOut: false,
    contacts: [],
    confirm: false,
  };
}

/** A stored student as students.byId returns it. */
type StoredStudent = RouterOutputs['students']['byId'];

export function studentFormValues(s: StoredStudent): StudentFormValues {
  return {
    courseId: s.courseId,
    batchId: s.batchId,
    capId: s.capId,
    name: s.name,
    admissionNo: s.admissionNo,
    admissionDate: s.admissionDate,
    categoryId: s.categoryId,
    dateOfBirth: s.dateOfBirth,
    gender: s.gender,
    religionId: s.religionId,
    email: s.email ?? '',
    phone: s.phone ?? '',
    parentName: s.parentName ?? '',
    address: s.address,
    guardianAddress: s.guardianAddress ?? '',
    remindersOptOut: s.remindersOptOut,
    contacts: s.contacts.map((c) => ({
      name: c.name,
      relation: c.relation,
      mobile: c.mobile ?? '',
      email: c.email ?? '',
      whatsapp: c.whatsapp,
      remindersOptOut: c.remindersOptOut,
    })),
    confirm: false,
  };
}

/**
 * Registration and edit: the shared schema validates in the browser; the server's
 * refusal (a taken admission number, a field message) is shown above the buttons.
 */
export function StudentForm({
  initialValues,
  submitLabel,
  pending,
  error,
  onSubmit,
  actions,
}: {
  initialValues: StudentFormValues;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: TStudentForm, form: { reset: (values: StudentFormValues) => void }) => void;
  actions?: ReactNode;
}) {
  const department = useDepartment();
  const trpc = useTRPC();
  const form = useForm<StudentFormValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(ZStudentForm, { sync: true }),
    clearInputErrorOnChange: true,
  });
  // The form holds an empty date as null; the date field as ''.
  const dateProps = (field: 'admissionDate' | 'dateOfBirth') => ({
    ...form.getInputProps(field),
    value: form.values[field] ?? '',
    onChange: (date: string) => form.setFieldValue(field, date || null),
  });
  const categories = useQuery(trpc.reference.categories.queryOptions());
  const religions = useQuery(trpc.reference.religions.queryOptions());

  useEffect(() => {
    const errors = Object.fromEntries(
      Object.entries(fieldErrors(error)).map(([field, messages]) => [field, messages[0]]),
    );
    if (Object.keys(errors).length > 0) form.setErrors(errors);
    // Only a new server answer should move the field messages.
  }, [error]);

  const submit = form.onSubmit((values) => {
    const parsed = ZStudentForm.safeParse(values);
    if (parsed.success) onSubmit(parsed.data, { reset: (next) => form.setValues(next) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Paper withBorder p="lg" radius="md">
          <Divider label="Admission" labelPosition="left" mb="sm" />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <DepartmentCourseBatchSelect form={form} depId={department.id} course batch />
            <TextInput label={LABEL.admissionNo} withAsterisk {...form.getInputProps('admissionNo')} />
            <DateField label={LABEL.admissionDate} withAsterisk clearable {...dateProps('admissionDate')} />
            <TextInput label={LABEL.capId} withAsterisk {...form.getInputProps('capId')} />
            <Select
              label={LABEL.categoryId}
              placeholder="Choose a category"
              data={idOptions(categories.data, (c) => c.name)}
              withAsterisk
              {...idSelectProps(form, 'categoryId')}
            />
          </SimpleGrid>

          <Divider label="Student" labelPosition="left" mt="lg" mb="sm" />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput label={LABEL.name} withAsterisk {...form.getInputProps('name')} />
            <DateField label={LABEL.dateOfBirth} withAsterisk clearable {...dateProps('dateOfBirth')} />
            <Radio.Group label={LABEL.gender} withAsterisk {...form.getInputProps('gender')}>
              <Group mt={8}>
                {STUDENT_GENDERS.map((g) => (
                  <Radio key={g} value={g} label={g} />
                ))}
              </Group>
            </Radio.Group>
            <Select
              label={LABEL.religionId}
              placeholder="Not given"
              data={idOptions(religions.data, (r) => r.name)}
              clearable
              {...idSelectProps(form, 'religionId')}
            />
            <TextInput label={LABEL.email} type="email" {...form.getInputProps('email')} />
            <TextInput label={LABEL.phone} type="tel" {...form.getInputProps('phone')} />
          </SimpleGrid>

          <Divider label="Family and address" labelPosition="left" mt="lg" mb="sm" />
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TextInput label={LABEL.parentName} {...form.getInputProps('parentName')} />
            <Textarea label={LABEL.address} withAsterisk autosize minRows={2} {...form.getInputProps('address')} />
            <Textarea label={LABEL.guardianAddress} autosize minRows={2} {...form.getInputProps('guardianAddress')} />
          </SimpleGrid>

          <Divider label="Guardians for receipts and reminders" labelPosition="left" mt="lg" mb="sm" />
          <Checkbox
            mb="sm"
            label="No reminders or notices to the student's own e-mail and phone (receipts still go)"
            {...form.getInputProps('remindersOptOut', { type: 'checkbox' })}
          />
          {form.values.contacts.map((_guardian, i) => (
            <Paper
              key={form.key(`contacts.${i}`)}
              withBorder
              p="sm"
              radius="sm"
              mb="sm"
              data-testid={`guardian-${i + 1}`}
            >
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                <TextInput
                  label={`Guardian ${i + 1} ${CONTACT_LABEL.name.toLowerCase()}`}
                  withAsterisk
                  {...form.getInputProps(`contacts.${i}.name`)}
                />
                <TextInput
                  label={`Guardian ${i + 1} ${CONTACT_LABEL.relation.toLowerCase()}`}
                  placeholder="Mother, father, guardian"
                  withAsterisk
                  {...form.getInputProps(`contacts.${i}.relation`)}
                />
                <TextInput
                  label={`Guardian ${i + 1} ${CONTACT_LABEL.mobile.toLowerCase()}`}
                  type="tel"
                  placeholder="98470 12345"
                  {...form.getInputProps(`contacts.${i}.mobile`)}
                />
                <TextInput
                  label={`Guardian ${i + 1} ${CONTACT_LABEL.email.toLowerCase()}`}
                  type="email"
                  {...form.getInputProps(`contacts.${i}.email`)}
                />
              </SimpleGrid>
              <Group mt="sm" justify="space-between">
                <Group>
                  <Checkbox
                    label={`Guardian ${i + 1} takes WhatsApp`}
                    {...form.getInputProps(`contacts.${i}.whatsapp`, { type: 'checkbox' })}
                  />
                  <Checkbox
                    label={`No reminders or notices to guardian ${i + 1}`}
                    {...form.getInputProps(`contacts.${i}.remindersOptOut`, { type: 'checkbox' })}
                  />
                </Group>
                <Button variant="subtle" color="red" size="xs" onClick={() => form.removeListItem('contacts', i)}>
                  Remove guardian {i + 1}
                </Button>
              </Group>
            </Paper>
          ))}
          {form.values.contacts.length < MAX_GUARDIANS && (
            <Button variant="light" size="xs" onClick={() => form.insertListItem('contacts', emptyGuardian())}>
              Add a guardian
            </Button>
          )}
        </Paper>

        <FailureAlert error={error} />

        <Group justify="space-between" className="no-print">
          <Checkbox label={LABEL.confirm} {...form.getInputProps('confirm', { type: 'checkbox' })} />
          <Group>
            {actions}
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
