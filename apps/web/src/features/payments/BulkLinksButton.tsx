import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../components/FailureAlert';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';

/**
 * "Send payment links" for a batch's defaulters as of today: a preview of how many and how much, then
 * one link per student for the dues as of today, sent through the messages (the server passes by a
 * student who has an open link, and stops at the first gateway failure, keeping what it made).
 */
export function BulkLinksButton({
  depId,
  batchId,
  batchName,
  students,
  totalPaise,
}: {
  depId: number;
  batchId: number;
  batchName: string;
  students: number;
  totalPaise: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const send = useMutation(
    trpc.payments.createForDefaulters.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.payments.links.pathKey() }),
    }),
  );
  const close = () => {
    setOpened(false);
    send.reset();
  };
  const result = send.data;
  return (
    <>
      <Button variant="light" leftSection={<IconLink size={16} />} onClick={() => setOpened(true)}>
        Send payment links
      </Button>
      <Modal opened={opened} onClose={close} title="Send payment links" closeButtonProps={{ 'aria-label': 'Dismiss' }}>
        {result ? (
          <Stack>
            <Alert color={result.failed.length > 0 ? 'yellow' : 'green'} title="Payment links">
              <List size="sm">
                <List.Item>{result.created} made and sent to the families</List.Item>
                <List.Item>{result.alreadyOpen} passed by: an open link is already out</List.Item>
                {result.failed.map((f) => (
                  <List.Item key={f.admissionNo}>
                    {f.admissionNo}: {f.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
            <Group justify="flex-end">
              <Button onClick={close}>Close</Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Text fw={600}>Are you sure you want to Submit ?</Text>
            <Text size="sm" data-testid="bulk-links-summary">
              One payment link each, for the dues as of today, goes to the families of{' '}
              <b>{students.toLocaleString('en-IN')}</b> defaulters of {batchName}:{' '}
              {`₹ ${formatRupees(totalPaise)} in all.`} A student who has an open link already is passed by.
            </Text>
            <FailureAlert error={send.error} title="No links were sent" />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button loading={send.isPending} onClick={() => send.mutate({ depId, batchId, send: true })}>
                Send {students.toLocaleString('en-IN')} links
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
