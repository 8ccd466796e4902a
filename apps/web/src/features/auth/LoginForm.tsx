import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZAdminLoginInput } from '@fees/validation';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { clearSignIn, storeSignIn } from '../../lib/session-storage';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { FailureAlert } from '../../components/FailureAlert';

/**
 * Email and password, then the admin or department sign-in. On success the client stores the
 * auth flag and department code and goes to the shell the server named; on failure it shows the
 * server's message and clears any stored sign-in.
 */
export function LoginForm({
  title,
  subtitle,
  depId,
  headingOrder = 1,
  children,
}: {
  title: string;
  subtitle?: string;
  depId: number | null;
  /** 2 when the page above already has its h1. */
  headingOrder?: 1 | 2;
  children?: ReactNode;
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(ZAdminLoginInput, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const onSuccess = (result: RouterOutputs['auth']['login']) => {
    storeSignIn(result.department, result.email, result);
    // An administrator's reset: the user chooses a new password before anything else.
    const home = result.mustChangePassword ? `/password?next=${encodeURIComponent(result.home)}` : result.home;
    void navigate(home, { replace: true });
  };
  const onError = () => clearSignIn();
  const adminLogin = useMutation(trpc.auth.login.mutationOptions({ onSuccess, onError }));
  const departmentLogin = useMutation(trpc.auth.departmentLogin.mutationOptions({ onSuccess, onError }));
  const pending = adminLogin.isPending || departmentLogin.isPending;
  const failure = adminLogin.error ?? departmentLogin.error;

  return (
    <Paper withBorder shadow="md" p="xl" radius="md" w="100%" maw={420}>
      <form
        onSubmit={form.onSubmit((values) =>
          depId === null ? adminLogin.mutate(values) : departmentLogin.mutate({ ...values, depId }),
        )}
        noValidate
      >
        <Stack>
          <div>
            <Title order={headingOrder} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </div>
          {children}
          <FailureAlert error={failure} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={pending} fullWidth>
            Sign in
          </Button>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Back to home
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}
