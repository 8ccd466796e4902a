import { Group, Paper, Stack, Title } from '@mantine/core';
import { PAYMENT_MODE_LABELS, receiptLabel, REPORT_ROW_LIMIT_MAX, sponsorReceiptLabel } from '@fees/validation';
import { IconCalendarSearch, IconReceiptOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { type Cell, type Column, reportFileName, tableOf } from './export';
import { DateRangeForm, useDateRangeSearch } from './DateRangeSearch';
import { admissionNoColumn, ExportActions, Figure, ReportTable, TruncatedNotice } from './ReportParts';
import { reportPaths } from './paths';
import type { DatedReceiptRow, DatedSponsorReceiptRow, ReceiptsBetweenDates } from './types';
import { ReceiptLink } from '../../components/ReceiptLink';

/**
 * /rcpt_dtws/ (and the PG and admin variants): a department's live receipts dated from..to, both days
 * included, its sponsor receipts of those days in their own SP series, and a grand total of both. The dates are
 * required, shown day/month/year and sent year-month-day.
 */
export default function ReceiptsBetweenDatesPage() {
  const department = useDepartment();
  const paths = reportPaths(department, useIsAdminArea());
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Opens on today's receipts: the question asked most at the counter's end of day.
  const search = useDateRangeSearch(() => ({ from: todayIso(), to: todayIso() }));
  const { range } = search;
  const input = { depId: department.id, from: range?.from ?? '', to: range?.to ?? '' };
  const report = useQuery(trpc.reports.receiptsBetweenDates.queryOptions(input, { enabled: range !== null }));
  const fullReport = async (data: ReceiptsBetweenDates) =>
    data.truncated
      ? queryClient.fetchQuery(
          trpc.reports.receiptsBetweenDates.queryOptions({ ...input, limit: REPORT_ROW_LIMIT_MAX }),
        )
      : data;

  const columns: Array<Column<DatedReceiptRow>> = [
    { header: 'Date', value: (r) => ({ date: r.date }), width: 110 },
    {
      header: 'Receipt No',
      value: (r) => receiptLabel(r.number),
      render: (r) => <ReceiptLink number={r.number} department={department} />,
      width: 120,
    },
    { header: 'Student', value: (r) => r.studentName },
    admissionNoColumn(paths.statement),
    { header: 'Batch', value: (r) => r.batchName, width: 110 },
    { header: 'Course', value: (r) => r.courseName },
    { header: 'Mode', value: (r) => r.paymentModes.map((m) => PAYMENT_MODE_LABELS[m]).join(' + '), width: 120 },
    { header: 'Total', value: (r) => ({ paise: r.netPaise }), width: 140 },
  ];

  const sponsorColumns: Array<Column<DatedSponsorReceiptRow>> = [
    { header: 'Date', value: (r) => ({ date: r.date }), width: 110 },
    { header: 'Receipt No', value: (r) => sponsorReceiptLabel(r.number), width: 120 },
    { header: 'Sponsor', value: (r) => r.sponsor },
    { header: 'Reference', value: (r) => r.reference },
    { header: 'Students', value: (r) => r.students, width: 100 },
    { header: 'Mode', value: (r) => PAYMENT_MODE_LABELS[r.mode], width: 120 },
    { header: 'Total', value: (r) => ({ paise: r.amountPaise }), width: 140 },
  ];
  const receiptsPaise = (data: ReceiptsBetweenDates) => data.totals.netPaise - data.sponsorTotals.netPaise;

  const period = range ? `${formatDate(range.from)} to ${formatDate(range.to)}` : '';
  return (
    <>
      <PageHeader title={department.name} subtitle="Receipt report between dates" />
      <DateRangeForm
        search={search}
        refetch={() => void report.refetch()}
        loading={report.isFetching}
        submitLabel="Search"
      />

      {!range ? (
        <EmptyState
          reason={{
            icon: <IconCalendarSearch />,
            title: 'Choose the dates',
            text: 'Choose a from and a to date (both days are included) and press Search.',
          }}
        />
      ) : (
        <ReportStates
          query={report}
          loadingLabel="Collecting receipts..."
          empty={(data) =>
            data.totals.count === 0 && {
              icon: <IconReceiptOff />,
              title: 'No receipts in this period',
              text: `${department.name} has no receipts dated ${period}.`,
            }
          }
        >
          {(data) => (
            <Stack gap="lg">
              {data.truncated && (
                <TruncatedNotice
                  shown={data.rows.length}
                  total={data.totals.count}
                  what="receipts"
                  hint="Choose a shorter period to list the rest."
                />
              )}
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between" wrap="wrap" gap="lg">
                  <Figure label="Period" value={period} />
                  <Group gap="xl">
                    <Figure label="Receipts" value={data.totals.count.toLocaleString('en-IN')} />
                    {data.sponsorTotals.count > 0 && (
                      <Figure
                        label={`Of it from sponsors (${data.sponsorTotals.count})`}
                        value={formatRupees(data.sponsorTotals.netPaise)}
                        testId="sponsor-total"
                      />
                    )}
                    <Figure label="Grand total" value={formatRupees(data.totals.netPaise)} testId="grand-total" />
                  </Group>
                  <ExportActions
                    size="sm"
                    fileName={reportFileName('Receipts_', range.from, '_to_', range.to)}
                    sheetName="Receipts"
                    table={async () => {
                      const full = await fullReport(data);
                      return tableOf(columns, full.rows, [
                        ...full.sponsorRows.map((r): Cell[] => [
                          { date: r.date },
                          sponsorReceiptLabel(r.number),
                          r.sponsor,
                          null,
                          r.reference,
                          null,
                          PAYMENT_MODE_LABELS[r.mode],
                          { paise: r.amountPaise },
                        ]),
                        ['Grand total', null, null, null, null, null, null, { paise: full.totals.netPaise }],
                      ]);
                    }}
                  />
                </Group>
              </Paper>
              {(data.rows.length > 0 || data.sponsorRows.length === 0) && (
                <Paper withBorder radius="md" p="lg">
                  <ReportTable
                    columns={columns}
                    rows={data.rows}
                    rowKey={(r) => r.number}
                    footer={[['Total', null, null, null, null, null, null, { paise: receiptsPaise(data) }]]}
                  />
                </Paper>
              )}
              {data.sponsorRows.length > 0 && (
                <Paper withBorder radius="md" p="lg">
                  <Title order={3} size="h5" mb="sm">
                    Sponsor receipts
                  </Title>
                  <ReportTable
                    columns={sponsorColumns}
                    rows={data.sponsorRows}
                    rowKey={(r) => r.number}
                    footer={[['Total', null, null, null, null, null, { paise: data.sponsorTotals.netPaise }]]}
                  />
                </Paper>
              )}
            </Stack>
          )}
        </ReportStates>
      )}
    </>
  );
}
