import { Badge, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FailureAlert } from '../../components/FailureAlert';
import { ReportStates } from '../../components/ReportStates';
import { useTRPC } from '../../lib/trpc';
import { formatInstant } from '../../lib/dates';
import { CHANNEL_LABELS, EVENT_LABELS, STATUS_COLORS, STATUS_LABELS } from './labels';

/** One message: to whom, its text as rendered, what happened to it, and Retry or Cancel where they apply. */
export function MessageDetail({ depId, id, onClose }: { depId: number; id: number; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const message = useQuery(trpc.messages.byId.queryOptions({ depId, id }));
  const done = {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.messages.byId.queryKey({ depId, id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.messages.outbox.pathKey() }),
      ]),
  };
  const retry = useMutation(trpc.messages.retry.mutationOptions(done));
  const cancel = useMutation(trpc.messages.cancel.mutationOptions(done));
  return (
    <Modal opened onClose={onClose} title="Message" size="lg" closeButtonProps={{ 'aria-label': 'Dismiss' }}>
      <ReportStates query={message} refreshInPlace loadingLabel="Reading the message...">
        {(m) => (
          <Stack gap="sm" data-testid="message-detail">
            <Group gap="xs">
              <Badge color={STATUS_COLORS[m.status]} variant="light">
                {STATUS_LABELS[m.status]}
              </Badge>
              <Text size="sm">
                {EVENT_LABELS[m.event]} by {CHANNEL_LABELS[m.channel]} to {m.recipientName || m.recipient} (
                {m.recipient})
              </Text>
            </Group>
            {m.error && (
              <Text size="sm" c={m.status === 'failed' ? 'red' : 'orange'}>
                {m.error}
              </Text>
            )}
            {m.subject && (
              <Text size="sm" fw={600}>
                {m.subject}
              </Text>
            )}
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {m.body}
            </Code>
            <Text size="xs" c="dimmed">
              Queued {formatInstant(m.createdAt)} · {m.attempts} attempt{m.attempts === 1 ? '' : 's'}
              {m.sentAt ? ` · sent ${formatInstant(m.sentAt)}` : ''}
              {m.providerId ? ` · provider id ${m.providerId}` : ''}
            </Text>
            <Table data-testid="message-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>What happened</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.history.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={3}>
                      <Text size="sm" c="dimmed">
                        Waiting for its first attempt.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  m.history.map((h, k) => (
                    <Table.Tr key={`${h.at}-${k}`}>
                      <Table.Td>{formatInstant(h.at)}</Table.Td>
                      <Table.Td>{STATUS_LABELS[h.status]}</Table.Td>
                      <Table.Td>{h.detail}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
            <FailureAlert error={retry.error ?? cancel.error} />
            <Group justify="flex-end">
              {(m.status === 'failed' || m.status === 'cancelled') && (
                <Button loading={retry.isPending} onClick={() => retry.mutate({ depId, id })}>
                  Retry
                </Button>
              )}
              {m.status === 'queued' && (
                <Button
                  color="red"
                  variant="light"
                  loading={cancel.isPending}
                  onClick={() => cancel.mutate({ depId, id })}
                >
                  Cancel message
                </Button>
              )}
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </ReportStates>
    </Modal>
  );
}
