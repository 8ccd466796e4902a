import { Alert } from '@mantine/core';
import { paiseToRupeesText } from '@fees/validation';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { idOf } from '../../lib/ids';
import { useTRPC } from '../../lib/trpc';
import { DiscountForm } from './DiscountForm';
import { FailureAlert } from '../../components/FailureAlert';

/** /admin/editdisc/:id and /{department}/discounts/:id */
export default function EditDiscountPage() {
  const trpc = useTRPC();
  const id = idOf(useParams().id);
  const discount = useQuery(trpc.discounts.byId.queryOptions({ id: id ?? 0 }, { enabled: id !== null }));
  const d = discount.data;
  return (
    <>
      <PageHeader
        title="Edit discount / adjustment"
        subtitle={d ? `${d.admissionNo} · ${d.studentName} · ${d.feeHeadName}` : undefined}
      />
      {id === null ? (
        <Alert color="red">No discount was chosen.</Alert>
      ) : discount.error ? (
        <FailureAlert error={discount.error} />
      ) : !d ? (
        <PageLoader />
      ) : (
        <DiscountForm
          discountId={d.id}
          version={d.version}
          initialValues={{
            depId: d.departmentId,
            courseId: d.courseId,
            batchId: d.batchId,
            studentId: d.studentId,
            feeHeadId: d.feeHeadId,
            discount: paiseToRupeesText(d.discountPaise),
            adjustment: paiseToRupeesText(d.adjustmentPaise),
            note: d.note ?? '',
            confirm: false,
          }}
        />
      )}
    </>
  );
}
