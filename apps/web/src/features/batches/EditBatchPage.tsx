import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { idOf } from '../../lib/ids';
import { useTRPC } from '../../lib/trpc';
import { BatchForm } from './BatchForm';
import { FailureAlert } from '../../components/FailureAlert';

/** /admin/bedit?batchId=&depId=&depName= */
export default function EditBatchPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const batchId = idOf(params.get('batchId'));
  const batch = useQuery(trpc.batches.byId.queryOptions({ id: batchId ?? 0 }, { enabled: batchId !== null }));
  const depName = params.get('depName');
  return (
    <>
      <PageHeader
        title="Edit batch"
        subtitle={batch.data ? `${batch.data.courseName} · ${batch.data.departmentName}` : (depName ?? undefined)}
      />
      {batchId === null ? (
        <Alert color="red">No batch was chosen.</Alert>
      ) : batch.error ? (
        <FailureAlert error={batch.error} />
      ) : !batch.data ? (
        <PageLoader />
      ) : (
        <BatchForm
          batchId={batch.data.id}
          version={batch.data.version}
          initialValues={{
            depId: batch.data.departmentId,
            courseId: batch.data.courseId,
            name: batch.data.name,
            startDate: batch.data.startDate,
            endDate: batch.data.endDate,
            confirm: false,
          }}
        />
      )}
    </>
  );
}
