import { EARLIEST_DATE, isSentForApproval, SENT_FOR_APPROVAL_MESSAGE, sentForApprovalText } from '@fees/validation';
import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { infoDialog } from '../../lib/dialogs';
import { retryUnanswered, useIdempotencyKey } from '../../lib/idempotency';
import { useTRPC } from '../../lib/trpc';
import { receiptSearchPath, receiptSuccessPath } from './links';
import { proposedLines } from './receipt-form';
import { ReceiptForm } from './ReceiptForm';
import { useGoBack } from './useGoBack';
import { FailureAlert } from '../../components/FailureAlert';

/** /receipt/{admNo}?sub_id=&course=&batch=: a new receipt for one student. */
export default function ReceiptEntryPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const admissionNo = useParams().admNo ?? '';
  const goBack = useGoBack(receiptSearchPath(department));
  const context = useQuery({
    ...trpc.receipts.entryContext.queryOptions({ depId: department.id, admissionNo }),
    staleTime: 0,
  });
  const { idempotencyKey, renew } = useIdempotencyKey();
  const onCreated = async (created: { number: number }) => {
    renew();
    // Balances, dashboards and reports all change with a receipt.
    await queryClient.invalidateQueries();
    void navigate(receiptSuccessPath(department, created.number, `${location.pathname}${location.search}`));
  };
  const create = useMutation(trpc.receipts.create.mutationOptions({ ...retryUnanswered, onSuccess: onCreated }));
  // Dated before the back-dating limit while such receipts are held: a request, numbered when approved.
  const createBackdated = useMutation(
    trpc.receipts.createBackdated.mutationOptions({
      ...retryUnanswered,
      onSuccess: async (made) => {
        if (!isSentForApproval(made)) return onCreated(made);
        renew();
        await queryClient.invalidateQueries();
        infoDialog(SENT_FOR_APPROVAL_MESSAGE, sentForApprovalText('This back-dated receipt', made.requestId), goBack);
      },
    }),
  );

  if (context.isPending) return <PageLoader />;
  if (context.isError) {
    return (
      <>
        <PageHeader title="New receipt" subtitle={department.name} />
        <FailureAlert error={context.error} title="Student not available" />
        <Button mt="md" variant="default" component={Link} to={receiptSearchPath(department)}>
          Back to the search
        </Button>
      </>
    );
  }
  const { student, heads, totals, taxes, today, earliestDate, earlierWaits, dues, upi, advancePaise } = context.data;

  return (
    <>
      <PageHeader title="New receipt" subtitle={`${department.name} · ${student.name} (${student.admissionNo})`} />
      {heads.every((h) => h.open) && (
        <Alert color="yellow" icon={<IconAlertCircle />} mb="md" title="No fee heads">
          The batch {student.batchName} has no fee structure yet: an administrator sets it under Create Fees.
        </Alert>
      )}
      <ReceiptForm
        key={student.id}
        header={{
          courseName: student.courseName,
          admissionNo: student.admissionNo,
          studentName: student.name,
          address: student.address,
          batchName: student.batchName,
        }}
        heads={heads}
        totals={totals}
        taxes={taxes}
        dues={dues}
        upi={upi}
        advancePaise={advancePaise}
        dateLimits={
          earlierWaits
            ? { earliest: EARLIEST_DATE, latest: today, heldBefore: earliestDate }
            : { earliest: earliestDate, latest: today }
        }
        initialValues={{
          date: today,
          phone: student.phone ?? '',
          email: student.email ?? '',
          items: proposedLines(heads, dues),
          paymentMode: 'cash',
          paymentReference: '',
          bank: '',
          instrumentNo: '',
          instrumentDate: '',
          extraPayments: [],
          confirm: false,
        }}
        pending={create.isPending || createBackdated.isPending}
        error={create.error ?? createBackdated.error}
        onSubmit={(submission) => {
          const receipt = { ...submission, depId: department.id, studentId: student.id, idempotencyKey };
          if (earlierWaits && submission.date < earliestDate) createBackdated.mutate(receipt);
          else create.mutate(receipt);
        }}
        onCancel={goBack}
      />
    </>
  );
}
