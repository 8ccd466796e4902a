import { ActionIcon, Alert, Group, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { deleteDialog } from '../lib/dialogs';
import { errorMessage } from '../lib/trpc';

interface EditAction {
  /** The button's accessible name, naming the row ("Edit BAE-26-001"). */
  label: string;
  /** The tooltip: "Edit" unless the edit is of one kind ("Rename", "Change password"). */
  tip?: string;
  icon?: ReactNode;
  /** The edit screen, or else what the click does on this screen (an inline form). */
  to?: string;
  onClick?: () => void;
}

interface DeleteAction {
  /** The button's accessible name, naming the row. */
  label: string;
  /** What the delete dialog asks before onConfirm runs. */
  question: string;
  onConfirm: () => void;
  /** Why this row cannot be deleted: the button stays, disabled, and its tooltip says why. */
  refused?: string;
  /** This row's delete is under way. */
  loading?: boolean;
}

/**
 * The Action cell of a list row, the one copy of it: Edit (a link to the edit screen, or an action on
 * this screen) and Delete after the delete dialog. A refused delete is marked aria-disabled rather than
 * disabled, so that its tooltip can still say why.
 */
export function RowActions({ edit, remove }: { edit: EditAction; remove: DeleteAction }) {
  const editIcon = edit.icon ?? <IconPencil size={16} />;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={edit.tip ?? 'Edit'}>
        {edit.to !== undefined ? (
          <ActionIcon component={Link} to={edit.to} variant="subtle" aria-label={edit.label}>
            {editIcon}
          </ActionIcon>
        ) : (
          <ActionIcon variant="subtle" aria-label={edit.label} onClick={edit.onClick}>
            {editIcon}
          </ActionIcon>
        )}
      </Tooltip>
      <Tooltip label={remove.refused ?? 'Delete'}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={remove.label}
          data-disabled={remove.refused !== undefined || undefined}
          aria-disabled={remove.refused !== undefined || undefined}
          loading={remove.loading}
          onClick={() => {
            if (remove.refused === undefined) deleteDialog(remove.question, remove.onConfirm);
          }}
        >
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
