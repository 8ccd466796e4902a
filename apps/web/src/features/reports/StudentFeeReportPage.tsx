import { Group, Paper, Stack } from '@mantine/core';
import { REPORT_ROW_LIMIT_MAX, ZStudentFeeReportInput } from '@fees/validation';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { BatchSection } from '../../components/BatchSection';
import { PageHeader } from '../../components/PageHeader';
import { ChooseCourseState, ReportStates } from '../../components/ReportStates';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { type Cell, type Column, reportFileName, tableOf } from './export';
import { CourseReportForm, useCourseReportSearch } from './CourseReportSearch';
import {
  admissionNoColumn,
  ExportActions,
  Figure,
  PartOfBatchShown,
  ReportTable,
  TruncatedNotice,
} from './ReportParts';
import { reportPaths } from './paths';
import type { FeeInfoReport, FeeInfoRow } from './types';

const CHOOSE_COURSE_TEXT = "Choose a course and press Search to see every student's fee, discount and final fee.";
const ZSearchForm = ZStudentFeeReportInput.pick({ courseId: true, text: true });

type Totals = FeeInfoReport['totals'];
const totalCells = (t: Totals): Cell[] => [
  { paise: t.feePaise },
  { paise: t.discountPaise },
  { paise: t.finalFeePaise },
];

/** /finfo/: every student of a course with total fee, total discount (with adjustment) and final fee, by batch. */
export default function StudentFeeReportPage() {
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
  const report = useQuery(trpc.reports.studentFeeInfo.queryOptions(input, { enabled: course !== undefined }));
  const fullReport = async (data: FeeInfoReport) =>
    data.truncated
      ? queryClient.fetchQuery(trpc.reports.studentFeeInfo.queryOptions({ ...input, limit: REPORT_ROW_LIMIT_MAX }))
      : data;

  const columns: Array<Column<FeeInfoRow>> = [
    { header: 'Batch', value: (r) => r.batchName, width: 110 },
    { header: 'Name', value: (r) => r.name },
    admissionNoColumn(paths.statement),
    { header: 'CapId', value: (r) => r.capId, width: 150 },
    { header: 'Total Fee', value: (r) => ({ paise: r.feePaise }) },
    { header: 'Total Discount', value: (r) => ({ paise: r.discountPaise }), width: 140 },
    { header: 'Final Fee', value: (r) => ({ paise: r.finalFeePaise }) },
  ];

  return (
    <>
      <PageHeader title={department.name} subtitle="Student Fee Report" />
      <CourseReportForm
        department={department}
        search={search}
        refetch={() => void report.refetch()}
        loading={report.isFetching}
        withText
      />

      {!course ? (
        <ChooseCourseState text={CHOOSE_COURSE_TEXT} />
      ) : (
        <ReportStates
          query={report}
          empty={(data) =>
            data.totals.count === 0 && {
              icon: <IconUsersGroup />,
              title: 'No students found',
              text: `${course.name} has no students${text ? ` matching "${text}"` : ''}.`,
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
                  <Figure label="Course" value={text ? `${course.name} · "${text}"` : course.name} />
                  <Group gap="xl" wrap="wrap">
                    <Figure label="Students" value={data.totals.count.toLocaleString('en-IN')} />
                    <Figure label="Total fee" value={formatRupees(data.totals.feePaise)} />
                    <Figure label="Total discount" value={formatRupees(data.totals.discountPaise)} />
                    <Figure label="Final fee" value={formatRupees(data.totals.finalFeePaise)} />
                  </Group>
                  <ExportActions
                    size="sm"
                    fileName={reportFileName('FeeInformation', course.name)}
                    sheetName="Fee information"
                    table={async () => {
                      const full = await fullReport(data);
                      return tableOf(
                        columns,
                        full.batches.flatMap((b) => b.rows),
                        [['Total', null, null, null, ...totalCells(full.totals)]],
                      );
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
                    columns={columns}
                    rows={batch.rows}
                    rowKey={(r) => r.studentId}
                    footer={[['Total:', null, null, null, ...totalCells(batch.totals)]]}
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
