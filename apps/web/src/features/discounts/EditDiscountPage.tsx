import { Alert } from '@mantine/core';
import { paiseToRupeesText } from '@fees/validation';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { useTRPC } from '../../lib/trpc';
import { DiscountForm } from './DiscountForm';
import { FailureAlert } from '../../components/FailureAlert';

/** /admin/editdisc/:id */
export default function EditDiscountPage() {
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const discount = useQuery(trpc.discounts.byId.queryOptions({ id }, { enabled: id > 0 }));
  const d = discount.data;
  return (
    <>
      <PageHeader title="Edit discount / adjustment" subtitle={d ? `${d.admissionNo} · ${d.studentName} · ${d.feeHeadName}` : undefined} />
      {!(id > 0) ? (
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
            depId: String(d.departmentId),
            courseId: String(d.courseId),
            batchId: String(d.batchId),
            studentId: String(d.studentId),
            feeHeadId: String(d.feeHeadId),
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
