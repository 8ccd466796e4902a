import { Accordion, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_MODE_LABELS } from '@fees/validation';
import { IconCalendarSearch, IconCoinOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import type { Department } from '../../lib/departments';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { useTRPC } from '../../lib/trpc';
import { type Cell, type ExportTable, reportFileName } from './export';
import { DateRangeForm, useDateRangeSearch } from './DateRangeSearch';
import { ChequeFigures, ExportActions, Figure, ReportTable } from './ReportParts';
import type { Collections, CollectionsTotals } from './types';

type HeadRow = { key: string; name: string; paise: number };
type ModeRow = { key: string; name: string; count: number; paise: number };

/** The fee heads (pre-tax lines), then GST as its own row: together they make the net collected. */
function headRows(t: CollectionsTotals): HeadRow[] {
  const rows = t.byHead.map((h) => ({ key: String(h.feeHeadId), name: h.feeHead, paise: h.amountPaise }));
  return t.taxPaise > 0 ? [...rows, { key: 'gst', name: 'GST', paise: t.taxPaise }] : rows;
}

function modeRows(t: CollectionsTotals): ModeRow[] {
  return t.byMode.map((m) => ({ key: m.mode, name: PAYMENT_MODE_LABELS[m.mode], count: m.count, paise: m.netPaise }));
}

function TotalsTables({ totals, testId }: { totals: CollectionsTotals; testId: string }) {
  if (totals.count === 0) {
    return (
      <Text c="dimmed" size="sm">
        No receipts in this period.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Stack gap="xs">
        <Text fw={600}>By fee head</Text>
        <ReportTable
          testId={`${testId}-heads`}
          minWidth={320}
          columns={[
            { header: 'Fee head', value: (r: HeadRow) => r.name },
            { header: 'Amount', value: (r: HeadRow) => ({ paise: r.paise }), width: 160 },
          ]}
          rows={headRows(totals)}
          rowKey={(r) => r.key}
          footer={[['Total collected', { paise: totals.netPaise }]]}
        />
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>By payment mode</Text>
        <ReportTable
          testId={`${testId}-modes`}
          minWidth={320}
          columns={[
            { header: 'Mode', value: (r: ModeRow) => r.name },
            { header: 'Receipts', value: (r: ModeRow) => r.count, width: 100 },
            { header: 'Amount', value: (r: ModeRow) => ({ paise: r.paise }), width: 160 },
          ]}
          rows={modeRows(totals)}
          rowKey={(r) => r.key}
          footer={[['Total collected', totals.count, { paise: totals.netPaise }]]}
        />
      </Stack>
    </SimpleGrid>
  );
}

/** One sheet: every department's heads, GST and modes, then the overall figures. */
function exportTable(report: Collections): ExportTable {
  const block = (department: string, t: CollectionsTotals): Cell[][] => [
    ...headRows(t).map((h): Cell[] => [department, 'Fee head', h.name, null, { paise: h.paise }]),
    ...modeRows(t).map((m): Cell[] => [department, 'Payment mode', m.name, m.count, { paise: m.paise }]),
    [department, 'Total collected', null, t.count, { paise: t.netPaise }],
    [department, 'Of it from sponsors', null, t.sponsorCount, { paise: t.sponsorPaise }],
    [department, 'Adjusted from advance', null, null, { paise: t.adjustedPaise }],
    [department, 'Refunds paid out', null, t.refundCount, { paise: t.refundedPaise }],
    [department, 'Received less refunds', null, null, { paise: t.keptPaise }],
  ];
  const rows = report.departments.flatMap((d) => block(d.depName, d));
  const scope = report.departments.length > 1 ? 'All departments' : (report.departments[0]?.depName ?? '');
  const { received, cleared, bounced } = report.cheques;
  const cheques: Cell[][] = [
    [scope, 'Cheques', 'Received', received.count, { paise: received.amountPaise }],
    [scope, 'Cheques', 'Cleared', cleared.count, { paise: cleared.amountPaise }],
    [scope, 'Cheques', 'Bounced', bounced.count, { paise: bounced.amountPaise }],
  ];
  return {
    header: ['Department', 'Kind', 'Name', 'Receipts', 'Amount'],
    rows: [
      ...(report.departments.length > 1 ? [...rows, ...block('All departments', report.overall)] : rows),
      ...cheques,
    ],
  };
}

function monthToDate(): { from: string; to: string } {
  const today = todayIso();
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * Collections for a period: totals by fee head (pre-tax line amounts, with GST as its own row) and by payment mode, and
 * the cheques and drafts received, cleared and bounced. A department sees its own; the admin shell shows all
 * departments together and each one apart. Opens on the month so far.
 */
function CollectionsSummary({ department }: { department: Department | null }) {
  const trpc = useTRPC();
  const search = useDateRangeSearch(monthToDate);
  const { range } = search;
  const report = useQuery(
    trpc.reports.collections.queryOptions(
      { depId: department?.id, from: range?.from ?? '', to: range?.to ?? '' },
      { enabled: range !== null },
    ),
  );
  const period = range ? `${formatDate(range.from)} to ${formatDate(range.to)}` : '';
  return (
    <>
      <PageHeader
        title={department?.name ?? 'All departments'}
        subtitle="Collections summary: by fee head and by payment mode"
      />
      <DateRangeForm
        search={search}
        refetch={() => void report.refetch()}
        loading={report.isFetching}
        submitLabel="Show"
      />

      {!range ? (
        <EmptyState
          reason={{
            icon: <IconCalendarSearch />,
            title: 'Choose the dates',
            text: 'Choose a from and a to date (both days are included).',
          }}
        />
      ) : (
        <ReportStates
          query={report}
          loadingLabel="Adding up the collections..."
          empty={(data) =>
            data.overall.count === 0 &&
            data.overall.refundCount === 0 &&
            data.cheques.cleared.count + data.cheques.bounced.count === 0 && {
              icon: <IconCoinOff />,
              title: 'Nothing collected in this period',
              text: `No receipts are dated ${period}.`,
            }
          }
        >
          {(data) => (
            <Stack gap="lg">
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between" wrap="wrap" gap="lg">
                  <Figure label="Period" value={period} />
                  <Group gap="xl" wrap="wrap">
                    <Figure label="Receipts" value={data.overall.count.toLocaleString('en-IN')} />
                    <Figure label="Fees" value={formatRupees(data.overall.headsPaise)} />
                    <Figure label="GST" value={formatRupees(data.overall.taxPaise)} />
                    <Figure
                      label="Total collected"
                      value={formatRupees(data.overall.netPaise)}
                      testId="collections-total"
                    />
                    {data.overall.sponsorCount > 0 && (
                      <Figure
                        label={`Of it from sponsors (${data.overall.sponsorCount})`}
                        value={formatRupees(data.overall.sponsorPaise)}
                        testId="collections-sponsors"
                      />
                    )}
                    {data.overall.adjustedPaise > 0 && (
                      <Figure label="Of it adjusted from advance" value={formatRupees(data.overall.adjustedPaise)} />
                    )}
                    {data.overall.refundCount > 0 && (
                      <>
                        <Figure
                          label={`Refunds paid out (${data.overall.refundCount})`}
                          value={formatRupees(data.overall.refundedPaise)}
                          testId="collections-refunded"
                        />
                        <Figure
                          label="Received less refunds"
                          value={formatRupees(data.overall.keptPaise)}
                          testId="collections-kept"
                        />
                      </>
                    )}
                  </Group>
                  <ExportActions
                    size="sm"
                    fileName={reportFileName(
                      'Collections_',
                      department?.code ?? 'All',
                      '_',
                      range.from,
                      '_to_',
                      range.to,
                    )}
                    sheetName="Collections"
                    table={() => exportTable(data)}
                  />
                </Group>
              </Paper>
              <Paper withBorder radius="md" p="lg">
                <Title order={2} size="h4" mb="md">
                  {department ? department.name : 'All departments'}
                </Title>
                <TotalsTables totals={data.overall} testId="overall" />
              </Paper>
              <Paper withBorder radius="md" p="lg">
                <Title order={2} size="h4" mb="md">
                  Cheques and drafts
                </Title>
                <ChequeFigures cheques={data.cheques} testId="collections-cheques" />
              </Paper>
              {!department && (
                <Paper withBorder radius="md" p="lg">
                  <Title order={2} size="h4" mb="md">
                    By department
                  </Title>
                  <Accordion
                    multiple
                    variant="separated"
                    defaultValue={data.departments.filter((d) => d.count > 0).map((d) => String(d.depId))}
                  >
                    {data.departments.map((d) => (
                      <Accordion.Item key={d.depId} value={String(d.depId)}>
                        <Accordion.Control>
                          <Group justify="space-between" pr="md">
                            <Text fw={600}>{d.depName}</Text>
                            <Group gap="sm">
                              <Badge variant="light" color={d.count > 0 ? 'indigo' : 'gray'}>
                                {d.count.toLocaleString('en-IN')} receipt{d.count === 1 ? '' : 's'}
                              </Badge>
                              <Text
                                fw={700}
                                style={{ fontVariantNumeric: 'tabular-nums' }}
                                data-testid={`department-${d.depId}-total`}
                              >
                                {formatRupees(d.netPaise)}
                              </Text>
                            </Group>
                          </Group>
                        </Accordion.Control>
                        <Accordion.Panel>
                          <TotalsTables totals={d} testId={`department-${d.depId}`} />
                        </Accordion.Panel>
                      </Accordion.Item>
                    ))}
                  </Accordion>
                </Paper>
              )}
            </Stack>
          )}
        </ReportStates>
      )}
    </>
  );
}

function DepartmentCollections() {
  return <CollectionsSummary department={useDepartment()} />;
}

/** /{prefix}/collections/ for one department; /admin/collections for all of them. */
export default function CollectionsSummaryPage() {
  return useIsAdminArea() ? <CollectionsSummary department={null} /> : <DepartmentCollections />;
}
