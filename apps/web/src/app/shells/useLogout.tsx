import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { openConfirm } from '../../lib/dialogs';
import { clearSignIn } from '../../lib/session-storage';
import { useTRPC } from '../../lib/trpc';

/** Logout with the spec's confirm dialog; on state Success the stored sign-in is cleared. */
export function useLogout() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: (result) => {
        if (result.state === 'Success') {
          clearSignIn();
          queryClient.clear();
          void navigate('/', { replace: true });
        }
      },
      onError: (error) => console.error('Error during logout', error),
    }),
  );
  return () =>
    openConfirm({
      title: 'Log off',
      children: <Text size="sm">Do you really want to log off?</Text>,
      labels: { confirm: 'Yes', cancel: 'No' },
      onConfirm: () => logout.mutate(),
    });
}
