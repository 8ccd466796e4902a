import { Alert, Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZChangeOwnPasswordInput } from '@fees/validation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { FailureAlert } from '../../components/FailureAlert';
import { DEPARTMENTS } from '../../lib/departments';
import { isSignedIn, storedDepartment } from '../../lib/session-storage';
import { useTRPC } from '../../lib/trpc';
import { LoginLayout } from './LoginLayout';

/** Where a signed-in account goes back to when no address was given: its department, or administration. */
function homeOf(code: string | null): string {
  const department = DEPARTMENTS.find((d) => d.code === code);
  return department ? `/${department.prefix}` : '/admin';
}

/**
 * The user's own password: the current one, then the new one twice. After an administrator's reset
 * the sign-in brings the user here first; `next` is where the sign-in was going.
 */
export default function OwnPasswordPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next')?.startsWith('/') ? (params.get('next') as string) : homeOf(storedDepartment());
  const me = useQuery({ ...trpc.auth.me.queryOptions(), enabled: isSignedIn() });
  const form = useForm({
    mode: 'controlled',
    initialValues: { current: '', pwd1: '', pwd2: '' },
    validate: schemaResolver(ZChangeOwnPasswordInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({ onSuccess: () => void navigate(next, { replace: true }) }),
  );
  return (
    <LoginLayout>
      <Paper withBorder shadow="md" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Change your password
            </Title>
            {me.data?.mustChangePassword && (
              <Alert color="yellow">Your administrator set a new password for you: choose your own to go on.</Alert>
            )}
            <FailureAlert error={change.error} />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('current')}
            />
            <PasswordInput
              label="New password"
              description="6 to 12 characters"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('pwd1')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('pwd2')}
            />
            <Group justify="flex-end">
              {!me.data?.mustChangePassword && (
                <Button variant="default" onClick={() => void navigate(next)}>
                  Cancel
                </Button>
              )}
              <Button type="submit" loading={change.isPending}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </LoginLayout>
  );
}
