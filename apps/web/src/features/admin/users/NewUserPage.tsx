import { Group, Paper, Radio, Select, SimpleGrid, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZCreateUserInput } from '@fees/validation';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { idOf, idSelectProps } from '../../../lib/ids';
import { useTRPC } from '../../../lib/trpc';
import { RegistrationFields, useAccountSaved } from '../RegistrationFields';
import { FailureAlert } from '../../../components/FailureAlert';
import { DEPARTMENT_OPTIONS } from '../../../components/DepartmentSelect';

/** /admin/nuser: a new account for a department; navigation state may carry the department id. */
export default function NewUserPage() {
  const trpc = useTRPC();
  const state = useLocation().state as { depId?: number | string } | null;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      options: 'user' as 'admin' | 'user',
      depId: idOf(String(state?.depId)),
      email: '',
      pwd1: '',
      pwd2: '',
      chk1: false,
    },
    validate: schemaResolver(ZCreateUserInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const saved = useAccountSaved(form, '/admin/useredt');
  const create = useMutation(trpc.admin.users.create.mutationOptions(saved));

  return (
    <>
      <PageHeader title="New user" subtitle="A department user signs in at their department only" />
      <Paper withBorder p="lg" radius="md" maw={620}>
        {/* Validation passed, so the department is set. */}
        <form
          onSubmit={form.onSubmit((values) => create.mutate({ ...values, depId: values.depId as number }))}
          noValidate
        >
          <Stack>
            <FailureAlert error={create.error} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Radio.Group label="Role" withAsterisk {...form.getInputProps('options')}>
                <Group mt={8}>
                  <Radio value="user" label="User" />
                  <Radio value="admin" label="Admin" />
                </Group>
              </Radio.Group>
              <Select
                label="Department"
                placeholder="Choose a department"
                data={DEPARTMENT_OPTIONS}
                allowDeselect={false}
                withAsterisk
                {...idSelectProps(form, 'depId')}
              />
            </SimpleGrid>
            <RegistrationFields form={form} listPath="/admin/useredt" saving={create.isPending} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
