import { Group, Paper, Stack } from '@mantine/core';
import { IconDiscount } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { useDepartment } from '../../lib/department-context';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { type Column, reportFileName, tableOf } from './export';
import { coursesOf, ExportActions, Figure, REPORT_FILTER_WIDTHS, ReportTable } from './ReportParts';
import { idOf } from '../../lib/ids';

type Scheme = RouterOutputs['reports']['concessions'][number];
/** One line per scheme and fee head; the scheme's name and students on its first line. */
type Line = {
  key: string;
  scheme: string;
  students: number | null;
  feeHead: string;
  headStudents: number;
  amountPaise: number;
};

function linesOf(schemes: Scheme[]): Line[] {
  return schemes.flatMap((s) =>
    s.heads.map((h, i) => ({
      key: `${s.schemeId}:${h.feeHeadId}`,
      scheme: i === 0 ? s.scheme : '',
      students: i === 0 ? s.students : null,
      feeHead: h.feeHead,
      headStudents: h.students,
      amountPaise: h.discountPaise,
    })),
  );
}

const columns: Array<Column<Line>> = [
  { header: 'Scheme', value: (r) => r.scheme },
  { header: 'Students', value: (r) => r.students, width: 90 },
  { header: 'Fee head', value: (r) => r.feeHead },
  { header: 'Discounts given', value: (r) => r.headStudents, width: 130 },
  { header: 'Amount', value: (r) => ({ paise: r.amountPaise }) },
];

/**
 * /concessions/: per concession scheme its students and the discounts it gives per fee head, for the department, a
 * course or a batch.
 */
export default function ConcessionsPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const courseId = idOf(params.get('course')) ?? undefined;
  const batchId = idOf(params.get('batch')) ?? undefined;
  const report = useQuery(trpc.reports.concessions.queryOptions({ depId: department.id, courseId, batchId }));
  const schemes = report.data ?? [];
  const total = schemes.reduce((sum, s) => sum + s.totalPaise, 0);
  const scope = coursesOf(department).find((c) => c.id === courseId)?.name ?? 'All courses';
  const footer = [
    ...schemes.map((s) => [
      `${s.scheme} total`,
      s.students,
      '',
      s.heads.reduce((n, h) => n + h.students, 0),
      { paise: s.totalPaise },
    ]),
    ['Total', null, '', null, { paise: total }],
  ];
  return (
    <>
      <PageHeader title={department.name} subtitle="Concessions summary by scheme" />
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
              setParams({
                ...(next.courseId ? { course: String(next.courseId) } : {}),
                ...(next.batchId ? { batch: String(next.batchId) } : {}),
              })
            }
          />
        </Group>
      </Paper>
      <ReportStates
        query={report}
        empty={(data) =>
          data.length === 0 && {
            icon: <IconDiscount />,
            title: 'No concessions',
            text: `No student of ${scope} is in a concession scheme.`,
          }
        }
      >
        {() => (
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" wrap="wrap" gap="lg">
                <Figure label="Scope" value={scope} />
                <Group gap="xl">
                  <Figure label="Schemes" value={schemes.length} />
                  <Figure label="Concessions" value={formatRupees(total)} testId="concessions-total" />
                </Group>
                <ExportActions
                  size="sm"
                  fileName={reportFileName('Concessions_', scope)}
                  sheetName="Concessions"
                  table={() => tableOf(columns, linesOf(schemes), footer)}
                />
              </Group>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <ReportTable
                columns={columns}
                rows={linesOf(schemes)}
                rowKey={(r) => r.key}
                footer={footer}
                testId="concessions-table"
              />
            </Paper>
          </Stack>
        )}
      </ReportStates>
    </>
  );
}
