import { Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { ZDuesAsOfInput } from '@fees/validation';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { BatchSection } from '../../components/BatchSection';
import { DateField } from '../../components/DateField';
import { PageHeader } from '../../components/PageHeader';
import { ChooseCourseState, ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { CourseReportForm, useCourseReportSearch } from './CourseReportSearch';
import { type Cell, type Column, reportFileName, tableOf } from './export';
import { reportPaths } from './paths';
import { admissionNoColumn, ExportActions, Figure, ReportTable } from './ReportParts';
import type { DuesAsOfRow, DuesAsOfTotals } from './types';

const ZSearchForm = ZDuesAsOfInput.pick({ courseId: true });

const totalCells = (label: string, t: DuesAsOfTotals): Cell[] => [
  label,
  null,
  { paise: t.dueTill },
  { paise: t.paid },
  { paise: t.outstanding },
  null,
  { paise: t.fineOutstanding },
  { paise: t.toCollect },
];

/** Still to collect in red, settled in green. */
function ToCollect({ paise }: { paise: number }) {
  return (
    <Text span size="sm" fw={600} c={paise > 0 ? 'red.8' : paise < 0 ? 'orange.8' : 'teal.8'}>
      {formatRupees(paise)}
    </Text>
  );
}

/**
 * /duesasof/: what each student of a course owed by a date (the instalments due on or before it),
 * what they paid towards it, days late of the oldest late instalment, the fine outstanding and the
 * total to collect, grouped by batch with batch and grand totals. 'Overdue only' keeps the late.
 */
export default function DuesAsOfPage() {
  const department = useDepartment();
  const paths = reportPaths(department, useIsAdminArea());
  const trpc = useTRPC();
  const search = useCourseReportSearch(department, ZSearchForm);
  const { course, batchId } = search;
  const asOf = search.params.get('asof') || todayIso();
  const overdueOnly = search.params.get('overdue') === '1';
  const report = useQuery(
    trpc.reports.duesAsOf.queryOptions(
      { depId: department.id, courseId: course?.id ?? 0, batchId, asOf, overdueOnly },
      { enabled: course !== undefined },
    ),
  );

  const columns: Array<Column<DuesAsOfRow>> = [
    admissionNoColumn(paths.statement),
    { header: 'Name', value: (r) => r.name },
    { header: 'Due till date', value: (r) => ({ paise: r.dueTill }) },
    { header: 'Paid', value: (r) => ({ paise: r.paid }) },
    { header: 'Outstanding', value: (r) => ({ paise: r.outstanding }) },
    { header: 'Days late', value: (r) => (r.daysLate > 0 ? r.daysLate : null), width: 90 },
    { header: 'Fine outstanding', value: (r) => ({ paise: r.fineOutstanding }), width: 140 },
    { header: 'To collect', value: (r) => ({ paise: r.toCollect }), render: (r) => <ToCollect paise={r.toCollect} /> },
  ];
  const exportColumns: Array<Column<DuesAsOfRow>> = [{ header: 'Batch', value: (r) => r.batchName }, ...columns];

  const batchesOf = (data: NonNullable<typeof report.data>) =>
    data.batches.map((b) => ({ ...b, rows: data.rows.filter((r) => r.batchId === b.batchId) }));

  return (
    <>
      <PageHeader title={department.name} subtitle={`Dues as of ${formatDate(asOf)}`} />
      <CourseReportForm
        department={department}
        search={search}
        refetch={() => void report.refetch()}
        loading={report.isFetching}
      >
        <DateField label="As of" w={160} value={asOf} onChange={(value) => search.setSearch({ asof: value })} />
        <Switch
          label="Overdue only"
          checked={overdueOnly}
          onChange={(e) => search.setSearch({ overdue: e.currentTarget.checked ? '1' : '' })}
          mt={32}
        />
      </CourseReportForm>

      {!course ? (
        <ChooseCourseState text="Choose a course and press Search to see what is due by the date." />
      ) : (
        <ReportStates
          query={report}
          loadingLabel="Working out the dues..."
          empty={(data) =>
            data.count === 0 && {
              icon: <IconCircleCheck />,
              title: overdueOnly ? 'Nobody is late' : 'No students',
              text: overdueOnly
                ? `No student of ${course.name} has a late instalment on ${formatDate(asOf)}.`
                : `${course.name} has no students in this choice.`,
            }
          }
        >
          {(data) => {
            const batches = batchesOf(data);
            return (
              <Stack gap="lg">
                <Paper withBorder radius="md" p="md">
                  <Group justify="space-between" wrap="wrap" gap="lg">
                    <Figure
                      label="Course"
                      value={`${course.name} · as of ${formatDate(data.asOf)}${overdueOnly ? ' · overdue only' : ''}`}
                    />
                    <Group gap="xl" wrap="wrap">
                      <Figure label="Students" value={data.count.toLocaleString('en-IN')} />
                      <Figure label="Due till date" value={formatRupees(data.totals.dueTill)} />
                      <Figure label="Paid" value={formatRupees(data.totals.paid)} />
                      <Figure label="Outstanding" value={formatRupees(data.totals.outstanding)} />
                      <Figure label="Fine outstanding" value={formatRupees(data.totals.fineOutstanding)} />
                      <Figure label="To collect" value={formatRupees(data.totals.toCollect)} testId="dues-asof-total" />
                    </Group>
                    <ExportActions
                      size="sm"
                      fileName={reportFileName('Dues_', course.name, '_', data.asOf)}
                      sheetName={`Dues ${data.asOf}`}
                      table={() => ({
                        header: exportColumns.map((c) => c.header),
                        rows: [
                          ...batches.flatMap((b) => [
                            ...tableOf(exportColumns, b.rows).rows,
                            [`Batch ${b.batchName} total`, ...totalCells('', b)],
                          ]),
                          ['Total', ...totalCells('', data.totals)],
                        ],
                      })}
                    />
                  </Group>
                </Paper>
                {batches.map((b) => (
                  <BatchSection key={b.batchId} name={b.batchName} count={b.students} noun="student">
                    <ReportTable
                      columns={columns}
                      rows={b.rows}
                      rowKey={(r) => r.studentId}
                      footer={[totalCells('Total:', b)]}
                      testId={`dues-asof-${b.batchName}`}
                      minWidth={900}
                    />
                  </BatchSection>
                ))}
              </Stack>
            );
          }}
        </ReportStates>
      )}
    </>
  );
}
