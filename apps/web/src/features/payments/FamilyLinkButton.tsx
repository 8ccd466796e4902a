import { Alert, Anchor, Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../components/FailureAlert';
import { useTRPC } from '../../lib/trpc';

/**
 * The student's family page link, to copy into a message or read out: opening the dialog asks the
 * server for it; "Revoke" kills every copy sent before (a link that reached the wrong person) and
 * shows the new one.
 */
export function FamilyLinkButton({ depId, studentId, name }: { depId: number; studentId: number; name: string }) {
  const trpc = useTRPC();
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const link = useMutation(trpc.family.link.mutationOptions());
  const revoke = useMutation(
    trpc.family.revoke.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        link.mutate({ depId, studentId });
      },
    }),
  );
  const open = () => {
    setOpened(true);
    revoke.reset();
    link.mutate({ depId, studentId });
  };
  return (
    <>
      <Button variant="default" className="no-print" leftSection={<IconHome size={16} />} onClick={open}>
        Family page
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Family page of ${name}`}
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
      >
        <Stack>
          <Text size="sm">
            The family opens this page without signing in: the dues, the receipts and a Pay button, for this student
            only. Receipts, notices and reminders sent by e-mail carry it.
          </Text>
          <FailureAlert error={link.error ?? revoke.error} title="No family link" />
          {link.isPending && <Text size="sm">Asking for the link...</Text>}
          {link.data && (
            <Alert color={revoke.isSuccess ? 'green' : 'blue'} title={revoke.isSuccess ? 'A new link' : 'The link'}>
              <Anchor href={link.data.url} target="_blank" rel="noreferrer" data-testid="family-link" size="sm">
                {link.data.url}
              </Anchor>
            </Alert>
          )}
          <Group justify="space-between">
            {confirming ? (
              <Group gap="xs">
                <Text size="sm">Links sent before stop working.</Text>
                <Button
                  color="red"
                  size="xs"
                  loading={revoke.isPending}
                  onClick={() => revoke.mutate({ depId, studentId })}
                >
                  Revoke
                </Button>
                <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </Group>
            ) : (
              <Button variant="subtle" color="red" disabled={!link.data} onClick={() => setConfirming(true)}>
                Revoke and issue a new link
              </Button>
            )}
            {link.data && (
              <CopyButton value={link.data.url}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}
              </CopyButton>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
