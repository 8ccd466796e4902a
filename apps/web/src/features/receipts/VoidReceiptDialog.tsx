import { receiptLabel, ZVoidReason } from '@fees/validation';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/**
 * The Void dialog of a receipt: it asks why (3 to 200 characters, the server's own rule) and voids
 * only with a reason; the reason is kept with the void and shown in the History panel and audit log.
 */
export function VoidReceiptDialog({
  number,
  opened,
  onClose,
  onVoid,
}: {
  number: number;
  opened: boolean;
  onClose: () => void;
  onVoid: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZVoidReason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    close();
    onVoid(parsed.data);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Void receipt ${receiptLabel(number)}`}
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Void receipt {receiptLabel(number)}? It keeps its number and no longer counts in any total; the reason is
            shown on it.
          </Text>
          <TextInput
            label="Reason"
            description="Kept with the void and shown in the receipt's history"
            required
            data-autofocus
            maxLength={200}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red">
              Void
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
