import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDialog, infoDialog } from '../../lib/dialogs';
import { errorMessage, useTRPC } from '../../lib/trpc';

/** Delete an admin or user account after the delete dialog; a refusal (last admin, yourself) says why. */
export function useRemoveAccount(kind: 'admins' | 'users') {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = {
    onSuccess: (result: { Message: string }) => {
      notifications.show({ color: 'green', title: 'Data deleted successfully', message: result.Message });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
    },
    onError: (error: unknown) => infoDialog('Not deleted', errorMessage(error)),
  };
  const removeAdmin = useMutation(trpc.admin.admins.remove.mutationOptions(options));
  const removeUser = useMutation(trpc.admin.users.remove.mutationOptions(options));
  const mutation = kind === 'admins' ? removeAdmin : removeUser;
  return {
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
    confirmRemove: (account: { id: number; username: string }) =>
      deleteDialog(`Do you really want to delete the account ${account.username}? Its sessions end at once.`, () =>
        mutation.mutate({ id: account.id }),
      ),
  };
}
