import { Alert } from '@mantine/core';
import { paiseToRupeesText } from '@fees/validation';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { useTRPC } from '../../lib/trpc';
import { FeeStructureForm } from './FeeStructureForm';
import { FailureAlert } from '../../components/FailureAlert';

/** /admin/fedit?id=&depid=&depname= */
export default function EditFeeStructurePage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const structure = useQuery(trpc.fees.structures.byId.queryOptions({ id }, { enabled: id > 0 }));
  const s = structure.data;
  return (
    <>
      <PageHeader title="Edit fee" subtitle={s ? `${s.feeHeadName} · ${s.courseName} ${s.batchName}` : (params.get('depname') ?? undefined)} />
      {!(id > 0) ? (
        <Alert color="red">No fee structure was chosen.</Alert>
      ) : structure.error ? (
        <FailureAlert error={structure.error} />
      ) : !s ? (
        <PageLoader />
      ) : (
        <FeeStructureForm
          structureId={s.id}
          version={s.version}
          initialValues={{
            depId: String(s.departmentId),
            batchId: String(s.batchId),
            startDate: s.startDate,
            endDate: s.endDate,
            feeHeadId: String(s.feeHeadId),
            amount: paiseToRupeesText(s.amountPaise),
            confirm: false,
          }}
        />
      )}
    </>
  );
}
