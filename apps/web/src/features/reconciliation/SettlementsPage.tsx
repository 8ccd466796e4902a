import { addDays } from '@fees/money';
import { receiptLabel, SETTLEMENT_FETCH_MAX_DAYS, STATEMENT_MAX_BYTES } from '@fees/validation';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../components/DateField';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReceiptLink } from '../../components/ReceiptLink';
import { ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { formatRupees } from '../../lib/money';
import { readBase64 } from '../../lib/read-file';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

type View = RouterOutputs['settlements']['list'];
type LineState = View['settlements'][number]['lines'][number]['state'];
type ExceptionKind = View['exceptions'][number]['kind'];

const STATE_LABEL: Record<LineState, string> = {
  matched: 'Matched',
  amount_differs: 'Amount differs',
  no_receipt: 'No receipt',
  not_a_payment: 'Not a payment',
};
const STATE_COLOR: Record<LineState, string> = {
  matched: 'green',
  amount_differs: 'red',
  no_receipt: 'orange',
  not_a_payment: 'gray',
};
const EXCEPTION_LABEL: Record<ExceptionKind, string> = {
  no_receipt: 'No receipt',
  amount_differs: 'Amount differs',
  not_settled: 'Not settled',
};
const EXCEPTION_COLOR: Record<ExceptionKind, string> = {
  no_receipt: 'orange',
  amount_differs: 'red',
  not_settled: 'yellow',
};

const nowrap = { whiteSpace: 'nowrap' } as const;

function Figure({ label, paise, testId }: { label: string; paise: number; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId} style={nowrap}>
        {formatRupees(paise)}
      </Text>
    </div>
  );
}

/**
 * The gateway's settlement report (CSV or XLSX from its dashboard): a preview with each unreadable row, then
 * Import.
 */
function UploadReport({ onImported }: { onImported: () => Promise<unknown> }) {
  const trpc = useTRPC();
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const preview = useMutation(trpc.settlements.previewReport.mutationOptions());
  const importing = useMutation(trpc.settlements.importReport.mutationOptions({ onSuccess: () => onImported() }));
  const choose = async (picked: File | null) => {
    preview.reset();
    importing.reset();
    setTooLarge(false);
    setFile(null);
    if (!picked) return;
    if (picked.size > STATEMENT_MAX_BYTES) return setTooLarge(true);
    const chosen = { name: picked.name, base64: await readBase64(picked) };
    setFile(chosen);
    preview.mutate({ fileName: chosen.name, fileBase64: chosen.base64 });
  };
  const p = preview.data;
  return (
    <Stack gap="xs">
      <FileInput
        label="Or upload the settlement report (CSV or XLSX from Razorpay's dashboard)"
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileSpreadsheet size={16} />}
        placeholder="Choose the file"
        onChange={(picked) => void choose(picked)}
        clearable
        maw={480}
      />
      {tooLarge && <Alert color="red">The file is larger than 2 MB: download the report a month at a time</Alert>}
      <FailureAlert error={preview.error} title="The report could not be read" />
      {p && (
        <>
          <Text size="sm" data-testid="report-preview">
            {p.lineCount} line{p.lineCount === 1 ? '' : 's'} in {p.settlements.length} settlement
            {p.settlements.length === 1 ? '' : 's'}
            {p.from && p.to && ` from ${formatDate(p.from)} to ${formatDate(p.to)}`}:{' '}
            {`${p.newCount} new, ${p.alreadyKept} kept already.`}
          </Text>
          {p.problemCount > 0 && (
            <Alert color="red" title={`${p.problemCount} row(s) cannot be read; fix them and choose the file again`}>
              {p.problems.map((problem) => (
                <div key={problem.rowNo}>{problem.message}</div>
              ))}
            </Alert>
          )}
          <FailureAlert error={importing.error} title="Not imported" />
          {importing.data ? (
            <Text size="sm" c="green">
              Imported: {importing.data.added} line{importing.data.added === 1 ? '' : 's'} added,{' '}
              {importing.data.alreadyKept} kept already.
            </Text>
          ) : (
            <Group>
              <Button
                variant="light"
                loading={importing.isPending}
                disabled={!file || p.problemCount > 0 || p.lineCount === 0}
                onClick={() => file && importing.mutate({ fileName: file.name, fileBase64: file.base64 })}
              >
                Import {p.newCount} line{p.newCount === 1 ? '' : 's'}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/** Each exception as a short card: what it is, the payment and amount, and what happened (readable on a phone). */
function Exceptions({ rows }: { rows: View['exceptions'] }) {
  if (rows.length === 0) return <Text c="dimmed">No exception in this period.</Text>;
  return (
    <Stack gap="xs" data-testid="settlement-exceptions">
      {rows.map((e) => (
        <Paper key={`${e.kind}-${e.paymentId}`} withBorder radius="sm" p="sm" data-testid="settlement-exception">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Badge color={EXCEPTION_COLOR[e.kind]} style={{ flexShrink: 0 }}>
                {EXCEPTION_LABEL[e.kind]}
              </Badge>
              <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                {e.paymentId}
              </Text>
              {e.receiptNumber !== null && (
                <Text size="sm">
                  receipt {receiptLabel(e.receiptNumber)}
                  {e.department ? ` (${e.department})` : ''}
                </Text>
              )}
            </Group>
            <Text fw={600} style={nowrap}>
              {formatRupees(e.amountPaise)}
            </Text>
          </Group>
          <Text size="sm" mt={4}>
            {e.happened}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function Settlement({ settlement }: { settlement: View['settlements'][number] }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="settlement">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="xs">
        <div>
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {settlement.settlementId}
          </Text>
          <Text size="sm" c="dimmed">
            Settled {formatDate(settlement.settledOn)} · UTR {settlement.utr || '(none)'}
          </Text>
        </div>
        {settlement.bankLine ? (
          <Badge color="green" variant="light">
            On the bank statement of {formatDate(settlement.bankLine.date)}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Not yet on a bank statement
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="sm">
        <Figure label="Gross" paise={settlement.grossPaise} testId="settlement-gross" />
        <Figure label="Gateway fee" paise={settlement.feePaise} testId="settlement-fee" />
        <Figure label="GST on the fee" paise={settlement.taxPaise} testId="settlement-tax" />
        <Figure label="Net credited" paise={settlement.netPaise} testId="settlement-net" />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={720}>
        <Table striped data-testid="settlement-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Receipt</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Fee + GST</Table.Th>
              <Table.Th ta="right">Net</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settlement.lines.map((l) => (
              <Table.Tr key={l.entityId}>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {l.entityId}
                  </Text>
                  {l.type !== 'payment' && (
                    <Text size="xs" c="dimmed">
                      {l.type}
                      {l.paymentId ? ` of ${l.paymentId}` : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {l.receipt ? (
                    <>
                      <ReceiptLink number={l.receipt.number} department={l.receipt.departmentId} />
                      <Text size="xs" c="dimmed">
                        {l.receipt.department} · {l.receipt.admissionNo} {l.receipt.studentName}
                      </Text>
                    </>
                  ) : l.otherDepartment ? (
                    <Text size="sm" c="dimmed">
                      A receipt of {l.otherDepartment}
                    </Text>
                  ) : (
                    '-'
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[l.state]} variant="light">
                    {STATE_LABEL[l.state]}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatRupees(l.amountPaise)}
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatRupees(l.feePaise + l.taxPaise)}
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatRupees(l.netPaise)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * The gateway's settlements of a period, every department's payments together (one merchant account):
 * fetched from the gateway or uploaded as its report; each settlement's gross, fee, GST and net with
 * its UTR and its payments matched to receipts; above them the exceptions an accountant must look at.
 */
export default function SettlementsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const department = useDepartment();
  const [from, setFrom] = useState(() => addDays(todayIso(), -6));
  const [to, setTo] = useState(() => todayIso());
  const ordered = from !== '' && to !== '' && from <= to;
  const period = { from, to };
  const view = useQuery({ ...trpc.settlements.list.queryOptions(period), enabled: ordered });
  const paymentExceptions = useQuery(trpc.payments.exceptions.queryOptions({ depId: department.id, status: 'open' }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.settlements.list.pathKey() });
  const fetching = useMutation(trpc.settlements.fetch.mutationOptions({ onSuccess: () => refresh() }));
  const tooLong = ordered && (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > SETTLEMENT_FETCH_MAX_DAYS;
  return (
    <>
      <PageHeader
        title="Gateway settlements"
        subtitle="Razorpay's settlements of every department's online payments, matched to receipts"
        actions={
          <Anchor component={Link} to={`/${department.prefix}/reconciliation/`}>
            Bank statements
          </Anchor>
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <DateField label="Settled from" w={160} value={from} onChange={setFrom} />
            <DateField label="to" w={160} value={to} onChange={setTo} />
            <Button
              leftSection={<IconRefresh size={16} />}
              loading={fetching.isPending}
              disabled={!ordered || tooLong}
              onClick={() => fetching.mutate(period)}
            >
              Fetch from Razorpay
            </Button>
          </Group>
          {!ordered && from !== '' && to !== '' && (
            <Text size="sm" c="red" mt="xs">
              The period ends before it starts.
            </Text>
          )}
          {tooLong && (
            <Text size="sm" c="dimmed" mt="xs">
              Razorpay is asked {SETTLEMENT_FETCH_MAX_DAYS} days at most at a time: shorten the period to fetch.
            </Text>
          )}
          <FailureAlert error={fetching.error} title="Nothing was fetched" mt="xs" />
          {fetching.data && (
            <Text size="sm" c="green" mt="xs" data-testid="fetch-result">
              Fetched {fetching.data.lines} line{fetching.data.lines === 1 ? '' : 's'} in{' '}
              {`${fetching.data.settlements} settlement${fetching.data.settlements === 1 ? '' : 's'}`}:{' '}
              {`${fetching.data.added} new, ${fetching.data.alreadyKept} kept already.`}
            </Text>
          )}
          <Stack mt="md">
            <UploadReport onImported={refresh} />
          </Stack>
        </Paper>
        <ReportStates query={view} loadingLabel="Reading the settlements..." refreshInPlace>
          {(data) => (
            <>
              <Paper withBorder radius="md" p="md">
                <Title order={2} size="h4" mb="sm">
                  Exceptions
                </Title>
                <Exceptions rows={data.exceptions} />
                {(paymentExceptions.data?.length ?? 0) > 0 && (
                  <Text size="sm" mt="sm">
                    {department.name} also has {paymentExceptions.data!.length} payment exception
                    {paymentExceptions.data!.length === 1 ? '' : 's'} to resolve on{' '}
                    <Anchor component={Link} to={`/${department.prefix}/payments`}>
                      Online payments
                    </Anchor>
                    .
                  </Text>
                )}
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Title order={2} size="h4" mb="sm">
                  {data.settlements.length} settlement{data.settlements.length === 1 ? '' : 's'} from{' '}
                  {formatDate(data.from)} to {formatDate(data.to)}
                </Title>
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="sm">
                  <Figure label="Gross" paise={data.totals.grossPaise} testId="total-gross" />
                  <Figure label="Gateway fees" paise={data.totals.feePaise} testId="total-fee" />
                  <Figure label="GST on fees" paise={data.totals.taxPaise} testId="total-tax" />
                  <Figure label="Net credited" paise={data.totals.netPaise} testId="total-net" />
                </SimpleGrid>
                <Group gap={4}>
                  {(Object.keys(STATE_LABEL) as LineState[]).map((s) => (
                    <Badge key={s} color={STATE_COLOR[s]} variant="light">
                      {STATE_LABEL[s]} {data.stateCounts[s]}
                    </Badge>
                  ))}
                </Group>
              </Paper>
              {data.settlements.length === 0 ? (
                <Text c="dimmed">No settlement in this period: fetch it from Razorpay or upload its report.</Text>
              ) : (
                data.settlements.map((s) => <Settlement key={s.settlementId} settlement={s} />)
              )}
            </>
          )}
        </ReportStates>
      </Stack>
    </>
  );
}
