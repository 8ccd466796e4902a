import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { receiptLabel } from '@fees/validation';
import type { RouterOutputs } from '../../lib/trpc';
import { formatInstant } from '../../lib/dates';
import { CHANNEL_LABELS, EVENT_LABELS, STATUS_COLORS, STATUS_LABELS } from './labels';

type Row = RouterOutputs['messages']['outbox']['rows'][number];

/** Outbox rows, newest first; a click opens the message. */
export function MessagesTable({
  rows,
  onOpen,
  withStudent = true,
}: {
  rows: readonly Row[];
  onOpen: (id: number) => void;
  withStudent?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={withStudent ? 820 : 620}>
      <Table striped highlightOnHover data-testid="messages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Queued</Table.Th>
            <Table.Th>Event</Table.Th>
            {withStudent && <Table.Th>Student</Table.Th>}
            <Table.Th>To</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.id} style={{ cursor: 'pointer' }} onClick={() => onOpen(m.id)}>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(m.id)} aria-label={`Open message ${m.id}`} fz="sm">
                  {formatInstant(m.createdAt)}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                {EVENT_LABELS[m.event]}
                {m.receiptNumber ? ` ${receiptLabel(m.receiptNumber)}` : ''}
              </Table.Td>
              {withStudent && <Table.Td>{m.studentName ? `${m.studentName} (${m.admissionNo})` : ''}</Table.Td>}
              <Table.Td>
                <Text size="sm">
                  {CHANNEL_LABELS[m.channel]} · {m.recipient}
                </Text>
                {m.recipientName && (
                  <Text size="xs" c="dimmed">
                    {m.recipientName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[m.status]} variant="light">
                  {STATUS_LABELS[m.status]}
                </Badge>
                {m.error && (
                  <Text size="xs" c="dimmed" lineClamp={2} maw={260}>
                    {m.error}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
