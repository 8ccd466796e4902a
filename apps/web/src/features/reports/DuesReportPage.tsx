import { Anchor, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { REPORT_BATCH_ROW_LIMIT, REPORT_ROW_LIMIT_MAX, ZDuesReportInput } from '@fees/validation';
import { IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useDepartment, useIsAdminArea } from '../../app/department-context';
import { PageHeader } from '../../components/PageHeader';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { type Cell, type Column, reportFileName, tableOf } from './export';
import {
  BatchSelect,
  CourseSelect,
  coursesOf,
  ExportActions,
  Figure,
  ReportEmpty,
  ReportError,
  ReportLoading,
  ReportTable,
  TruncatedNotice,
} from './ReportParts';
import { reportPaths } from './paths';
import type { DuesReport, DuesRow } from './types';

const ZSearchForm = ZDuesReportInput.pick({ courseId: true });

type Totals = DuesReport['totals'];
const totalCells = (label: string, t: Totals): Cell[] => [label, null, null, { paise: t.feePaise }, { paise: t.discountPaise }, { paise: t.paidPaise }, { paise: t.balancePaise }];

/** A balance reads at a glance: still due in red, overpaid in orange, settled in green. */
function Balance({ paise }: { paise: number }) {
  return (
    <Text span size="sm" fw={600} c={paise > 0 ? 'red.8' : paise < 0 ? 'orange.8' : 'teal.8'}>
      {formatRupees(paise)}
    </Text>
  );
}

/**
 * /dues/: the students of a course with fee, discount (with adjustment), paid and balance, grouped by
 * batch with batch totals; only students who still owe or have overpaid, unless 'Show all students'.
 */
export default function DuesReportPage() {
  const department = useDepartment();
  const paths = reportPaths(department, useIsAdminArea());
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const course = coursesOf(department).find((c) => String(c.id) === params.get('course'));
  const showAll = params.get('all') === '1';
  const batchId = Number(params.get('batch')) || undefined;

  const form = useForm({
    mode: 'controlled',
    initialValues: { courseId: course ? String(course.id) : '', batchId: batchId ? String(batchId) : '' },
    validate: schemaResolver(ZSearchForm, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const input = { depId: department.id, courseId: course?.id ?? 0, batchId, includeSettled: showAll, limit: batchId ? REPORT_BATCH_ROW_LIMIT : undefined };
  const report = useQuery(trpc.reports.dues.queryOptions(input, { enabled: course !== undefined }));
  /** The whole report for an export: the screen's when complete, else fetched in full. */
  const fullReport = async (data: DuesReport) =>
    data.truncated ? queryClient.fetchQuery(trpc.reports.dues.queryOptions({ ...input, limit: REPORT_ROW_LIMIT_MAX })) : data;

  const columns: Array<Column<DuesRow>> = [
    {
      header: 'Adm.No',
      value: (r) => r.admissionNo,
      render: (r) => (
        <Anchor component={Link} to={paths.statement(r.studentId)} size="sm" title="Open the student's statement">
          {r.admissionNo}
        </Anchor>
      ),
      width: 120,
    },
    { header: 'Name', value: (r) => r.name },
    { header: 'CapId', value: (r) => r.capId, width: 150 },
    { header: 'Total Fee', value: (r) => ({ paise: r.feePaise }) },
    { header: 'Discount', value: (r) => ({ paise: r.discountPaise }) },
    { header: 'Paid', value: (r) => ({ paise: r.paidPaise }) },
    { header: 'Balance', value: (r) => ({ paise: r.balancePaise }), render: (r) => <Balance paise={r.balancePaise} /> },
  ];
  const exportColumns: Array<Column<DuesRow>> = [{ header: 'Batch', value: (r) => r.batchName }, ...columns];

  const setFilter = (next: { course?: string; batch?: string; all?: boolean }) => {
    const values = {
      course: next.course ?? params.get('course') ?? '',
      batch: next.batch ?? params.get('batch') ?? '',
      all: (next.all ?? showAll) ? '1' : '',
    };
    setParams(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));
  };
  const onSearch = form.onSubmit((values) => {
    if (String(values.courseId) === params.get('course') && values.batchId === (params.get('batch') ?? '')) void report.refetch();
    else setFilter({ course: String(values.courseId), batch: values.batchId });
  });

  const data = report.data;
  return (
    <>
      <PageHeader title={department.name} subtitle="Student Dues Report" />
      <Paper withBorder radius="md" p="lg" mb="lg" className="no-print">
        <form noValidate onSubmit={onSearch}>
          <Group align="flex-start" wrap="wrap">
            <CourseSelect
              department={department}
              {...form.getInputProps('courseId')}
              onChange={(event) => {
                form.setFieldValue('courseId', event.currentTarget.value);
                form.setFieldValue('batchId', '');
              }}
            />
            <BatchSelect department={department} courseId={Number(form.values.courseId) || null} {...form.getInputProps('batchId')} />
            <Switch label="Show all students" checked={showAll} onChange={(e) => setFilter({ all: e.currentTarget.checked })} mt={32} />
            <Button type="submit" mt={25} leftSection={<IconSearch size={16} />} loading={report.isFetching}>
              Search
            </Button>
          </Group>
        </form>
      </Paper>

      {!course && (
        <ReportEmpty icon={<IconSearch />} title="Choose a course">
          Choose a course and press Search to see who still owes fees.
        </ReportEmpty>
      )}
      {course && report.isFetching && <ReportLoading label="Working out the dues..." />}
      {course && !report.isFetching && report.isError && <ReportError error={report.error} />}
      {course && !report.isFetching && data && data.totals.count === 0 && (
        <ReportEmpty icon={<IconCircleCheck />} title={showAll ? 'No students' : 'No dues'}>
          {showAll ? `${course.name} has no students yet.` : `Every student of ${course.name} has paid in full. Switch on 'Show all students' to list them.`}
        </ReportEmpty>
      )}
      {course && !report.isFetching && data && data.totals.count > 0 && (
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
              <Figure label="Course" value={`${course.name}${showAll ? ' · all students' : ' · with a balance'}`} />
              <Group gap="xl" wrap="wrap">
                <Figure label="Students" value={data.totals.count.toLocaleString('en-IN')} />
                <Figure label="Total fee" value={formatRupees(data.totals.feePaise)} />
                <Figure label="Discount" value={formatRupees(data.totals.discountPaise)} />
                <Figure label="Paid" value={formatRupees(data.totals.paidPaise)} />
                <Figure label="Balance" value={formatRupees(data.totals.balancePaise)} testId="dues-total-balance" />
              </Group>
              <ExportActions
                size="sm"
                fileName={reportFileName('Dues_', course.name)}
                sheetName={`Dues ${course.name}`}
                table={async () => {
                  const full = await fullReport(data);
                  const rows = full.batches.flatMap((b) => [
                    ...tableOf(exportColumns, b.rows).rows,
                    [`Batch ${b.batchName} total`, ...totalCells('', b.totals)],
                  ]);
                  return { header: exportColumns.map((c) => c.header), rows: [...rows, ['Total', ...totalCells('', full.totals)]] };
                }}
              />
            </Group>
          </Paper>
          {data.batches.map((batch) => (
            <Paper key={batch.batchId} withBorder radius="md" p="lg" data-testid={`batch-${batch.batchName}`}>
              <Group justify="space-between" mb="sm">
                <Title order={4}>Batch: {batch.batchName}</Title>
                <Badge variant="light">
                  {batch.totals.count.toLocaleString('en-IN')} student{batch.totals.count === 1 ? '' : 's'}
                </Badge>
              </Group>
              {batch.truncated && (
                <Text size="sm" c="dimmed" mb="sm" className="no-print">
                  {batch.rows.length.toLocaleString('en-IN')} of {batch.totals.count.toLocaleString('en-IN')} students shown; the totals count all of them.
                </Text>
              )}
              <ReportTable columns={columns} rows={batch.rows} rowKey={(r) => r.studentId} footer={[totalCells('Total:', batch.totals)]} />
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}
