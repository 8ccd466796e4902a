import { APPROVAL_OPERATION_LABELS, formatRupees, receiptLabel } from '@fees/validation';
import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatInstant } from '../../lib/dates';
import { infoDialog } from '../../lib/dialogs';
import { type RouterOutputs, serverFieldErrors, useTRPC } from '../../lib/trpc';

export type ApprovalRequest = RouterOutputs['approvals']['list'][number];

const STATUS_COLOR = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** Asks why a request is rejected (a reason is required); the server's message shows under the field. */
function RejectDialog({ request, onClose }: { request: ApprovalRequest | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reject = useMutation(
    trpc.approvals.reject.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        setReason('');
        onClose();
      },
    }),
  );
  const fieldError = serverFieldErrors(reject.error).reason;
  return (
    <Modal opened={request !== null} onClose={onClose} title={request ? `Reject: ${request.summary.what}` : ''}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (request) reject.mutate({ id: request.id, reason });
        }}
      >
        <Stack>
          <Textarea
            label="Why is it rejected?"
            description="The person who asked sees this reason"
            required
            autosize
            minRows={2}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldError ?? (reject.error && !fieldError ? reject.error.message : undefined)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One request as the approver reads it: what changes, for whom, how much, why, who asked; and its decision. */
export function ApprovalCard({ request, onReject }: { request: ApprovalRequest; onReject: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const approve = useMutation(
    trpc.approvals.approve.mutationOptions({
      onSuccess: async (done) => {
        await queryClient.invalidateQueries();
        infoDialog('Approved', done.message);
      },
      onError: (error) => infoDialog('Not approved', error.message),
    }),
  );
  const s = request.summary;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-label={`Request ${request.id}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{s.what}</Text>
          <Text size="xs" c="dimmed">
            {APPROVAL_OPERATION_LABELS[request.operation]} · request {request.id}
          </Text>
        </div>
        <Badge color={STATUS_COLOR[request.status]} variant="light" style={{ flexShrink: 0 }}>
          {request.status}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="xs">
        {s.receiptNumber !== null && <Field label="Receipt">{receiptLabel(s.receiptNumber)}</Field>}
        {s.amountPaise !== null && <Field label="Amount">{formatRupees(s.amountPaise)}</Field>}
        {s.studentName !== null && (
          <Field label="Student">
            {s.studentName}
            {s.admissionNo ? ` (${s.admissionNo})` : ''}
          </Field>
        )}
        {s.date !== null && <Field label="Dated">{formatDate(s.date)}</Field>}
      </SimpleGrid>
      <Field label="Reason">{request.reason}</Field>
      <Text size="xs" c="dimmed" mt="xs">
        Asked by {request.requestedByEmail ?? 'a removed account'} on {formatInstant(request.requestedAt)}
        {request.decidedAt &&
          ` · ${request.status} by ${request.decidedByEmail ?? 'a removed account'} ` +
            `on ${formatInstant(request.decidedAt)}`}
      </Text>
      {request.decisionReason && (
        <Text size="sm" mt={4}>
          Rejected because: {request.decisionReason}
        </Text>
      )}
      {request.mayDecide && (
        <Group justify="flex-end" mt="sm">
          <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={onReject}>
            Reject
          </Button>
          <Button
            color="green"
            leftSection={<IconCheck size={16} />}
            loading={approve.isPending}
            onClick={() => approve.mutate({ id: request.id })}
          >
            Approve
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** A list of requests with the one Reject dialog they share. */
export function ApprovalList({ requests }: { requests: readonly ApprovalRequest[] }) {
  const [rejecting, setRejecting] = useState<ApprovalRequest | null>(null);
  return (
    <Stack gap="sm">
      {requests.map((r) => (
        <ApprovalCard key={r.id} request={r} onReject={() => setRejecting(r)} />
      ))}
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
