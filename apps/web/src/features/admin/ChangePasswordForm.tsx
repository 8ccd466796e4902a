import { Button, Checkbox, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZChangePasswordInput } from '@fees/validation';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useTRPC } from '../../lib/trpc';
import { useAccountSaved } from './RegistrationFields';
import { FailureAlert } from '../../components/FailureAlert';
import { idOf } from '../../lib/ids';

/**
 * Change password for the account named in the URL (/:id/:email): the email is read-only, the
 * checkbox is 'Accept', Cancel goes back in history; on SAVED the message shows and the list opens.
 */
export function ChangePasswordForm({ kind }: { kind: 'admins' | 'users' }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const params = useParams();
  const form = useForm({
    mode: 'controlled',
    initialValues: { userId: idOf(params.id) ?? 0, email: params.email ?? '', pwd1: '', pwd2: '', chk1: false },
    validate: schemaResolver(ZChangePasswordInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const options = useAccountSaved(form, kind === 'admins' ? '/admin/adm' : '/admin/useredt', 'Password changed');
  const adminChange = useMutation(trpc.admin.admins.changePassword.mutationOptions(options));
  const userChange = useMutation(trpc.admin.users.changePassword.mutationOptions(options));
  const mutation = kind === 'admins' ? adminChange : userChange;

  return (
    <>
      <PageHeader title="Change password" subtitle={kind === 'admins' ? 'Admin account' : 'User account'} />
      <Paper withBorder p="lg" radius="md" maw={520}>
        <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
          <Stack>
            <FailureAlert error={mutation.error} />
            <TextInput label="Email" readOnly variant="filled" {...form.getInputProps('email')} />
            <PasswordInput
              label="New password"
              description="6 to 12 characters"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('pwd1')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('pwd2')}
            />
            <Checkbox label="Accept" {...form.getInputProps('chk1', { type: 'checkbox' })} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(-1)}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
