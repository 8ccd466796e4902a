import { Alert, Badge, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconBan, IconReceipt } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { infoDialog } from '../../lib/dialogs';
import { paiseToRupeesText } from '../../lib/money';
import { isInstrumentMode, isSentForApproval, receiptLabel, SENT_FOR_APPROVAL_MESSAGE } from '@fees/validation';
import { issuedTaxesOf, sumByHead } from '@fees/money';
import { useTRPC } from '../../lib/trpc';
import { formatLocalDate } from './format';
import { receiptSearchPath, receiptSuccessPath } from './links';
import { ReceiptForm } from './ReceiptForm';
import { ReceiptHistory, useVoidReason } from '../../components/ReceiptHistory';
import { useGoBack } from './useGoBack';
import { voidedMessage, voidRequestedMessage } from './VoidReceiptButton';
import { VoidReceiptDialog } from './VoidReceiptDialog';
import { FailureAlert } from '../../components/FailureAlert';
import { idOf } from '../../lib/ids';

/** /inv/edit/{receiptNo}: the stored receipt in the form; Submit updates, Void voids. */
export default function EditReceiptPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const number = idOf(useParams().receiptNo) ?? 0;
  const goBack = useGoBack(receiptSearchPath(department));
  const stored = useQuery({
    ...trpc.receipts.byNumber.queryOptions({ number }, { enabled: number > 0 }),
    staleTime: 0,
  });
  const receipt = stored.data?.receipt;
  const live = receipt?.status === 'live' && receipt.departmentId === department.id;
  const context = useQuery({
    ...trpc.receipts.entryContext.queryOptions(
      { depId: department.id, studentId: receipt?.studentId ?? 0 },
      { enabled: live },
    ),
    staleTime: 0,
  });
  const [voiding, setVoiding] = useState(false);
  const alreadyOnReceipt = useMemo(() => sumByHead(stored.data?.lines ?? []), [stored.data]);
  const issuedTaxes = useMemo(() => issuedTaxesOf(stored.data?.lines ?? []), [stored.data]);
  const voidReason = useVoidReason(number, receipt?.status === 'voided');

  const done = async (title: string, message: string) => {
    await queryClient.invalidateQueries();
    infoDialog(title, message, goBack);
  };
  const update = useMutation(
    trpc.receipts.update.mutationOptions({
      onSuccess: () => done('Information!', `Receipt ${receiptLabel(number)} has been updated.`),
    }),
  );
  const remove = useMutation(
    trpc.receipts.void.mutationOptions({
      onSuccess: (result) =>
        isSentForApproval(result)
          ? done(SENT_FOR_APPROVAL_MESSAGE, voidRequestedMessage(number, result))
          : done('Voided', voidedMessage(number)),
    }),
  );

  if (!(number > 0)) return <Alert color="yellow">This address does not name a receipt.</Alert>;
  if (stored.isPending || (live && context.isPending)) return <PageLoader />;
  const failure = stored.error ?? context.error;
  if (failure || !receipt) {
    return (
      <>
        <PageHeader title={`Edit receipt ${receiptLabel(number)}`} />
        <FailureAlert error={failure} title="Receipt not available" />
      </>
    );
  }
  if (!live) {
    const voided = receipt.status === 'voided';
    return (
      <>
        <PageHeader
          title={
            <Group gap="sm">
              Receipt {receiptLabel(number)}
              {voided && (
                <Badge color="red" size="lg">
                  VOIDED
                </Badge>
              )}
            </Group>
          }
          subtitle={`${receipt.studentName} · ${receipt.admissionNo}`}
        />
        <Alert
          color={voided ? 'red' : 'yellow'}
          icon={<IconAlertCircle />}
          title={voided ? 'This receipt is voided' : 'Another department'}
        >
          {voided
            ? `It was voided on ${formatLocalDate(receipt.voidedAt)}` +
              (receipt.voidedByEmail ? ` by ${receipt.voidedByName ?? receipt.voidedByEmail}` : '') +
              ' and cannot be edited. It keeps its number and counts in no total.' +
              (voidReason ? ` Reason: ${voidReason}` : '')
            : `This receipt belongs to ${receipt.departmentName}; edit it there.`}
        </Alert>
        <Group mt="md">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={goBack}>
            Back
          </Button>
          <Button
            variant="light"
            leftSection={<IconReceipt size={16} />}
            component={Link}
            to={receiptSuccessPath(department, number, receiptSearchPath(department))}
          >
            View receipt
          </Button>
        </Group>
      </>
    );
  }
  if (!context.data) return <PageLoader />;
  const { student, heads, totals, taxes, advancePaise } = context.data;
  const lines = stored.data?.lines ?? [];
  const [first, ...extras] = stored.data?.payments ?? [];
  // A cheque or draft's details are kept with its cheque row, whichever part it is.
  const details = (part: { paymentMode: string; paymentReference: string | null } | undefined) => ({
    paymentReference: part?.paymentReference ?? '',
    bank: isInstrumentMode(part?.paymentMode) ? (receipt.bank ?? '') : '',
    instrumentNo: isInstrumentMode(part?.paymentMode) ? (receipt.instrumentNo ?? '') : '',
    instrumentDate: isInstrumentMode(part?.paymentMode) ? (receipt.instrumentDate ?? '') : '',
  });

  return (
    <>
      <PageHeader
        title={`Edit receipt ${receiptLabel(number)}`}
        subtitle={`${department.name} · ${receipt.studentName} (${receipt.admissionNo})`}
      />
      <ReceiptForm
        header={{
          courseName: receipt.courseName,
          admissionNo: receipt.admissionNo,
          studentName: receipt.studentName,
          address: receipt.address,
          batchName: receipt.batchName,
        }}
        heads={heads}
        totals={totals}
        alreadyOnReceipt={alreadyOnReceipt}
        taxes={taxes}
        issuedTaxes={issuedTaxes}
        advancePaise={advancePaise + (receipt.paymentMode === 'advance' ? receipt.totalPaise : 0)}
        initialValues={{
          date: receipt.date,
          phone: receipt.phone ?? '',
          email: receipt.email ?? '',
          items: lines.map((line) => ({
            key: `line-${line.lineNo}`,
            feeHeadId: line.feeHeadId,
            particulars: line.particulars,
            amount: paiseToRupeesText(line.amountPaise),
          })),
          paymentMode: first?.paymentMode ?? receipt.paymentMode,
          ...details(first),
          extraPayments: extras.map((part) => ({
            key: `part-${part.partNo}`,
            paymentMode: part.paymentMode,
            amount: paiseToRupeesText(part.amountPaise),
            ...details(part),
          })),
          confirm: false,
        }}
        pending={update.isPending}
        error={update.error ?? remove.error}
        onSubmit={(submission) =>
          update.mutate({
            ...submission,
            depId: department.id,
            studentId: student.id,
            number,
            version: receipt.version,
          })
        }
        dateLimits={{
          // An old receipt keeps its date; a new one must lie within the limit (yyyy-MM-dd sorts as text).
          earliest: [receipt.date, context.data.earliestDate].sort()[0] ?? context.data.earliestDate,
          latest: context.data.today,
        }}
        onCancel={goBack}
        actions={
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} />}
            loading={remove.isPending}
            onClick={() => setVoiding(true)}
          >
            Void
          </Button>
        }
      />
      <VoidReceiptDialog
        number={number}
        opened={voiding}
        onClose={() => setVoiding(false)}
        onVoid={(reason) => remove.mutate({ number, version: receipt.version, reason })}
      />
      <ReceiptHistory number={number} />
    </>
  );
}
