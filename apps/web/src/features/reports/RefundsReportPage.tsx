import { Anchor, Badge, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { PAYMENT_MODE_LABELS, REFUND_MODES, REFUND_STATUSES, refundLabel, type TRefundMode } from '@fees/validation';
import { IconCalendarSearch, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { DEPARTMENTS, type Department } from '../../lib/departments';
import { idOf } from '../../lib/ids';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { refundVoucherPath } from '../refunds/links';
import { DateRangeForm, useDateRangeSearch } from './DateRangeSearch';
import { type Cell, type Column, reportFileName, tableOf } from './export';
import { ExportActions, Figure, ReportTable, TruncatedNotice } from './ReportParts';

type RefundsReport = RouterOutputs['reports']['refunds'];
type RefundRow = RefundsReport['rows'][number];
type Status = (typeof REFUND_STATUSES)[number];

const STATUS_LABELS: Record<Status, string> = { live: 'Paid', voided: 'Voided' };

function columns(allDepartments: boolean): Array<Column<RefundRow>> {
  const byId = (id: number) => DEPARTMENTS.find((d) => d.id === id);
  return [
    {
      header: 'Voucher',
      value: (r) => refundLabel(r.number),
      render: (r) => {
        const department = byId(r.departmentId);
        return department ? (
          <Anchor
            component={Link}
            to={refundVoucherPath(department, r.number)}
            size="sm"
            title="Open the voucher to print it"
          >
            {refundLabel(r.number)}
          </Anchor>
        ) : (
          refundLabel(r.number)
        );
      },
      width: 90,
    },
    { header: 'Date', value: (r) => ({ date: r.date }), width: 110 },
    ...(allDepartments ? [{ header: 'Department', value: (r: RefundRow) => r.departmentName, width: 170 }] : []),
    { header: 'Adm.No', value: (r) => r.admissionNo, width: 120 },
    { header: 'Student', value: (r) => r.studentName },
    { header: 'Mode', value: (r) => PAYMENT_MODE_LABELS[r.paymentMode], width: 120 },
    { header: 'Reference', value: (r) => r.paymentReference ?? '', width: 140 },
    {
      header: 'Reason',
      value: (r) => (r.status === 'voided' ? `${r.reason} (voided: ${r.voidReason ?? ''})` : r.reason),
    },
    { header: 'Amount', value: (r) => ({ paise: r.amountPaise }) },
    {
      header: 'Status',
      value: (r) => STATUS_LABELS[r.status],
      render: (r) => <Badge color={r.status === 'live' ? 'green' : 'red'}>{STATUS_LABELS[r.status]}</Badge>,
      width: 90,
    },
    { header: 'Paid by', value: (r) => r.createdByEmail ?? '', width: 190 },
  ];
}

function monthToDate(): { from: string; to: string } {
  const today = todayIso();
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * Refund vouchers of a period: a department's for its staff; in the admin shell every department's
 * or one's. Filters by status, payment mode and student; paid out and voided apart, the paid ones by
 * mode and by department; printable and as CSV/XLSX.
 */
function RefundsReportView({ department }: { department: Department | null }) {
  const trpc = useTRPC();
  const search = useDateRangeSearch(monthToDate);
  const { range } = search;
  const [depId, setDepId] = useState<number | undefined>(department?.id);
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [paymentMode, setPaymentMode] = useState<TRefundMode | undefined>(undefined);
  const [text, setText] = useState('');
  const report = useQuery(
    trpc.reports.refunds.queryOptions(
      { depId, from: range?.from ?? '', to: range?.to ?? '', status, paymentMode, text: text.trim() || undefined },
      { enabled: range !== null },
    ),
  );
  const chosen = DEPARTMENTS.find((d) => d.id === depId);
  const allDepartments = depId === undefined;
  const cols = columns(allDepartments);
  const period = range ? `${formatDate(range.from)} to ${formatDate(range.to)}` : '';
  const footer = (data: RefundsReport): Cell[][] => [
    cols.map((c, i) =>
      i === 0 ? `Paid out (${data.paidOut.count})` : c.header === 'Amount' ? { paise: data.paidOut.amountPaise } : null,
    ),
  ];
  return (
    <>
      <PageHeader
        title="Refunds"
        subtitle={`${chosen?.name ?? 'All departments'} · vouchers paid out of students' advances`}
      />
      <DateRangeForm
        search={search}
        refetch={() => void report.refetch()}
        loading={report.isFetching}
        submitLabel="Show"
      />
      <Group className="no-print" align="flex-end" mb="md" wrap="wrap">
        {!department && (
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
        <NativeSelect
          label="Status"
          value={status ?? ''}
          onChange={(e) => setStatus((e.currentTarget.value || undefined) as Status | undefined)}
          data={[
            { value: '', label: 'Paid and voided' },
            ...REFUND_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          ]}
        />
        <NativeSelect
          label="Paid out by"
          value={paymentMode ?? ''}
          onChange={(e) => setPaymentMode((e.currentTarget.value || undefined) as TRefundMode | undefined)}
          data={[
            { value: '', label: 'Any mode' },
            ...REFUND_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] })),
          ]}
        />
        <TextInput
          label="Student"
          placeholder="Adm. no or name"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </Group>

      {!range ? (
        <EmptyState
          reason={{
            icon: <IconCalendarSearch />,
            title: 'Choose the dates',
            text: 'Choose a from and a to date (both days are included).',
          }}
        />
      ) : (
        <ReportStates
          query={report}
          refreshInPlace
          loadingLabel="Reading the refunds..."
          empty={(data) =>
            data.rows.length === 0 && {
              icon: <IconReceiptRefund />,
              title: 'No refunds',
              text: `No refund vouchers match, dated ${period}.`,
            }
          }
        >
          {(data) => (
            <Stack gap="lg">
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between" wrap="wrap" gap="lg">
                  <Figure label="Period" value={period} />
                  <Group gap="xl" wrap="wrap">
                    <Figure
                      label={`Paid out (${data.paidOut.count})`}
                      value={formatRupees(data.paidOut.amountPaise)}
                      testId="refunds-paid-out"
                    />
                    <Figure
                      label={`Voided (${data.voided.count})`}
                      value={formatRupees(data.voided.amountPaise)}
                      testId="refunds-voided"
                    />
                    {data.byMode.map((m) => (
                      <Figure
                        key={m.mode}
                        label={`${PAYMENT_MODE_LABELS[m.mode]} (${m.count})`}
                        value={formatRupees(m.amountPaise)}
                        testId={`refunds-mode-${m.mode}`}
                      />
                    ))}
                  </Group>
                  <ExportActions
                    size="sm"
                    fileName={reportFileName('Refunds_', chosen?.code ?? 'All', '_', range.from, '_to_', range.to)}
                    sheetName="Refunds"
                    table={() => tableOf(cols, data.rows, footer(data))}
                  />
                </Group>
              </Paper>
              {allDepartments && data.byDepartment.length > 0 && (
                <Paper withBorder radius="md" p="lg">
                  <Title order={2} size="h4" mb="md">
                    Paid out by department
                  </Title>
                  <ReportTable
                    testId="refunds-departments"
                    minWidth={360}
                    columns={[
                      { header: 'Department', value: (d: RefundsReport['byDepartment'][number]) => d.depName },
                      { header: 'Vouchers', value: (d) => d.count, width: 100 },
                      { header: 'Amount', value: (d) => ({ paise: d.amountPaise }), width: 160 },
                    ]}
                    rows={data.byDepartment}
                    rowKey={(d) => d.depId}
                    footer={[['Total', data.paidOut.count, { paise: data.paidOut.amountPaise }]]}
                  />
                </Paper>
              )}
              <Paper withBorder radius="md" p="lg">
                {data.truncated && (
                  <TruncatedNotice
                    shown={data.rows.length}
                    total={data.paidOut.count + data.voided.count}
                    what="vouchers"
                    hint="Choose fewer dates to list the rest."
                  />
                )}
                <ReportTable
                  testId="refunds-report"
                  columns={cols}
                  rows={data.rows}
                  rowKey={(r) => r.number}
                  footer={footer(data)}
                  minWidth={allDepartments ? 1200 : 1040}
                />
              </Paper>
            </Stack>
          )}
        </ReportStates>
      )}
    </>
  );
}

function DepartmentRefunds() {
  return <RefundsReportView department={useDepartment()} />;
}

/** /{prefix}/rptrefunds/ for one department; /admin/refunds for all of them (or one). */
export default function RefundsReportPage() {
  return useIsAdminArea() ? <RefundsReportView department={null} /> : <DepartmentRefunds />;
}
