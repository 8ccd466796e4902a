import { Badge, Button, Group, Paper, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { ApprovalList } from './ApprovalCard';

/** How many pending requests the dashboard shows before sending to the Approvals page. */
const SHOWN = 3;

/**
 * The dashboard's pending requests of a department (the maker's and the approvers'): nothing when none
 * wait, else the first few with their buttons and a link to the rest.
 */
export function PendingApprovals({
  depId,
  approvalsPath,
  title = 'Waiting for approval',
}: {
  depId: number;
  approvalsPath: string;
  title?: string;
}) {
  const trpc = useTRPC();
  const pending = useQuery(trpc.approvals.list.queryOptions({ depId, status: 'pending' }));
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper component="section" withBorder radius="md" p="lg" mb="xl" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconHourglass size={20} />
          <Title order={2} size="h4">
            {title}
          </Title>
          <Badge color="yellow" variant="light">
            {rows.length}
          </Badge>
        </Group>
        <Button component={Link} to={approvalsPath} variant="subtle" size="compact-sm">
          All approvals
        </Button>
      </Group>
      <ApprovalList requests={rows.slice(0, SHOWN)} />
    </Paper>
  );
}
