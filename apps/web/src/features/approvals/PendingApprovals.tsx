import { Badge, Button, Group, Paper, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DEPARTMENTS } from '../../lib/departments';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { ApprovalList } from './ApprovalCard';

/** How many pending requests the dashboard shows before sending to the Approvals page. */
const SHOWN = 3;

type Pending = RouterOutputs['approvals']['list'];

/**
 * A department's pending requests on a dashboard (the maker's and the approvers'): nothing when none
 * wait, else the first few with their buttons and a link to the rest.
 */
export function PendingApprovalsPanel({
  count,
  requests,
  approvalsPath,
  title = 'Waiting for approval',
}: {
  count: number;
  requests: Pending;
  approvalsPath: string;
  title?: string;
}) {
  if (count === 0) return null;
  return (
    <Paper component="section" withBorder radius="md" p="lg" mb="xl" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconHourglass size={20} />
          <Title order={2} size="h4">
            {title}
          </Title>
          <Badge color="yellow" variant="light">
            {count}
          </Badge>
        </Group>
        <Button component={Link} to={approvalsPath} variant="subtle" size="compact-sm">
          All approvals
        </Button>
      </Group>
      <ApprovalList requests={requests.slice(0, SHOWN)} />
    </Paper>
  );
}

/** One department's dashboard: its pending requests. */
export function PendingApprovals({ depId, approvalsPath }: { depId: number; approvalsPath: string }) {
  const trpc = useTRPC();
  const pending = useQuery(trpc.approvals.list.queryOptions({ depId, status: 'pending' }));
  const rows = pending.data ?? [];
  return <PendingApprovalsPanel count={rows.length} requests={rows} approvalsPath={approvalsPath} />;
}

/** The admin dashboard: every department's pending requests, read at once. */
export function PendingApprovalsOfAll() {
  const trpc = useTRPC();
  const pending = useQuery(trpc.approvals.pending.queryOptions());
  return (
    <>
      {(pending.data ?? []).map((d) => (
        <PendingApprovalsPanel
          key={d.departmentId}
          count={d.count}
          requests={d.requests}
          approvalsPath={`/admin/approvals/${d.departmentId}`}
          title={`Waiting for approval: ${DEPARTMENTS.find((x) => x.id === d.departmentId)?.name ?? d.departmentId}`}
        />
      ))}
    </>
  );
}
