import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconCalendarDue, IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { useTRPC } from '../../lib/trpc';
import { ReminderPanel } from '../messages/ReminderPanel';
import { PlanEditor } from './PlanEditor';
import { idOf } from '../../lib/ids';

/** /admin/plans?depId=&batchId=: a batch's instalment plan and late fine rule; the choice stays in the address. */
export default function FeePlansPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const depId = params.get('depId') ?? '';
  const batchId = params.get('batchId') ?? '';
  const batches = useQuery(trpc.batches.list.queryOptions({ depId: idOf(depId) ?? 0 }, { enabled: depId !== '' }));
  const batch = batches.data?.find((b) => String(b.id) === batchId);
  const plan = useQuery(
    trpc.plans.byBatch.queryOptions(
      { depId: batch?.departmentId ?? 0, batchId: batch?.id ?? 0 },
      { enabled: batch !== undefined },
    ),
  );

  return (
    <>
      <PageHeader title="Fee plans" subtitle="Instalments with due dates and the late fine, per batch" />
      <Stack>
        <Paper withBorder p="md" radius="md" maw={720}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DepartmentCourseBatchSelect
              batch
              withAsterisk={false}
              value={{ depId: idOf(depId), batchId: idOf(batchId) }}
              onChange={(next) =>
                setParams(
                  next.depId === null
                    ? {}
                    : next.batchId === null
                      ? { depId: String(next.depId) }
                      : { depId: String(next.depId), batchId: String(next.batchId) },
                )
              }
            />
          </SimpleGrid>
        </Paper>
        <FailureAlert error={batches.error} />
        {!batch ? (
          <EmptyState
            reason={{
              icon: <IconCalendarDue />,
              title: 'Choose a batch',
              text: 'Choose a department and a batch to see its plan.',
            }}
          />
        ) : (
          <ReportStates
            query={plan}
            refreshInPlace
            loadingLabel="Loading the plan..."
            errorTitle="The plan could not be loaded"
            empty={(data) =>
              data.heads.length === 0 && {
                icon: <IconListDetails />,
                title: 'No fee structure yet',
                text: `Batch ${batch.name} has no fee structure yet: set its fees under Create Fees first.`,
              }
            }
          >
            {(data) => (
              <>
                <PlanEditor
                  key={`${batch.id}-${data.version}`}
                  plan={data}
                  batch={batch}
                  sameCourse={(batches.data ?? []).filter((b) => b.courseId === batch.courseId)}
                />
                <ReminderPanel
                  key={`reminders-${batch.id}-${data.version}`}
                  depId={batch.departmentId}
                  batchId={batch.id}
                />
              </>
            )}
          </ReportStates>
        )}
      </Stack>
    </>
  );
}
