/**
 * The spec's three dialogs: informational (Close), confirm (Yes/No), delete (Delete/Cancel).
 * Every one opens with the keyboard on its confirming button (Enter means Yes), and its close button
 * has a name for screen readers.
 */
import { Text } from '@mantine/core';
import { isBelowZeroRefusal } from '@fees/validation';
import { modals } from '@mantine/modals';

type ConfirmModalSettings = Parameters<typeof modals.openConfirmModal>[0];

/** modals.openConfirmModal, focused on the confirming button, with a labelled close button. */
export function openConfirm(settings: ConfirmModalSettings): string {
  return modals.openConfirmModal({
    ...settings,
    closeButtonProps: { 'aria-label': 'Dismiss', ...settings.closeButtonProps },
    confirmProps: { 'data-autofocus': true, ...settings.confirmProps },
  });
}

export function infoDialog(title: string, message: string, onClose?: () => void): void {
  openConfirm({
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
  openConfirm({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Yes', cancel: 'No' },
    onConfirm: onYes,
  });
}

export function deleteDialog(message: string, onDelete: () => void, title = 'Delete'): void {
  openConfirm({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: onDelete,
  });
}

/**
 * A refusal that asks to confirm a balance below zero (a discount, adjustment or fee change): asks,
 * and on Yes resends with the confirmation. Returns whether the error was such a refusal.
 */
export function askBelowZero(error: unknown, resend: () => void): boolean {
  const message = error instanceof Error ? error.message : '';
  if (!isBelowZeroRefusal(message)) return false;
  confirmDialog(message.replace(/ Confirm to save it anyway\.$/, ' Save it anyway?'), resend, 'Balance below zero');
  return true;
}
