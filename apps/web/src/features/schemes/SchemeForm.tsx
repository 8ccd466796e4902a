import { ActionIcon, Button, Group, NativeSelect, SegmentedControl, Stack, Table, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { paiseToRupeesText, ZCreateSchemeInput } from '@fees/validation';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { FailureAlert } from '../../components/FailureAlert';
import { idNativeSelectProps } from '../../lib/ids';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

/** Ids are numbers (null until chosen; the selects convert their text, lib/ids); a null batch is all batches. */
export interface RuleValues {
  kind: 'percent' | 'fixed';
  feeHeadId: number | null;
  courseId: number | null;
  batchId: number | null;
  percent: string;
  amount: string;
}

export interface SchemeValues {
  name: string;
  rules: RuleValues[];
}

const emptyRule = (): RuleValues => ({
  kind: 'percent',
  feeHeadId: null,
  courseId: null,
  batchId: null,
  percent: '',
  amount: '',
});

/** The values once the schema passed: every rule has its head and course. */
function checked(values: SchemeValues) {
  return {
    ...values,
    rules: values.rules.map((r) => ({ ...r, feeHeadId: r.feeHeadId as number, courseId: r.courseId as number })),
  };
}

export type SchemeSubmission = ReturnType<typeof checked>;

/** A saved scheme as the form edits it (percent back from basis points, amount from paise). */
export function schemeValues(scheme?: RouterOutputs['schemes']['byId']): SchemeValues {
  if (!scheme) return { name: '', rules: [emptyRule()] };
  return {
    name: scheme.name,
    rules: scheme.rules.map((r) => ({
      kind: r.percentBasisPoints !== null ? 'percent' : 'fixed',
      feeHeadId: r.feeHeadId,
      courseId: r.courseId,
      batchId: r.batchId,
      percent: r.percentBasisPoints !== null ? String(r.percentBasisPoints / 100) : '',
      amount: r.amountPaise !== null ? paiseToRupeesText(r.amountPaise) : '',
    })),
  };
}

/**
 * A scheme's name and its rules: per fee head, a percentage of the fee or a fixed amount, for a course's batches or
 * one.
 */
export function SchemeForm({
  initialValues,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initialValues: SchemeValues;
  pending: boolean;
  error: unknown;
  onSubmit: (values: SchemeSubmission) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const heads = useQuery(trpc.reference.feeHeads.queryOptions());
  const form = useForm<SchemeValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(ZCreateSchemeInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const headOptions = [
    { value: '', label: 'Choose... ' },
    ...(heads.data ?? []).map((h) => ({ value: String(h.id), label: h.name })),
  ];
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(checked(values)))} noValidate>
      <Stack>
        <FailureAlert error={error} />
        <TextInput label="Name" placeholder="RTE 25%" withAsterisk maw={360} {...form.getInputProps('name')} />
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fee head</Table.Th>
                <Table.Th>Course</Table.Th>
                <Table.Th>Batch</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Percent or amount</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.rules.map((rule, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Fee head of rule ${i + 1}`}
                      data={headOptions}
                      {...idNativeSelectProps(form, `rules.${i}.feeHeadId`)}
                    />
                  </Table.Td>
                  <DepartmentCourseBatchSelect
                    anyDepartment
                    course
                    batch
                    optional="batch"
                    native
                    ariaLabels={{ course: `Course of rule ${i + 1}`, batch: `Batch of rule ${i + 1}` }}
                    wrapEach={(select) => <Table.Td>{select}</Table.Td>}
                    value={{ courseId: rule.courseId, batchId: rule.batchId }}
                    errors={{ courseId: form.errors[`rules.${i}.courseId`] }}
                    onChange={(next) => {
                      form.setFieldValue(`rules.${i}.courseId`, next.courseId);
                      form.setFieldValue(`rules.${i}.batchId`, next.batchId);
                    }}
                  />
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={`Kind of rule ${i + 1}`}
                      data={[
                        { value: 'percent', label: 'Percent' },
                        { value: 'fixed', label: 'Fixed' },
                      ]}
                      {...form.getInputProps(`rules.${i}.kind`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {rule.kind === 'percent' ? (
                      <TextInput
                        aria-label={`Percent of rule ${i + 1}`}
                        rightSection="%"
                        w={120}
                        {...form.getInputProps(`rules.${i}.percent`)}
                      />
                    ) : (
                      <TextInput
                        aria-label={`Amount of rule ${i + 1}`}
                        leftSection="₹"
                        w={140}
                        {...form.getInputProps(`rules.${i}.amount`)}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove rule ${i + 1}`}
                      onClick={() => form.removeListItem('rules', i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {form.errors.rules && <FailureAlert error={new Error(String(form.errors.rules))} />}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('rules', emptyRule())}
          >
            Add rule
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save scheme
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
