import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RowActions } from '../../components/RowActions';
import { infoDialog } from '../../lib/dialogs';
import { storedEmail } from '../../lib/session-storage';
import { errorMessage, type RouterOutputs, useTRPC } from '../../lib/trpc';

type Account = Pick<RouterOutputs['admin']['users']['list'][number], 'id' | 'username'>;

/**
 * The Action cell of the admin and user lists: change password, and delete after the delete dialog
 * (a refusal, such as the last admin, says why). Delete is off for your own account. One delete
 * mutation serves the whole list, so its spinner shows on the row being deleted.
 */
export function useAccountActions(kind: 'admins' | 'users') {
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
  const remove = kind === 'admins' ? removeAdmin : removeUser;
  const pendingId = remove.isPending ? remove.variables?.id : undefined;
  const me = storedEmail();
  const editBase = kind === 'admins' ? '/admin/adm/edt' : '/admin/user/edt';

  return (account: Account) => {
    const isSelf = account.username === me;
    return (
      <RowActions
        edit={{
          to: `${editBase}/${account.id}/${encodeURIComponent(account.username)}`,
          label: `Edit ${account.username}`,
          tip: 'Change password',
          icon: <IconKey size={16} />,
        }}
        remove={{
          label: `Delete ${account.username}`,
          question: `Do you really want to delete the account ${account.username}? Its sessions end at once.`,
          onConfirm: () => remove.mutate({ id: account.id }),
          refused: isSelf ? 'You cannot delete your own account' : undefined,
          loading: pendingId === account.id,
        }}
      />
    );
  };
}
