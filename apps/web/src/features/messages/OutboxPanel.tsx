import { MESSAGE_CHANNEL_NAMES, MESSAGE_STATUS_NAMES } from '@fees/validation';
import { Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateField } from '../../components/DateField';
import { ReportStates } from '../../components/ReportStates';
import { useTRPC } from '../../lib/trpc';
import { CHANNEL_LABELS, type Channel, type MessageStatusName, STATUS_LABELS } from './labels';
import { MessageDetail } from './MessageDetail';
import { MessagesTable } from './MessagesTable';

const PAGE = 50;

/** The department's outbox with its filters (channel, status, dates, student); a message opens with its history. */
export function OutboxPanel({ depId }: { depId: number }) {
  const trpc = useTRPC();
  const [channel, setChannel] = useState<Channel | null>(null);
  const [status, setStatus] = useState<MessageStatusName | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [admNo, setAdmNo] = useState('');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery(
    trpc.messages.outbox.queryOptions(
      {
        depId,
        channel: channel ?? undefined,
        status: status ?? undefined,
        from: from || undefined,
        to: to || undefined,
        admNo: admNo.trim() || undefined,
        limit: PAGE,
        offset,
      },
      { placeholderData: keepPreviousData },
    ),
  );
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setOffset(0);
    };
  return (
    <>
      <Paper withBorder radius="md" p="md" mb="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
          <Select
            label="Channel"
            placeholder="All"
            clearable
            value={channel}
            onChange={filter((v) => setChannel(v as Channel | null))}
            data={MESSAGE_CHANNEL_NAMES.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
          />
          <Select
            label="Status"
            placeholder="All"
            clearable
            value={status}
            onChange={filter((v) => setStatus(v as MessageStatusName | null))}
            data={MESSAGE_STATUS_NAMES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
          <DateField label="From" value={from} onChange={filter(setFrom)} />
          <DateField label="To" value={to} minDate={from || undefined} onChange={filter(setTo)} />
          <TextInput
            label="Admission no."
            placeholder="Any student"
            value={admNo}
            onChange={(e) => filter(setAdmNo)(e.currentTarget.value)}
          />
        </SimpleGrid>
      </Paper>
      <ReportStates
        query={list}
        refreshInPlace
        loadingLabel="Reading the outbox..."
        errorTitle="The outbox could not be loaded"
        empty={(data) =>
          data.count === 0 && { icon: <IconMail />, title: 'No messages', text: 'No message matches these filters.' }
        }
      >
        {(data) => (
          <Paper withBorder radius="md" p="md">
            <MessagesTable rows={data.rows} onOpen={setOpen} />
            <Group justify="space-between" mt="sm">
              <Text size="sm" c="dimmed" data-testid="messages-count">
                {data.count === 0 ? 'None' : `${offset + 1}-${offset + data.rows.length} of ${data.count}`}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" disabled={offset === 0} onClick={() => setOffset(offset - PAGE)}>
                  Newer
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={offset + PAGE >= data.count}
                  onClick={() => setOffset(offset + PAGE)}
                >
                  Older
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
      </ReportStates>
      {open !== null && <MessageDetail depId={depId} id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
