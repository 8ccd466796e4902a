import { ActionIcon, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { receiptLabel, REPORT_ROW_LIMIT_MAX, ZFeeReceiptReportInput } from '@fees/validation';
import { IconReceiptOff, IconZoomIn } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { BatchSection } from '../../components/BatchSection';
import { PageHeader } from '../../components/PageHeader';
import { ChooseCourseState, ReportStates } from '../../components/ReportStates';
import { formatDate } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useLoadThenOpen } from '../../lib/load-then-open';
import { useTRPC } from '../../lib/trpc';
import { type Column, reportFileName, tableOf } from './export';
import { CourseReportForm, useCourseReportSearch } from './CourseReportSearch';
import { admissionNoColumn, ExportActions, Figure, numeric, ReportTable, TruncatedNotice } from './ReportParts';
import { reportPaths } from './paths';
import type { FeeReceiptRow, ReceiptLines } from './types';
import { ReceiptLink } from '../../components/ReceiptLink';

const ZSearchForm = ZFeeReceiptReportInput.pick({ courseId: true, text: true });

/**
 * /rptfee/: live receipts of a course, grouped under 'Batch: {batch}' in batch order. Each row's
 * magnifier fetches the receipt's lines and then opens 'Fees Info'; each batch has its exports,
 * Print and 'Total:'. The search sits in the address, so a reload or Back shows the same report.
 */
export default function FeeReceiptReportPage() {
  const department = useDepartment();
  const paths = reportPaths(department, useIsAdminArea());
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const search = useCourseReportSearch(department, ZSearchForm);
  const { course, text, batchId } = search;
  const input = {
    depId: department.id,
    courseId: course?.id ?? 0,
    text: text || undefined,
    batchId,
    limit: search.limit,
  };
  const report = useQuery(trpc.reports.feeReceipts.queryOptions(input, { enabled: course !== undefined }));
  /** A batch's every receipt: from the screen when all are shown, else fetched in full for an export. */
  const allRowsOf = async (batch: { batchId: number; rows: FeeReceiptRow[]; truncated: boolean }) => {
    if (!batch.truncated) return batch.rows;
    const full = await queryClient.fetchQuery(
      trpc.reports.feeReceipts.queryOptions({ ...input, batchId: batch.batchId, limit: REPORT_ROW_LIMIT_MAX }),
    );
    return full.batches[0]?.rows ?? [];
  };
  const showBatch = (id: number) => {
    search.form.setFieldValue('batchId', id);
    search.setSearch({ batch: String(id) });
  };

  const feesInfo = useLoadThenOpen<ReceiptLines>();
  const lines = feesInfo.value;
  const openLines = (number: number) =>
    feesInfo.open(number, () =>
      queryClient.fetchQuery({
        ...trpc.reports.receiptLines.queryOptions({ depId: department.id, number }),
        staleTime: 0,
      }),
    );

  const columns: Array<Column<FeeReceiptRow>> = [
    {
      header: 'Bill.No',
      value: (r) => receiptLabel(r.number),
      render: (r) => <ReceiptLink number={r.number} department={department} />,
      width: 100,
    },
    admissionNoColumn(paths.statement),
    { header: 'Date', value: (r) => ({ date: r.date }), width: 110 },
    { header: 'Student Name', value: (r) => r.studentName },
    {
      header: 'Address',
      value: (r) => r.address,
      render: (r) => (
        <Text size="sm" lineClamp={1} title={r.address}>
          {r.address}
        </Text>
      ),
    },
    { header: 'Receipt', value: (r) => ({ paise: r.netPaise }), width: 140 },
  ];

  return (
    <>
      <PageHeader title={department.name} subtitle="Report-Fee Receipt" />
      <CourseReportForm
        department={department}
        search={search}
        refetch={() => void report.refetch()}
        loading={report.isFetching}
        withText
      />

      {feesInfo.error && (
        <Text c="red" mb="md" role="alert">
          {feesInfo.error}
        </Text>
      )}
      {!course ? (
        <ChooseCourseState text="Choose a course and press Search to list its receipts by batch." />
      ) : (
        <ReportStates
          query={report}
          loadingLabel="Searching receipts..."
          empty={(data) =>
            data.totals.count === 0 && {
              icon: <IconReceiptOff />,
              title: 'No receipts found',
              text: `${course.name} has no receipts${text ? ` matching "${text}"` : ''}.`,
            }
          }
        >
          {(data) => (
            <Stack gap="lg">
              {data.truncated && (
                <TruncatedNotice
                  shown={data.batches.reduce((n, b) => n + b.rows.length, 0)}
                  total={data.totals.count}
                  what="receipts"
                  hint={batchId ? 'Type a name, admission no or receipt no to narrow the list.' : undefined}
                />
              )}
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between" wrap="wrap">
                  <Figure label="Course" value={text ? `${course.name} · "${text}"` : course.name} />
                  <Group gap="xl">
                    <Figure label="Batches" value={data.batches.length} />
                    <Figure label="Receipts" value={data.totals.count.toLocaleString('en-IN')} />
                    <Figure label="Total" value={formatRupees(data.totals.netPaise)} testId="report-total" />
                  </Group>
                </Group>
              </Paper>
              {data.batches.map((batch) => (
                <BatchSection key={batch.batchId} name={batch.batchName} count={batch.totals.count} noun="receipt">
                  {batch.truncated && (
                    <Group justify="space-between" mb="sm" className="no-print">
                      <Text size="sm" c="dimmed">
                        {batch.rows.length.toLocaleString('en-IN')} of {batch.totals.count.toLocaleString('en-IN')}{' '}
                        receipts shown
                      </Text>
                      {batchId === undefined && (
                        <Button size="xs" variant="subtle" onClick={() => showBatch(batch.batchId)}>
                          Show this batch
                        </Button>
                      )}
                    </Group>
                  )}
                  <ReportTable
                    columns={columns}
                    rows={batch.rows}
                    rowKey={(r) => r.number}
                    actions={{
                      header: 'Action',
                      width: 70,
                      render: (r) => (
                        <ActionIcon
                          variant="light"
                          loading={feesInfo.loading === r.number}
                          onClick={() => void openLines(r.number)}
                          title="Fees Info"
                          aria-label={`Lines of receipt ${receiptLabel(r.number)}`}
                        >
                          <IconZoomIn size={16} />
                        </ActionIcon>
                      ),
                    }}
                  />
                  <Group justify="space-between" mt="sm">
                    <ExportActions
                      fileName={reportFileName('FeeReceipt_', course.name, '_Batch_', batch.batchName)}
                      sheetName={`Batch ${batch.batchName}`}
                      table={async () =>
                        tableOf(columns, await allRowsOf(batch), [
                          ['Total:', null, null, null, null, { paise: batch.totals.netPaise }],
                        ])
                      }
                    />
                    <Text fw={700}>
                      Total:{' '}
                      <span data-testid="batch-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatRupees(batch.totals.netPaise)}
                      </span>
                    </Text>
                  </Group>
                </BatchSection>
              ))}
            </Stack>
          )}
        </ReportStates>
      )}

      <Modal
        opened={lines !== null}
        onClose={() => feesInfo.close()}
        title={<Text fw={700}>Fees Info</Text>}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
      >
        {lines && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Receipt {receiptLabel(lines.number)} · {formatDate(lines.date)} · {lines.studentName}
            </Text>
            <Table striped withTableBorder verticalSpacing="xs" data-testid="fees-info-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>#</Table.Th>
                  <Table.Th>Fees</Table.Th>
                  <Table.Th>Particulars</Table.Th>
                  <Table.Th ta="right">Receipt</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.lines.map((line, index) => (
                  <Table.Tr key={line.lineNo}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{line.feeHead}</Table.Td>
                    <Table.Td>{line.particulars}</Table.Td>
                    <Table.Td {...numeric}>{formatRupees(line.amountPaise)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                {lines.taxPaise > 0 && (
                  <>
                    <Table.Tr>
                      <Table.Td colSpan={3}>Total</Table.Td>
                      <Table.Td {...numeric}>{formatRupees(lines.totalPaise)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td colSpan={3}>GST</Table.Td>
                      <Table.Td {...numeric}>{formatRupees(lines.taxPaise)}</Table.Td>
                    </Table.Tr>
                  </>
                )}
                <Table.Tr fw={700}>
                  <Table.Td colSpan={3}>{lines.taxPaise > 0 ? 'Net amount' : 'Total'}</Table.Td>
                  <Table.Td {...numeric}>{formatRupees(lines.netPaise)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => feesInfo.close()}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
