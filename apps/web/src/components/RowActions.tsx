import { ActionIcon, Alert, Group, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { deleteDialog } from '../lib/dialogs';
import { errorMessage } from '../lib/trpc';

/** Edit (a link to the edit screen) and Delete (after the delete dialog asks `question`) of a list row. */
export function EditDeleteActions({
  editTo,
  editLabel,
  deleteLabel,
  question,
  onDelete,
}: {
  editTo: string;
  editLabel: string;
  deleteLabel: string;
  question: string;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon component={Link} to={editTo} variant="subtle" aria-label={editLabel}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={() => deleteDialog(question, onDelete)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Why a list's delete failed, above the list until closed (closing resets the mutation). */
export function DeleteFailedAlert({ mutation }: { mutation: { error: unknown; reset: () => void } }) {
  if (!mutation.error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert" withCloseButton onClose={() => mutation.reset()}>
      {errorMessage(mutation.error)}
    </Alert>
  );
}
