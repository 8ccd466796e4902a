import { Button, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, useTRPC } from '../../lib/trpc';

/** On the receipt page: the receipt's message queued again to each of its recipients. */
export function SendAgainButton({ depId, receiptNumber }: { depId: number; receiptNumber: number }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.messages.sendReceiptAgain.mutationOptions());
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconSend size={16} />}
        loading={send.isPending}
        onClick={() => send.mutate({ depId, receiptNumber })}
      >
        Send again
      </Button>
      {send.data && (
        <Text size="sm" c="green" data-testid="send-again-result">
          {send.data.queued} message{send.data.queued === 1 ? '' : 's'} queued
        </Text>
      )}
      {send.error && (
        <Text size="sm" c="red" data-testid="send-again-result">
          {errorMessage(send.error)}
        </Text>
      )}
    </>
  );
}
