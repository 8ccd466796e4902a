import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { REPORT_BATCH_ROW_LIMIT, REPORT_ROW_LIMIT_MAX, ZStudentFeeReportInput } from '@fees/validation';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
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
import type { FeeInfoReport, FeeInfoRow } from './types';

const ZSearchForm = ZStudentFeeReportInput.pick({ courseId: true, text: true });

type Totals = FeeInfoReport['totals'];
const totalCells = (t: Totals): Cell[] => [{ paise: t.feePaise }, { paise: t.discountPaise }, { paise: t.finalFeePaise }];

/** /finfo/: every student of a course with total fee, total discount (with adjustment) and final fee, by batch. */
export default function StudentFeeReportPage() {
  const department = useDepartment();
  const paths = reportPaths(department, useIsAdminArea());
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const course = coursesOf(department).find((c) => String(c.id) === params.get('course'));
  const text = params.get('q') ?? '';
  const batchId = Number(params.get('batch')) || undefined;

  const form = useForm({
    mode: 'controlled',
    initialValues: { courseId: course ? String(course.id) : '', text, batchId: batchId ? String(batchId) : '' },
    validate: schemaResolver(ZSearchForm, { sync: true }),
    clearInputErrorOnChange: true,
  });
  const input = { depId: department.id, courseId: course?.id ?? 0, text: text || undefined, batchId, limit: batchId ? REPORT_BATCH_ROW_LIMIT : undefined };
  const report = useQuery(trpc.reports.studentFeeInfo.queryOptions(input, { enabled: course !== undefined }));
  const fullReport = async (data: FeeInfoReport) =>
    data.truncated ? queryClient.fetchQuery(trpc.reports.studentFeeInfo.queryOptions({ ...input, limit: REPORT_ROW_LIMIT_MAX })) : data;

  const columns: Array<Column<FeeInfoRow>> = [
    { header: 'Batch', value: (r) => r.batchName, width: 110 },
    { header: 'Name', value: (r) => r.name },
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
    { header: 'CapId', value: (r) => r.capId, width: 150 },
    { header: 'Total Fee', value: (r) => ({ paise: r.feePaise }) },
    { header: 'Total Discount', value: (r) => ({ paise: r.discountPaise }), width: 140 },
    { header: 'Final Fee', value: (r) => ({ paise: r.finalFeePaise }) },
  ];

  const onSearch = form.onSubmit((values) => {
    const next = { course: String(values.courseId), q: values.text.trim(), batch: values.batchId };
    if (next.course === params.get('course') && next.q === text && next.batch === (params.get('batch') ?? '')) void report.refetch();
    else setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')));
  });

  const data = report.data;
  return (
    <>
      <PageHeader title={department.name} subtitle="Student Fee Report" />
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
            <TextInput label="Search" placeholder="search" w={280} leftSection={<IconSearch size={16} />} {...form.getInputProps('text')} />
            <Button type="submit" mt={25} leftSection={<IconSearch size={16} />} loading={report.isFetching}>
              Search
            </Button>
          </Group>
        </form>
      </Paper>

      {!course && (
        <ReportEmpty icon={<IconSearch />} title="Choose a course">
          Choose a course and press Search to see every student's fee, discount and final fee.
        </ReportEmpty>
      )}
      {course && report.isFetching && <ReportLoading />}
      {course && !report.isFetching && report.isError && <ReportError error={report.error} />}
      {course && !report.isFetching && data && data.totals.count === 0 && (
        <ReportEmpty icon={<IconUsersGroup />} title="No students found">
          {course.name} has no students{text ? ` matching "${text}"` : ''}.
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
                sheetName={`Fee information ${course.name}`}
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
              <ReportTable columns={columns} rows={batch.rows} rowKey={(r) => r.studentId} footer={[['Total:', null, null, null, ...totalCells(batch.totals)]]} />
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}
