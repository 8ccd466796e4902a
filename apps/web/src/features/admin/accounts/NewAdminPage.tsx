import { Button, Checkbox, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ZCreateAdminInput } from '@fees/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useTRPC } from '../../../lib/trpc';
import { FailureAlert, serverFieldErrors } from '../shared';

/** /admin/newadm: admin registration; on SAVED the message shows and the admin list opens. */
export default function NewAdminPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', pwd1: '', pwd2: '', chk1: false },
    validate: schemaResolver(ZCreateAdminInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const create = useMutation(
    trpc.admin.admins.create.mutationOptions({
      onSuccess: (result) => {
        if (result.Result !== 'SAVED') return;
        notifications.show({ color: 'green', title: 'Saved', message: result.Message });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
        void navigate('/admin/adm');
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );

  return (
    <>
      <PageHeader title="New admin" subtitle="An administrator can open every department and the admin area" />
      <Paper withBorder p="lg" radius="md" maw={520}>
        <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
          <Stack>
            <FailureAlert error={create.error} />
            <TextInput label="Email" type="email" autoComplete="off" withAsterisk {...form.getInputProps('email')} />
            <PasswordInput label="Password" description="6 to 12 characters" autoComplete="new-password" withAsterisk {...form.getInputProps('pwd1')} />
            <PasswordInput label="Confirm password" autoComplete="new-password" withAsterisk {...form.getInputProps('pwd2')} />
            <Checkbox label="Agree to terms and conditions" {...form.getInputProps('chk1', { type: 'checkbox' })} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate('/admin/adm')}>
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
