import { can } from '../../lib/can';
import { isSentForApproval, receiptLabel, SENT_FOR_APPROVAL_MESSAGE, sentForApprovalText } from '@fees/validation';
import { Button, type ButtonProps } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { infoDialog } from '../../lib/dialogs';
import { useTRPC } from '../../lib/trpc';
import { VoidReceiptDialog } from './VoidReceiptDialog';

/** The stored receipt a Void names: its number and the version the screen showed (a stale one is refused). */
export interface VoidTarget {
  number: number;
  version: number;
}

/** The receipts' own words after a void, everywhere: "Receipt #0001179 voided". */
export const voidedMessage = (number: number) => `Receipt ${receiptLabel(number)} voided`;

/** When voids need a second person: the receipt is unchanged until someone approves. */
export const voidRequestedMessage = (number: number, sent: { requestId: number }) =>
  sentForApprovalText(`The void of receipt ${receiptLabel(number)}`, sent.requestId);

/**
 * Void on the printable receipt and in the register: asks the reason, voids, and says so; a refusal
 * (a closed day, a stale screen) is shown with the server's message.
 */
export function VoidReceiptButton({ receipt, ...buttonProps }: { receipt: VoidTarget } & ButtonProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remove = useMutation(
    trpc.receipts.void.mutationOptions({
      onSuccess: async (result) => {
        // Totals, reports and the register all change with a void (the approvals list with a request).
        await queryClient.invalidateQueries();
        if (isSentForApproval(result))
          infoDialog(SENT_FOR_APPROVAL_MESSAGE, voidRequestedMessage(receipt.number, result));
        else infoDialog('Voided', voidedMessage(receipt.number));
      },
      onError: (error) => infoDialog('Not voided', error.message),
    }),
  );
  if (!can('write')) return null;
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconBan size={16} />}
        loading={remove.isPending}
        onClick={() => setAsking(true)}
        {...buttonProps}
      >
        Void
      </Button>
      <VoidReceiptDialog
        number={receipt.number}
        opened={asking}
        onClose={() => setAsking(false)}
        onVoid={(reason) => remove.mutate({ number: receipt.number, version: receipt.version, reason })}
      />
    </>
  );
}
