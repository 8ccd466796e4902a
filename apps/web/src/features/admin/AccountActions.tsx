import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { deleteDialog, infoDialog } from '../../lib/dialogs';
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
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Change password">
          <ActionIcon component={Link} to={`${editBase}/${account.id}/${encodeURIComponent(account.username)}`} variant="subtle" aria-label={`Edit ${account.username}`}>
            <IconKey size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={isSelf ? 'You cannot delete your own account' : 'Delete'}>
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={isSelf}
            loading={pendingId === account.id}
            onClick={() =>
              deleteDialog(`Do you really want to delete the account ${account.username}? Its sessions end at once.`, () => remove.mutate({ id: account.id }))
            }
            aria-label={`Delete ${account.username}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  };
}
