import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { parseRupeesToPaise } from '@fees/validation';
import { formatRupees, paiseToRupeesText } from '../lib/money';
import { can } from '../lib/can';
import { serverFieldErrors, useTRPC } from '../lib/trpc';
import { FailureAlert } from './FailureAlert';

/**
 * An admin waives all or part of a student's fine outstanding, with a reason (audited, and shown on
 * the statement). Shown to admins only; the server refuses anyone else.
 */
export function WaiveFineButton({
  depId,
  studentId,
  outstandingPaise,
}: {
  depId: number;
  studentId: number;
  outstandingPaise: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const waive = useMutation(
    trpc.plans.waiveFine.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Fine waived' });
        close();
        void queryClient.invalidateQueries();
      },
    }),
  );
  if (!can('admin') || outstandingPaise <= 0) return null;
  const errors = serverFieldErrors(waive.error);
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        color="orange"
        className="no-print"
        onClick={() => {
          setAmount(paiseToRupeesText(outstandingPaise));
          setReason('');
          waive.reset();
          open();
        }}
      >
        Waive
      </Button>
      <Modal opened={opened} onClose={close} title="Waive the fine">
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
    </>
  );
}
