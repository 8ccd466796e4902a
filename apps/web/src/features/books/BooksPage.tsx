import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconNotebook, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useState } from 'react';
import { DateField } from '../../components/DateField';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { downloadText } from '../../lib/csv';
import { formatDate, todayIso } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { type Column, reportFileName, tableOf } from '../reports/export';
import { ExportActions, Figure, ReportTable } from '../reports/ReportParts';
import { GRANULARITY_LABELS } from './granularity';

type Preview = RouterOutputs['books']['preview'];
type PlannedVoucher = Preview['vouchers'][number];
type LedgerRow = RouterOutputs['books']['ledger']['rows'][number];
type ExportRow = RouterOutputs['books']['exports'][number];
type SendResult = RouterOutputs['books']['sendToTally'];

const REASONS: Record<PlannedVoucher['reason'], { label: string; color: string }> = {
  new: { label: 'New', color: 'teal' },
  repeat: { label: 'Sent before', color: 'gray' },
  reversal: { label: 'Reversal', color: 'red' },
  replacement: { label: 'Changed', color: 'orange' },
};

const debitOf = (v: PlannedVoucher) => v.entries.reduce((sum, e) => sum + Math.max(e.amountPaise, 0), 0);

const VOUCHER_COLUMNS: Array<Column<PlannedVoucher>> = [
  { header: 'Date', value: (v) => ({ date: v.date }), width: 100 },
  { header: 'Type', value: (v) => v.type, width: 90 },
  { header: 'Number', value: (v) => v.number, width: 120 },
  {
    header: 'Why',
    value: (v) => REASONS[v.reason].label,
    render: (v) => (
      <Badge variant="light" color={REASONS[v.reason].color}>
        {REASONS[v.reason].label}
      </Badge>
    ),
    width: 110,
  },
  { header: 'Narration', value: (v) => v.narration },
  { header: 'Amount', value: (v) => ({ paise: debitOf(v) }) },
];

const LEDGER_COLUMNS: Array<Column<LedgerRow>> = [
  { header: 'Date', value: (r) => ({ date: r.date }), width: 100 },
  { header: 'Voucher type', value: (r) => r.voucherType, width: 100 },
  { header: 'Voucher no', value: (r) => r.voucherNumber, width: 120 },
  { header: 'Ledger', value: (r) => r.ledger },
  { header: 'Narration', value: (r) => r.narration },
  { header: 'Debit', value: (r) => ({ paise: r.debitPaise }), width: 110 },
  { header: 'Credit', value: (r) => ({ paise: r.creditPaise }), width: 110 },
];

const STATUS_LABELS: Record<ExportRow['status'], string> = {
  pending: "Waiting for Tally's answer",
  sent: 'In the books',
  failed: 'Failed: not exported',
};

const LOG_COLUMNS: Array<Column<ExportRow>> = [
  { header: 'Exported', value: (e) => new Date(e.exportedAt).toLocaleString('en-IN'), width: 170 },
  { header: 'By', value: (e) => e.exportedByEmail ?? '(deleted account)' },
  { header: 'Days', value: (e) => `${formatDate(e.dateFrom)} to ${formatDate(e.dateTo)}`, width: 190 },
  { header: 'How', value: (e) => (e.via === 'tally' ? 'Sent to Tally' : 'XML file'), width: 110 },
  { header: 'Status', value: (e) => STATUS_LABELS[e.status], width: 150 },
  { header: 'Vouchers', value: (e) => e.voucherCount, width: 80 },
  { header: 'Reversals', value: (e) => e.reversalCount, width: 80 },
  { header: "Tally's answer", value: (e) => e.tallyAnswer ?? '' },
];

function firstOfMonth(): string {
  return `${todayIso().slice(0, 8)}01`;
}

function TallyAnswer({ result }: { result: SendResult }) {
  const ok = result.exportId !== null;
  return (
    <Alert
      color={ok ? 'teal' : 'red'}
      title={ok ? 'Tally took the vouchers' : 'Tally refused the import'}
      data-testid="tally-answer"
    >
      <Text size="sm">
        Created {result.answer.created}, altered {result.answer.altered}, errors {result.answer.errors}, exceptions{' '}
        {result.answer.exceptions}
      </Text>
      {result.answer.lineErrors.map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
      {!ok && <Text size="sm">Nothing was recorded as exported: fix the ledgers in Tally and send again.</Text>}
      {result.warning && <Text size="sm">{result.warning}</Text>}
    </Alert>
  );
}

/**
 * The accountant's books: the closed days of a range as vouchers for Tally (per receipt or per day), what an
 * export would send (new vouchers, and reversals of exported ones changed since), the XML download or the
 * sending to Tally with its answer, the general ledger as CSV and XLSX, and the export log.
 */
export default function BooksPage() {
  const department = useDepartment();
  const depId = department.id;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(todayIso);
  const [repeat, setRepeat] = useState(false);
  const [sent, setSent] = useState<SendResult | null>(null);
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const input = { depId, from, to, repeat };
  const mapping = useQuery(trpc.books.mapping.queryOptions({ depId }));
  const preview = useQuery(trpc.books.preview.queryOptions(input, { enabled: ready }));
  const ledger = useQuery(trpc.books.ledger.queryOptions({ depId, from, to }, { enabled: ready }));
  const log = useQuery(trpc.books.exports.queryOptions({ depId }));
  const refresh = async () => {
    setRepeat(false);
    await queryClient.invalidateQueries({ queryKey: trpc.books.pathKey() });
  };
  const exportFile = useMutation(
    trpc.books.export.mutationOptions({
      onSuccess: async (result) => {
        downloadText(result.fileName, result.xml, 'application/xml;charset=utf-8');
        notifications.show({
          color: 'teal',
          message: `${result.voucherCount} voucher(s) exported to ${result.fileName}`,
        });
        await refresh();
      },
    }),
  );
  const send = useMutation(
    trpc.books.sendToTally.mutationOptions({
      onSuccess: async (result) => {
        setSent(result);
        await refresh();
      },
    }),
  );

  return (
    <Stack>
      <PageHeader title="Books" subtitle={`${department.name}: closed days to Tally`} />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <DateField label="From" value={from} onChange={setFrom} maxDate={todayIso()} />
          <DateField label="To" value={to} onChange={setTo} maxDate={todayIso()} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Vouchers
            </Text>
            <Text size="sm" data-testid="books-granularity">
              {mapping.data ? GRANULARITY_LABELS[mapping.data.granularity] : '...'}
            </Text>
          </Stack>
          <Button component={Link} to={`/${department.prefix}/ledgers`} variant="subtle">
            Ledger mapping
          </Button>
        </Group>
      </Paper>

      <ReportStates query={preview} loadingLabel="Building the vouchers..." errorTitle="Nothing to export">
        {(data) => (
          <Stack>
            {data.alreadySent > 0 && (
              <Alert color="yellow" title="Already exported" data-testid="already-exported">
                <Stack gap={4}>
                  <Text size="sm">
                    {data.alreadySent} voucher(s) of these days went to the books before, unchanged since:
                    {data.earlierExports
                      .map(
                        (e) =>
                          ` ${formatDate(e.dateFrom)} to ${formatDate(e.dateTo)} ` +
                          `on ${new Date(e.exportedAt).toLocaleString('en-IN')} ` +
                          `by ${e.exportedByEmail ?? 'a deleted account'}`,
                      )
                      .join(';')}
                    .
                  </Text>
                  <Checkbox
                    label="Export again (only after an import that failed in Tally: Tally would count them twice)"
                    checked={repeat}
                    onChange={(e) => setRepeat(e.currentTarget.checked)}
                  />
                </Stack>
              </Alert>
            )}
            {data.waitingDays.length > 0 && (
              <Alert color="blue" title="Reopened days wait">
                {data.waitingDays.map((d) => formatDate(d)).join(', ')} went to the books before and is open again: its
                changes go in the first export after it is closed.
              </Alert>
            )}
            <Group gap="xl">
              <Figure label="Vouchers to send" value={data.vouchers.length} testId="voucher-count" />
              <Figure label="Debits" value={formatRupees(data.totals.debitPaise)} />
              <Figure label="Credits" value={formatRupees(data.totals.creditPaise)} />
            </Group>
            <Group>
              <Button
                leftSection={<IconDownload size={16} />}
                disabled={data.vouchers.length === 0}
                loading={exportFile.isPending}
                onClick={() => exportFile.mutate(input)}
              >
                Download Tally XML
              </Button>
              <Button
                variant="light"
                leftSection={<IconSend size={16} />}
                disabled={data.vouchers.length === 0}
                loading={send.isPending}
                onClick={() => {
                  setSent(null);
                  send.mutate(input);
                }}
              >
                Send to Tally
              </Button>
            </Group>
            <FailureAlert error={exportFile.error ?? send.error} title="Not exported" />
            {sent && <TallyAnswer result={sent} />}
            {data.vouchers.length > 0 && (
              <ReportTable
                columns={VOUCHER_COLUMNS}
                rows={data.vouchers}
                rowKey={(v) => `${v.kind}:${v.key}:${v.revision}`}
                testId="books-vouchers"
              />
            )}
          </Stack>
        )}
      </ReportStates>

      <Paper withBorder p="md" radius="md">
        <Stack>
          <Group justify="space-between">
            <Title order={4}>General ledger</Title>
            {ledger.data && (
              <ExportActions
                fileName={reportFileName('General ledger ', department.name, ` ${from} to ${to}`)}
                sheetName="General ledger"
                table={() =>
                  tableOf(LEDGER_COLUMNS, ledger.data.rows, [
                    [
                      null,
                      null,
                      null,
                      'Total',
                      null,
                      { paise: ledger.data.totals.debitPaise },
                      { paise: ledger.data.totals.creditPaise },
                    ],
                  ])
                }
              />
            )}
          </Group>
          <ReportStates
            query={ledger}
            loadingLabel="Adding up the ledger..."
            errorTitle="No general ledger"
            empty={(data) =>
              data.rows.length === 0 && {
                icon: <IconNotebook size={28} />,
                title: 'No vouchers',
                text: 'Nothing was received, refunded or bounced on these days.',
              }
            }
          >
            {(data) => (
              <ReportTable
                columns={LEDGER_COLUMNS}
                rows={data.rows}
                rowKey={(r) => `${r.voucherNumber}:${r.ledger}:${r.date}`}
                footer={[
                  [
                    null,
                    null,
                    null,
                    'Total',
                    null,
                    { paise: data.totals.debitPaise },
                    { paise: data.totals.creditPaise },
                  ],
                ]}
                testId="general-ledger"
                minWidth={960}
              />
            )}
          </ReportStates>
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack>
          <Title order={4}>Export log</Title>
          <ReportStates
            query={log}
            loadingLabel="Reading the log..."
            refreshInPlace
            empty={(rows) =>
              rows.length === 0 && {
                icon: <IconNotebook size={28} />,
                title: 'No exports yet',
                text: 'Exports and sendings to Tally are listed here.',
              }
            }
          >
            {(rows) => (
              <ReportTable columns={LOG_COLUMNS} rows={rows} rowKey={(e) => e.id} testId="export-log" minWidth={960} />
            )}
          </ReportStates>
        </Stack>
      </Paper>
    </Stack>
  );
}
