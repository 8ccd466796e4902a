import { Button, Checkbox, Group, PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { serverFieldErrors, useTRPC } from '../../lib/trpc';

type Registration = { email: string; pwd1: string; pwd2: string; chk1: boolean };

/**
 * What an account form does with the server's answer: on SAVED the message shows and the account
 * list opens; refused fields get the server's messages under them.
 */
export function useAccountSaved<V>(form: UseFormReturnType<V>, listPath: string, title = 'Saved') {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return {
    onSuccess: (result: { Result: string; Message: string }) => {
      if (result.Result !== 'SAVED') return;
      notifications.show({ color: 'green', title, message: result.Message });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      void navigate(listPath);
    },
    onError: (error: unknown) => form.setErrors(serverFieldErrors(error)),
  };
}

/** The end of both registration forms: email, password twice, the terms, Cancel (back to the list) and Register. */
export function RegistrationFields<V extends Registration>({
  form,
  listPath,
  saving,
}: {
  form: UseFormReturnType<V>;
  listPath: string;
  saving: boolean;
}) {
  const navigate = useNavigate();
  return (
    <>
      <TextInput label="Email" type="email" autoComplete="off" withAsterisk {...form.getInputProps('email')} />
      <PasswordInput
        label="Password"
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
      <Checkbox label="Agree to terms and conditions" {...form.getInputProps('chk1', { type: 'checkbox' })} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate(listPath)}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Register
        </Button>
      </Group>
    </>
  );
}
