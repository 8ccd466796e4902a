import { Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ReportStates } from '../../components/ReportStates';
import { useTRPC } from '../../lib/trpc';
import { MessageDetail } from './MessageDetail';
import { MessagesTable } from './MessagesTable';

/** On the statement: the messages about this student, newest first. */
export function StudentMessages({ depId, studentId }: { depId: number; studentId: number }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.messages.outbox.queryOptions({ depId, studentId, limit: 50 }));
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Paper withBorder radius="md" p="md" mt="lg" className="no-print" data-testid="student-messages">
      <Title order={4} mb="xs">
        Messages
      </Title>
      <ReportStates query={list} refreshInPlace loadingLabel="Reading the messages...">
        {(data) =>
          data.count === 0 ? (
            <Text size="sm" c="dimmed">
              No message about this student yet.
            </Text>
          ) : (
            <MessagesTable rows={data.rows} onOpen={setOpen} withStudent={false} />
          )
        }
      </ReportStates>
      {open !== null && <MessageDetail depId={depId} id={open} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
