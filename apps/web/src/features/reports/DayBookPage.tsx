import { can } from '../../lib/can';
import { Alert, Button, Group, Modal, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  isSentForApproval,
  SENT_FOR_APPROVAL_MESSAGE,
  sentForApprovalText,
  PAYMENT_MODE_LABELS,
  receiptLabel,
  refundLabel,
  type TReceiptPaymentMode,
  ZReopenDayInput,
} from '@fees/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { DEPARTMENTS, type Department } from '../../lib/departments';
import { formatDate, todayIso } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { confirmDialog, infoDialog } from '../../lib/dialogs';
import { useTRPC } from '../../lib/trpc';
import { type Column, reportFileName, tableOf } from './export';
import { ChequeFigures, ExportActions, Figure, ReportTable } from './ReportParts';
import type { DayBook } from './types';
import { idOf } from '../../lib/ids';
import { DateField } from '../../components/DateField';
import '../../components/paper.css';
import { ReceiptLink } from '../../components/ReceiptLink';

type UserRow = DayBook['byUser'][number];
type VoidedRow = DayBook['voided'][number];

type RefundRow = DayBook['refunds'][number];

/** The screen's modes; 'advance' settles dues from a student's advance (no money changes hands). */
const MODES = [
  ['cash', 'Cash'],
  ['upi', 'UPI'],
  ['cheque', 'Cheque'],
  ['bank', 'Bank transfer'],
  ['card', 'Card'],
  ['online', 'Online'],
  ['advance', 'From advance'],
] as const;

type Mode = (typeof MODES)[number];

/** The clerks' table over the given modes: a column each, wide enough for a lakh in the bold total row. */
function userColumns(modes: readonly Mode[]): Array<Column<UserRow>> {
  return [
    { header: 'Received by', value: (u) => u.name || u.email || '(deleted account)' },
    { header: 'Receipts', value: (u) => u.receipts, width: 70 },
    ...modes.map(
      ([mode, label]): Column<UserRow> => ({
        header: label,
        value: (u) => ({ paise: u.byModePaise[mode] }),
        width: 104,
      }),
    ),
    { header: 'Total', value: (u) => ({ paise: u.totalPaise }), width: 112 },
  ];
}

/** The screen shows cash and the modes that took money that day; the exports keep every mode, a column each. */
function modesOfDay(book: DayBook): Mode[] {
  return MODES.filter(([mode]) => mode === 'cash' || book.byUser.some((u) => u.byModePaise[mode] !== 0));
}

const VOIDED_COLUMNS: Array<Column<VoidedRow>> = [
  {
    header: 'Receipt',
    value: (v) => receiptLabel(v.number),
    render: (v) => <ReceiptLink number={v.number} department={v.departmentId} />,
  },
  { header: 'Voided by', value: (v) => v.voidedByEmail ?? '(deleted account)' },
  { header: 'Amount', value: (v) => ({ paise: v.netPaise }) },
];

const REFUND_COLUMNS: Array<Column<RefundRow>> = [
  { header: 'Voucher', value: (f) => refundLabel(f.number) },
  { header: 'Adm. no', value: (f) => f.admissionNo },
  { header: 'Student', value: (f) => f.studentName },
  { header: 'Mode', value: (f) => PAYMENT_MODE_LABELS[f.paymentMode as TReceiptPaymentMode] ?? f.paymentMode },
  { header: 'Paid out by', value: (f) => f.createdByName || f.createdByEmail || '(deleted account)' },
  { header: 'Amount', value: (f) => ({ paise: f.amountPaise }) },
];

/** HH:mm of a stored UTC time, in the browser's (the office's) time zone. */
function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false });
}

/**
 * An accountant or admin reopens a closed day with a reason (audited): staff may then write that date again.
 * When reopening needs a second person, an accountant's waits for approval and the day stays closed.
 */
function ReopenDay({ date, depId, onClose }: { date: string; depId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reopen = useMutation(
    trpc.days.reopen.mutationOptions({
      onSuccess: async (reopened) => {
        await queryClient.invalidateQueries({ queryKey: trpc.reports.dayBook.pathKey() });
        onClose();
        if (isSentForApproval(reopened))
          infoDialog(
            SENT_FOR_APPROVAL_MESSAGE,
            sentForApprovalText(`Reopening ${formatDate(date)}`, reopened.requestId),
          );
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZReopenDayInput.shape.reason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    reopen.mutate({ depId, date, reason: parsed.data });
  };
  return (
    <Modal opened onClose={onClose} title={`Reopen ${formatDate(date)}`} closeButtonProps={{ 'aria-label': 'Dismiss' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Staff can then create, edit and void receipts and refunds of this date again. The reason is kept in the
            audit log.
          </Text>
          <TextInput
            label="Reason"
            required
            data-autofocus
            maxLength={200}
            value={reason}
            error={error}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FailureAlert error={reopen.error} title="Not reopened" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={reopen.isPending}>
              Reopen day
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Whether the day is closed and by whom; for one department, a Close day button (the server lets an
 * admin, and staff when the admin's setting allows it). Once closed, only an admin can change a receipt
 * of that date, with a reason, or reopen the day.
 */
function DayClosing({ book, depId }: { book: DayBook; depId: number | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reopening, setReopening] = useState(false);
  const close = useMutation(
    trpc.days.close.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.reports.dayBook.pathKey() }),
    }),
  );
  if (book.closed) {
    const closing = book.closings[0];
    return (
      <Alert color="gray" title="Day closed" data-testid="day-closed">
        {depId === undefined || !closing
          ? `Closed by ${book.closedBy}.`
          : `Closed by ${closing.closedByEmail ?? '(deleted account)'} ` +
            `on ${formatDate(closing.closedAt.slice(0, 10))} at ${timeOf(closing.closedAt)}.`}{' '}
        Receipts of this date can be changed only by an administrator, with a reason.
        {depId !== undefined && can('write') && (
          <Group mt="sm" className="no-print">
            <Button size="xs" variant="light" onClick={() => setReopening(true)}>
              Reopen day
            </Button>
          </Group>
        )}
        {reopening && depId !== undefined && (
          <ReopenDay date={book.date} depId={depId} onClose={() => setReopening(false)} />
        )}
      </Alert>
    );
  }
  if (depId === undefined || !can('write')) return null;
  return (
    <Group className="no-print" gap="sm">
      <Button
        variant="light"
        loading={close.isPending}
        onClick={() =>
          confirmDialog(
            `Close ${formatDate(book.date)}? Receipts of this date can then be changed only by an administrator.`,
            () => close.mutate({ depId, date: book.date }),
            'Close day',
          )
        }
      >
        Close day
      </Button>
      <FailureAlert error={close.error} />
    </Group>
  );
}

/** The department's letterhead over the printed day book (on screen the page header says the same). */
function PrintedLetterhead({
  letterhead,
  depId,
  departmentName,
}: {
  letterhead: NonNullable<DayBook['letterhead']>;
  depId: number;
  departmentName: string;
}) {
  const trpc = useTRPC();
  const logo = useQuery(
    trpc.letterheads.logo.queryOptions({ depId }, { enabled: letterhead.hasLogo, staleTime: 5 * 60_000 }),
  );
  const contact = [letterhead.address, letterhead.phone && `Phone: ${letterhead.phone}`].filter(Boolean).join(' · ');
  return (
    <header className="print-only paper-head" data-testid="day-book-letterhead">
      {logo.data?.logo && <img src={logo.data.logo} alt="" style={{ maxHeight: '16mm' }} />}
      <div className="paper-institution">{letterhead.institutionName}</div>
      {contact && <div>{contact}</div>}
      <div>{departmentName}</div>
      <div className="paper-title" style={{ justifyContent: 'center', marginTop: '2mm' }}>
        <strong>Day book</strong>
      </div>
    </header>
  );
}

function footerOf(book: DayBook, modes: readonly Mode[]) {
  const sum = (f: (u: UserRow) => number) => book.byUser.reduce((s, u) => s + f(u), 0);
  return [
    [
      'Total',
      sum((u) => u.receipts),
      ...modes.map(([mode]) => ({ paise: sum((u) => u.byModePaise[mode]) })),
      { paise: sum((u) => u.totalPaise) },
    ],
  ];
}

/**
 * The cashier's day book: a day's live receipts by the staff account that took them, by payment mode,
 * the receipts of that date that were voided, and the cash to hand over; printed with signature lines.
 */
function DayBookView({ department, adminArea }: { department: Department | null; adminArea: boolean }) {
  const trpc = useTRPC();
  // The daily summary's e-mail links here with ?date= (yesterday's book).
  const [params] = useSearchParams();
  const [date, setDate] = useState(() => {
    const asked = params.get('date') ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : todayIso();
  });
  const [depId, setDepId] = useState<number | undefined>(department?.id);
  const book = useQuery(
    trpc.reports.dayBook.queryOptions({ depId, date }, { enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) }),
  );
  const chosen = DEPARTMENTS.find((d) => d.id === depId);
  return (
    <>
      {/* On paper the department's letterhead, when there is one, heads the page instead. */}
      <div className={book.data?.letterhead ? 'no-print' : undefined}>
        <PageHeader title="Day book" subtitle={chosen?.name ?? 'All departments'} />
      </div>
      <Group className="no-print" align="flex-end" mb="md" wrap="wrap">
        <DateField label="Date" value={date} onChange={setDate} maxDate={todayIso()} />
        {adminArea && (
          <NativeSelect
            label="Department"
            value={depId === undefined ? '' : String(depId)}
            onChange={(e) => setDepId(idOf(e.currentTarget.value) ?? undefined)}
            data={[
              { value: '', label: 'All departments' },
              ...DEPARTMENTS.map((d) => ({ value: String(d.id), label: d.name })),
            ]}
          />
        )}
      </Group>
      <ReportStates query={book} loadingLabel="Adding up the day...">
        {(data) => (
          <Stack gap="lg" data-testid="day-book">
            {data.letterhead && chosen && (
              <PrintedLetterhead letterhead={data.letterhead} depId={chosen.id} departmentName={chosen.name} />
            )}
            <DayClosing book={data} depId={depId} />
            <Paper withBorder radius="md" p="md">
              {/* On a phone the export buttons wrap to the last line: the cheques' figures keep their distance. */}
              <Stack gap="md">
                <Group justify="space-between" wrap="wrap" gap="lg">
                  <Figure label="Date" value={formatDate(data.date)} />
                  <Figure
                    label="Receipts"
                    value={data.byUser.reduce((s, u) => s + u.receipts, 0).toLocaleString('en-IN')}
                  />
                  <Figure
                    label="Total received"
                    value={formatRupees(data.byUser.reduce((s, u) => s + u.totalPaise, 0))}
                    testId="day-book-total"
                  />
                  {data.cashRefundedPaise > 0 && (
                    <Figure
                      label="Cash refunded"
                      value={formatRupees(data.cashRefundedPaise)}
                      testId="day-book-cash-refunded"
                    />
                  )}
                  <Figure
                    label="Cash to hand over"
                    value={formatRupees(data.cashToHandOverPaise)}
                    testId="day-book-cash"
                  />
                  <Group className="no-print" gap="xs">
                    <ExportActions
                      size="sm"
                      fileName={reportFileName('Day_book_', chosen?.code ?? 'All', '_', data.date)}
                      sheetName="Day book"
                      table={() => tableOf(userColumns(MODES), data.byUser, footerOf(data, MODES))}
                    />
                  </Group>
                </Group>
                <ChequeFigures cheques={data.cheques} testId="day-book-cheques" />
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <Title order={4} mb="md">
                Receipts by staff member
              </Title>
              {data.byUser.length === 0 ? (
                <Text c="dimmed">No receipts are dated {formatDate(data.date)}.</Text>
              ) : (
                <ReportTable
                  testId="day-book-users"
                  columns={userColumns(modesOfDay(data))}
                  rows={data.byUser}
                  rowKey={(u) => u.userId ?? 0}
                  footer={footerOf(data, modesOfDay(data))}
                />
              )}
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <Title order={4} mb="md">
                Voided receipts of this date
              </Title>
              {data.voided.length === 0 ? (
                <Text c="dimmed">None.</Text>
              ) : (
                <ReportTable
                  testId="day-book-voided"
                  columns={VOIDED_COLUMNS}
                  rows={data.voided}
                  rowKey={(v) => v.number}
                />
              )}
              <Title order={4} mt="lg" mb="xs">
                Refunds
              </Title>
              {data.refunds.length === 0 ? (
                <Text c="dimmed">None.</Text>
              ) : (
                <ReportTable
                  testId="day-book-refunds"
                  columns={REFUND_COLUMNS}
                  rows={data.refunds}
                  rowKey={(f) => f.number}
                  footer={[
                    [
                      'Total',
                      null,
                      null,
                      null,
                      null,
                      { paise: data.refunds.reduce((sum, f) => sum + f.amountPaise, 0) },
                    ],
                  ]}
                />
              )}
            </Paper>
            <Group justify="space-between" mt="xl" pt="xl">
              <Text style={{ borderTop: '1px solid', minWidth: 220, textAlign: 'center' }}>Cashier</Text>
              <Text style={{ borderTop: '1px solid', minWidth: 220, textAlign: 'center' }}>Accountant</Text>
            </Group>
          </Stack>
        )}
      </ReportStates>
    </>
  );
}

function DepartmentDayBook() {
  return <DayBookView department={useDepartment()} adminArea={false} />;
}

/** /{prefix}/daybook/ for one department; /admin/daybook for any or all of them. */
export default function DayBookPage() {
  return useIsAdminArea() ? <DayBookView department={null} adminArea /> : <DepartmentDayBook />;
}
