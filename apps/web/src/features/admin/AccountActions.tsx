import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Edit (change password) and delete buttons of an account row; delete is off for your own account. */
export function AccountActions({
  account,
  editPath,
  isSelf,
  deleting,
  onDelete,
}: {
  account: { id: number; username: string };
  editPath: string;
  isSelf: boolean;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Change password">
        <ActionIcon component={Link} to={editPath} variant="subtle" aria-label={`Edit ${account.username}`}>
          <IconKey size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={isSelf ? 'You cannot delete your own account' : 'Delete'}>
        <ActionIcon
          variant="subtle"
          color="red"
          disabled={isSelf}
          loading={deleting}
          onClick={onDelete}
          aria-label={`Delete ${account.username}`}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
