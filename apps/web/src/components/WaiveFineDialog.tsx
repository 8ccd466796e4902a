import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  isSentForApproval,
  parseRupeesToPaise,
  SENT_FOR_APPROVAL_MESSAGE,
  sentForApprovalText,
} from '@fees/validation';
import { infoDialog } from '../lib/dialogs';
import { formatRupees, paiseToRupeesText } from '../lib/money';
import { serverFieldErrors, useTRPC } from '../lib/trpc';
import { FailureAlert } from './FailureAlert';

/** The waiver's dialog: the amount (all the fine outstanding at first) and the reason. */
export default function WaiveFineDialog({
  depId,
  studentId,
  outstandingPaise,
  onClose,
}: {
  depId: number;
  studentId: number;
  outstandingPaise: number;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(() => paiseToRupeesText(outstandingPaise));
  const [reason, setReason] = useState('');
  const waive = useMutation(
    trpc.plans.waiveFine.mutationOptions({
      onSuccess: (waived) => {
        onClose();
        void queryClient.invalidateQueries();
        if (isSentForApproval(waived))
          infoDialog(SENT_FOR_APPROVAL_MESSAGE, sentForApprovalText('The waiver', waived.requestId));
        else notifications.show({ color: 'green', message: 'Fine waived' });
      },
    }),
  );
  const errors = serverFieldErrors(waive.error);
  return (
    <Modal opened onClose={onClose} title="Waive the fine">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          waive.mutate({ depId, studentId, amountPaise: parseRupeesToPaise(amount) ?? Number.NaN, reason });
        }}
      >
        <Stack>
          <Text size="sm">Fine outstanding: {formatRupees(outstandingPaise)}</Text>
          <FailureAlert error={Object.keys(errors).length ? null : waive.error} title="Not waived" />
          <TextInput
            label="Amount to waive"
            inputMode="decimal"
            leftSection="₹"
            withAsterisk
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amountPaise}
          />
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Button type="submit" loading={waive.isPending}>
            Waive
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
