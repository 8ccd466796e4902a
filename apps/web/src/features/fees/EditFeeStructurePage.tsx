import { Alert } from '@mantine/core';
import { paiseToRupeesText } from '@fees/validation';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { idOf } from '../../lib/ids';
import { useTRPC } from '../../lib/trpc';
import { FeeStructureForm } from './FeeStructureForm';
import { EXEMPT_GST } from './GstFields';
import { FailureAlert } from '../../components/FailureAlert';

/** /admin/fedit?id=&depid=&depname= */
export default function EditFeeStructurePage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const structure = useQuery(trpc.fees.structures.byId.queryOptions({ id: id ?? 0 }, { enabled: id !== null }));
  const s = structure.data;
  return (
    <>
      <PageHeader
        title="Edit fee"
        subtitle={s ? `${s.feeHeadName} · ${s.courseName} ${s.batchName}` : (params.get('depname') ?? undefined)}
      />
      {id === null ? (
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
            depId: s.departmentId,
            batchId: s.batchId,
            startDate: s.startDate,
            endDate: s.endDate,
            feeHeadId: s.feeHeadId,
            amount: paiseToRupeesText(s.amountPaise),
            optional: s.optional === 1,
            confirm: false,
            gst: EXEMPT_GST,
          }}
        />
      )}
    </>
  );
}
