import { Button, Group, Paper, Stack, Switch } from '@mantine/core';
import { REPORT_ROW_LIMIT_MAX, ZDuesReportInput } from '@fees/validation';
import { IconBuildingCommunity, IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { BatchSection } from '../../components/BatchSection';
import { PageHeader } from '../../components/PageHeader';
import { ChooseCourseState, ReportStates } from '../../components/ReportStates';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { type Column, reportFileName, tableOf } from './export';
import { CourseReportForm, useCourseReportSearch } from './CourseReportSearch';
import { ExportActions, Figure, PartOfBatchShown, ReportTable, TruncatedNotice } from './ReportParts';
import { reportPaths } from './paths';
import type { DuesReport, DuesRow } from './types';
import { type DuesTotals, duesColumns, duesTotalCells, withSponsors } from './dues-columns';

/** The form asks for a course; the whole department is its own button. */
const ZSearchForm = ZDuesReportInput.pick({ courseId: true }).required();

/**
 * /dues/: the students of a course (or of every course of the department: ?course=all) with phone, fee,
 * discount (with adjustment), paid and balance, grouped by batch with batch totals; only students who still
 * owe or have overpaid, unless 'Show all students'.
 */
export default function DuesReportPage() {
  const department = useDepartment();
  const paths = reportPaths(department, useIsAdminArea());
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const search = useCourseReportSearch(department, ZSearchForm);
  const wholeDepartment = search.params.get('course') === 'all';
  const course = wholeDepartment ? { id: undefined, name: 'All courses' } : search.course;
  const { batchId } = search;
  const showAll = search.params.get('all') === '1';
  const listed = showAll ? ' · all students' : ' · with a balance';
  const input = {
    depId: department.id,
    courseId: wholeDepartment ? undefined : (course?.id ?? 0),
    batchId: wholeDepartment ? undefined : batchId,
    includeSettled: showAll,
    limit: search.limit,
  };
  const report = useQuery(trpc.reports.dues.queryOptions(input, { enabled: course !== undefined }));
  /** The whole report for an export: the screen's when complete, else fetched in full. */
  const fullReport = async (data: DuesReport) =>
    data.truncated
      ? queryClient.fetchQuery(trpc.reports.dues.queryOptions({ ...input, limit: REPORT_ROW_LIMIT_MAX }))
      : data;

  const columnsOf = (totals: DuesTotals) => duesColumns(totals, paths.statement);
  const exportColumnsOf = (totals: DuesTotals): Array<Column<DuesRow>> => [
    { header: 'Batch', value: (r) => r.batchName },
    ...columnsOf(totals),
  ];

  return (
    <>
      <PageHeader title={department.name} subtitle="Student Dues Report" />
      <CourseReportForm
        department={department}
        search={search}
        refetch={() => void report.refetch()}
        loading={report.isFetching}
      >
        <Switch
          label="Show all students"
          checked={showAll}
          onChange={(e) => search.setSearch({ all: e.currentTarget.checked ? '1' : '' })}
          mt={32}
        />
        <Button
          variant="light"
          mt={25}
          leftSection={<IconBuildingCommunity size={16} />}
          onClick={() => search.setSearch({ course: 'all', batch: '', q: '' })}
        >
          All courses
        </Button>
      </CourseReportForm>

      {!course ? (
        <ChooseCourseState text="Choose a course and press Search, or All courses, to see who still owes fees." />
      ) : (
        <ReportStates
          query={report}
          loadingLabel="Working out the dues..."
          empty={(data) =>
            data.totals.count === 0 && {
              icon: <IconCircleCheck />,
              title: showAll ? 'No students' : 'No dues',
              text: showAll
                ? `${wholeDepartment ? department.name : course.name} has no students yet.`
                : `Every student of ${wholeDepartment ? department.name : course.name} has paid in full. ` +
                  "Switch on 'Show all students' to list them.",
            }
          }
        >
          {(data) => (
            <Stack gap="lg">
              {data.truncated && (
                <TruncatedNotice
                  shown={data.batches.reduce((n, b) => n + b.rows.length, 0)}
                  total={data.totals.count}
                  what="students"
                  hint={batchId ? 'This batch is longer than one screen.' : undefined}
                />
              )}
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between" wrap="wrap" gap="lg">
                  <Figure label="Course" value={`${course.name}${listed}`} />
                  <Group gap="xl" wrap="wrap">
                    <Figure label="Students" value={data.totals.count.toLocaleString('en-IN')} />
                    <Figure label="Total fee" value={formatRupees(data.totals.feePaise)} />
                    <Figure label="Discount" value={formatRupees(data.totals.discountPaise)} />
                    <Figure label="Paid" value={formatRupees(data.totals.paidPaise)} />
                    <Figure
                      label="Balance"
                      value={formatRupees(data.totals.balancePaise)}
                      testId="dues-total-balance"
                    />
                    {data.advanceTotalPaise > 0 && (
                      <Figure
                        label="Advance held"
                        value={formatRupees(data.advanceTotalPaise)}
                        testId="dues-total-advance"
                      />
                    )}
                  </Group>
                  <ExportActions
                    size="sm"
                    fileName={reportFileName('Dues_', course.name)}
                    sheetName="Dues"
                    table={async () => {
                      const full = await fullReport(data);
                      const exportColumns = exportColumnsOf(full.totals);
                      const rows = full.batches.flatMap((b) => [
                        ...tableOf(exportColumns, b.rows).rows,
                        [`Batch ${b.batchName} total`, ...duesTotalCells('', b.totals, withSponsors(full.totals))],
                      ]);
                      return {
                        header: exportColumns.map((c) => c.header),
                        rows: [...rows, ['Total', ...duesTotalCells('', full.totals, withSponsors(full.totals))]],
                      };
                    }}
                  />
                </Group>
              </Paper>
              {data.batches.map((batch) => (
                <BatchSection key={batch.batchId} name={batch.batchName} count={batch.totals.count} noun="student">
                  {batch.truncated && (
                    <PartOfBatchShown shown={batch.rows.length} count={batch.totals.count} noun="student" />
                  )}
                  <ReportTable
                    columns={columnsOf(data.totals)}
                    rows={batch.rows}
                    rowKey={(r) => r.studentId}
                    footer={[duesTotalCells('Total:', batch.totals, withSponsors(data.totals))]}
                  />
                </BatchSection>
              ))}
            </Stack>
          )}
        </ReportStates>
      )}
    </>
  );
}
