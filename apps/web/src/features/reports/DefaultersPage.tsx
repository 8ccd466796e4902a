import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { DateField } from '../../components/DateField';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { type Column, reportFileName, tableOf } from './export';
import { reportPaths } from './paths';
import { admissionNoColumn, coursesOf, ExportActions, Figure, REPORT_FILTER_WIDTHS, ReportTable } from './ReportParts';
import type { DefaulterRow } from './types';
import { idOf } from '../../lib/ids';
import { can } from '../../lib/can';
import { BulkLinksButton } from '../payments/BulkLinksButton';

/**
 * /defaulters/: the students with a late instalment on a date, the largest amount first, with phone
 * and guardian; the CSV is what the foundation's SMS tool reads.
 */
export default function DefaultersPage() {
  const department = useDepartment();
  const paths = reportPaths(department, useIsAdminArea());
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const courseId = idOf(params.get('course')) ?? undefined;
  const batchId = courseId === undefined ? undefined : (idOf(params.get('batch')) ?? undefined);
  const asOf = params.get('asof') || todayIso();
  const set = (next: Record<string, string>) =>
    setParams(
      Object.fromEntries(Object.entries({ ...Object.fromEntries(params), ...next }).filter(([, v]) => v !== '')),
    );
  const report = useQuery(trpc.reports.defaulters.queryOptions({ depId: department.id, courseId, batchId, asOf }));

  const columns: Array<Column<DefaulterRow>> = [
    admissionNoColumn(paths.statement),
    { header: 'Name', value: (r) => r.name },
    { header: 'Phone', value: (r) => r.phone ?? '', width: 115 },
    { header: 'Guardian', value: (r) => r.guardian ?? '' },
    { header: 'Batch', value: (r) => r.batchName, width: 100 },
    { header: 'Days late', value: (r) => r.daysLate, width: 80 },
    { header: 'Outstanding', value: (r) => ({ paise: r.outstanding }) },
    { header: 'Fine', value: (r) => ({ paise: r.fineOutstanding }) },
    { header: 'To collect', value: (r) => ({ paise: r.toCollect }) },
  ];
  const rows = report.data?.rows ?? [];
  const total = rows.reduce((s, r) => s + r.toCollect, 0);
  const scope = coursesOf(department).find((c) => c.id === courseId)?.name ?? 'All courses';

  return (
    <>
      <PageHeader title={department.name} subtitle={`Defaulters on ${formatDate(asOf)}`} />
      <Paper withBorder radius="md" p="lg" mb="lg" className="no-print">
        <Group align="flex-start" wrap="wrap">
          <DepartmentCourseBatchSelect
            depId={department.id}
            course
            batch
            optional
            native
            widths={REPORT_FILTER_WIDTHS}
            value={{ courseId: courseId ?? null, batchId: batchId ?? null }}
            onChange={(next) =>
              set({
                course: next.courseId === null ? '' : String(next.courseId),
                batch: next.batchId === null || next.batchId === undefined ? '' : String(next.batchId),
              })
            }
          />
          <DateField label="As of" w={160} value={asOf} onChange={(value) => set({ asof: value })} />
          <Button
            mt={25}
            variant="default"
            leftSection={<IconSearch size={16} />}
            loading={report.isFetching}
            onClick={() => void report.refetch()}
          >
            Refresh
          </Button>
          {batchId !== undefined && asOf === todayIso() && can('write') && rows.length > 0 && (
            // Outside the report's states: a refetch after sending must not close the dialog with its result.
            <Group mt={25}>
              <BulkLinksButton
                depId={department.id}
                batchId={batchId}
                batchName={rows[0]?.batchName ?? ''}
                students={rows.filter((r) => r.toCollect > 0).length}
                totalPaise={rows.reduce((s, r) => s + Math.max(0, r.toCollect), 0)}
              />
            </Group>
          )}
        </Group>
      </Paper>
      <ReportStates
        query={report}
        loadingLabel="Finding late instalments..."
        empty={(data) =>
          data.rows.length === 0 && {
            icon: <IconCircleCheck />,
            title: 'No defaulters',
            text: `Nobody in ${scope} has a late instalment on ${formatDate(asOf)}.`,
          }
        }
      >
        {() => (
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" wrap="wrap" gap="lg">
                <Figure label="Scope" value={`${scope} · ${formatDate(asOf)}`} />
                <Group gap="xl">
                  <Figure label="Students" value={rows.length.toLocaleString('en-IN')} />
                  <Figure label="To collect" value={formatRupees(total)} testId="defaulters-total" />
                </Group>
                <ExportActions
                  size="sm"
                  fileName={reportFileName('Defaulters_', scope, '_', asOf)}
                  sheetName={`Defaulters ${asOf}`}
                  table={() => tableOf(columns, rows)}
                />
              </Group>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <ReportTable
                columns={columns}
                rows={rows}
                rowKey={(r) => r.studentId}
                testId="defaulters-table"
                minWidth={980}
                actions={{
                  header: 'Notice',
                  width: 70,
                  render: (r) => (
                    <Anchor
                      component={Link}
                      to={`${paths.notices}?student=${r.studentId}&asof=${asOf}`}
                      size="sm"
                      aria-label={`Demand notice of ${r.name}`}
                    >
                      Print
                    </Anchor>
                  ),
                }}
              />
            </Paper>
          </Stack>
        )}
      </ReportStates>
    </>
  );
}
