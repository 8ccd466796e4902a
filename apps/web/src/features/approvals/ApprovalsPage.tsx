import { Tabs } from '@mantine/core';
import { IconChecklist, IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { useDepartment } from '../../lib/department-context';
import { useTRPC } from '../../lib/trpc';
import { ApprovalList } from './ApprovalCard';

type Shown = 'pending' | 'decided';

/** A department's requests waiting for a second person, and those decided: approve, or reject with a reason. */
export default function ApprovalsPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const [shown, setShown] = useState<Shown>('pending');
  const requests = useQuery(trpc.approvals.list.queryOptions({ depId: department.id, status: shown }));
  return (
    <>
      <PageHeader title="Approvals" subtitle={department.name} />
      <Tabs value={shown} onChange={(v) => setShown((v as Shown | null) ?? 'pending')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="pending" leftSection={<IconHourglass size={16} />}>
            Pending
          </Tabs.Tab>
          <Tabs.Tab value="decided" leftSection={<IconChecklist size={16} />}>
            Decided
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ReportStates
        query={requests}
        loadingLabel="Loading requests..."
        errorTitle="The requests could not be loaded"
        refreshInPlace
        empty={(rows) =>
          rows.length === 0 && {
            icon: <IconChecklist size={32} />,
            title: shown === 'pending' ? 'Nothing waits for approval' : 'No request has been decided yet',
          }
        }
      >
        {(rows) => <ApprovalList requests={rows} />}
      </ReportStates>
    </>
  );
}
