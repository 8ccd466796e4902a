/**
 * The spec's three dialogs (section 2): informational (Close), confirm (Yes/No), delete (Delete/Cancel).
 */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export function infoDialog(title: string, message: string, onClose?: () => void): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Close', cancel: '' },
    cancelProps: { display: 'none' },
    onConfirm: onClose,
    onCancel: onClose,
    closeOnClickOutside: false,
  });
}

export function confirmDialog(message: string, onYes: () => void, title = 'Please confirm'): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Yes', cancel: 'No' },
    onConfirm: onYes,
  });
}

export function deleteDialog(message: string, onDelete: () => void, title = 'Delete'): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: onDelete,
  });
}
