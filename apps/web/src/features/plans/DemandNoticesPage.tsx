import '../../components/paper.css';
import './notice.css';
import { can } from '../../lib/can';
import { Button, Group, Paper, SegmentedControl } from '@mantine/core';
import { NOTICE_PAY_WITHIN_DAYS } from '@fees/validation';
import { addDays } from '@fees/money';
import { IconDownload, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { DateField } from '../../components/DateField';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { printSoon } from '../../lib/print';
import { useTRPC } from '../../lib/trpc';
import { REPORT_FILTER_WIDTHS } from '../reports/ReportParts';
import { DemandNotice } from './DemandNotice';
import { idOf } from '../../lib/ids';

type PaperSize = 'a5' | 'a4';

const PAGE_CSS: Record<PaperSize, string> = {
  a5: '@page { size: A5 portrait; margin: 6mm; }',
  a4: '@page { size: A4 portrait; margin: 8mm; }',
};

/**
 * /notices/?student= or ?course=&batch=: printable demand notices as of a date, one per student who
 * owes anything: one A5 each, or two per A4 sheet.
 */
export default function DemandNoticesPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const set = (next: Record<string, string>) =>
    setParams(
      Object.fromEntries(Object.entries({ ...Object.fromEntries(params), ...next }).filter(([, v]) => v !== '')),
    );
  const studentId = idOf(params.get('student')) ?? undefined;
  const courseId = idOf(params.get('course'));
  const batchId = idOf(params.get('batch')) ?? undefined;
  const asOf = params.get('asof') || todayIso();
  const payBy = params.get('payby') || addDays(asOf, NOTICE_PAY_WITHIN_DAYS);
  const paper: PaperSize = params.get('paper') === 'a4' ? 'a4' : 'a5';
  const enabled = studentId !== undefined || batchId !== undefined;
  const query = useQuery(
    trpc.plans.demandNotices.queryOptions({ depId: department.id, studentId, batchId, asOf, payBy }, { enabled }),
  );
  // A batch's notices go to those with something to collect; one student's always comes back.
  const notices = (query.data?.notices ?? []).filter((n) => n.total > 0);
  const logo = useQuery(
    trpc.letterheads.logo.queryOptions({ depId: department.id }, { enabled: query.data?.letterhead.hasLogo === true }),
  );

  return (
    <>
      <style>{PAGE_CSS[paper]}</style>
      <div className="no-print">
        <PageHeader title="Demand notices" subtitle={department.name} />
        <Paper withBorder radius="md" p="lg" mb="lg">
          <Group align="flex-end" wrap="wrap">
            {studentId === undefined && (
              <DepartmentCourseBatchSelect
                depId={department.id}
                course
                batch
                optional="batch"
                native
                widths={REPORT_FILTER_WIDTHS}
                value={{ courseId, batchId: batchId ?? null }}
                onChange={(next) =>
                  set({
                    course: next.courseId === null ? '' : String(next.courseId),
                    batch: next.batchId === null ? '' : String(next.batchId),
                  })
                }
              />
            )}
            <DateField label="As of" w={160} value={asOf} onChange={(value) => set({ asof: value })} />
            <DateField label="Pay by" w={160} value={payBy} onChange={(value) => set({ payby: value })} />
            <SegmentedControl
              aria-label="Paper"
              value={paper}
              onChange={(value) => set({ paper: value })}
              data={[
                { value: 'a5', label: 'A5 · one each' },
                { value: 'a4', label: 'A4 · two per sheet' },
              ]}
            />
            <Button leftSection={<IconPrinter size={16} />} disabled={notices.length === 0} onClick={printSoon}>
              Print
            </Button>
            {studentId !== undefined && (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                component="a"
                href={`/api/notices/${studentId}.pdf?${new URLSearchParams({ asof: asOf, payby: payBy })}`}
                download
              >
                Download PDF
              </Button>
            )}
            {studentId !== undefined && can('write') && (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                component="a"
                href={`/api/notices/${studentId}.pdf?${new URLSearchParams({
                  asof: asOf,
                  payby: payBy,
                  paylink: '1',
                })}`}
                download
                title="The notice with a payment link's QR for its total (the open link reused, else a new one)"
              >
                PDF with payment link
              </Button>
            )}
          </Group>
        </Paper>
        {!enabled ? (
          <EmptyState
            reason={{
              icon: <IconSearch />,
              title: 'Choose a batch',
              text:
                'Choose a course and one of its batches for a notice to each student who owes fees, ' +
                "or open a student's notice from their statement.",
            }}
          />
        ) : (
          <ReportStates
            query={query}
            loadingLabel="Preparing the notices..."
            empty={() =>
              notices.length === 0 && {
                icon: <IconSearch />,
                title: 'Nothing to demand',
                text: `Nobody here owes anything as of ${formatDate(asOf)}.`,
              }
            }
          >
            {/* The notices print outside this screen-only part, below. */}
            {() => null}
          </ReportStates>
        )}
      </div>
      {query.data && notices.length > 0 && (
        <div className="paper-sheet notice-sheet" data-paper={paper} data-testid="demand-notices">
          {notices.map((notice) => (
            <DemandNotice
              key={notice.studentId}
              data={query.data}
              notice={notice}
              asOf={asOf}
              payBy={payBy}
              departmentName={department.name}
              logo={logo.data?.logo ?? null}
            />
          ))}
        </div>
      )}
    </>
  );
}
