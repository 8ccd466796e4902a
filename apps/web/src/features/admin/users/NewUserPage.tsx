import { Button, Checkbox, Group, Paper, PasswordInput, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ZCreateUserInput } from '@fees/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useTRPC } from '../../../lib/trpc';
import { DEPARTMENT_OPTIONS, FailureAlert, serverFieldErrors } from '../shared';

/** /admin/nuser: a new account for a department; navigation state may carry the department id. */
export default function NewUserPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const state = useLocation().state as { depId?: number | string } | null;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      options: 'user' as 'admin' | 'user',
      depId: state?.depId ? String(state.depId) : '',
      email: '',
      pwd1: '',
      pwd2: '',
      chk1: false,
    },
    validate: schemaResolver(ZCreateUserInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const create = useMutation(
    trpc.admin.users.create.mutationOptions({
      onSuccess: (result) => {
        if (result.Result !== 'SAVED') return;
        notifications.show({ color: 'green', title: 'Saved', message: result.Message });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
        void navigate('/admin/useredt');
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );

  return (
    <>
      <PageHeader title="New user" subtitle="A department user signs in at their department only" />
      <Paper withBorder p="lg" radius="md" maw={620}>
        <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
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
                {...form.getInputProps('depId')}
                onChange={(value) => form.setFieldValue('depId', value ?? '')}
              />
            </SimpleGrid>
            <TextInput label="Email" type="email" autoComplete="off" withAsterisk {...form.getInputProps('email')} />
            <PasswordInput label="Password" description="6 to 12 characters" autoComplete="new-password" withAsterisk {...form.getInputProps('pwd1')} />
            <PasswordInput label="Confirm password" autoComplete="new-password" withAsterisk {...form.getInputProps('pwd2')} />
            <Checkbox label="Agree to terms and conditions" {...form.getInputProps('chk1', { type: 'checkbox' })} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate('/admin/useredt')}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Register
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
