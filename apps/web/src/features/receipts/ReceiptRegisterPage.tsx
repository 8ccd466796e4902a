import { PAYMENT_MODE_LABELS, RECEIPT_PAYMENT_MODES, receiptLabel, ZListReceiptsInput } from '@fees/validation';
import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconPencil, IconPrinter, IconReceiptOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DateField } from '../../components/DateField';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { idOf } from '../../lib/ids';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { editReceiptPath, receiptSuccessPath } from './links';
import { ReceiptNumberField } from './ReceiptNumberField';
import { ReceiptsTabs } from './ReceiptsTabs';
import { usePrintDuplicate } from './usePrintDuplicate';
import { VoidReceiptButton } from './VoidReceiptButton';

type RegisterPage = RouterOutputs['receipts']['list'];
type RegisterRow = RegisterPage['rows'][number];

const FILTER_KEYS = ['from', 'to', 'mode', 'clerk', 'student', 'status'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'live', label: 'Live' },
  { value: 'voided', label: 'Voided' },
];

/** A clerk as the table shows them: the name part of their e-mail (the whole address is its title). */
function clerkName(email: string | null): string {
  return email ? (email.split('@')[0] ?? email) : '—';
}

/**
 * /rcpt/register: the receipt register. A department's receipts between two dates (today unless
 * chosen), by mode, clerk, student and status, paged on the server, each with View, Print duplicate,
 * Edit and Void. The filters live in the address, so Go Back from a receipt returns to the same page.
 */
export default function ReceiptRegisterPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const value = (key: FilterKey) => params.get(key) ?? '';
  const from = value('from') || today;
  const to = value('to') || today;
  const page = idOf(params.get('page')) ?? 1;

  /** A changed filter goes to the address and starts again at the first page. */
  const change = (key: FilterKey, next: string) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set(key, next);
    else updated.delete(key);
    updated.delete('page');
    setParams(updated, { replace: true });
  };
  const goToPage = (next: number) => {
    const updated = new URLSearchParams(params);
    updated.set('page', String(next));
    setParams(updated, { replace: true });
  };

  // The student's name is typed a letter at a time: the server is asked once the typing pauses.
  const [student] = useDebouncedValue(value('student').trim(), 250);
  const input = ZListReceiptsInput.safeParse({
    depId: department.id,
    from,
    to,
    page,
    ...(value('mode') ? { paymentMode: value('mode') } : {}),
    ...(idOf(value('clerk')) ? { clerkId: idOf(value('clerk')) } : {}),
    ...(student ? { student } : {}),
    ...(value('status') ? { status: value('status') } : {}),
  });
  const fieldError = (field: string) =>
    input.success ? undefined : input.error.issues.find((issue) => issue.path[0] === field)?.message;
  const register = useQuery({
    ...trpc.receipts.list.queryOptions(input.success ? input.data : { depId: department.id, from, to }, {
      enabled: input.success,
      placeholderData: keepPreviousData,
    }),
    staleTime: 0,
  });
  const backUrl = `${location.pathname}${location.search}`;
  const duplicate = usePrintDuplicate(backUrl);
  const clerks = register.data?.clerks ?? [];

  return (
    <>
      <PageHeader
        title="Receipts"
        subtitle={`${department.name} · every receipt taken, to view, print a duplicate, edit or void`}
        actions={<ReceiptNumberField autoFocus />}
      />
      <ReceiptsTabs active="register" />
      <Paper withBorder radius="md" p="md" mb="lg" className="no-print">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateField
            label="From"
            w={{ base: '100%', xs: 140 }}
            value={from}
            error={fieldError('from')}
            onChange={(v) => v && change('from', v)}
          />
          <DateField
            label="To"
            w={{ base: '100%', xs: 140 }}
            value={to}
            error={fieldError('to')}
            onChange={(v) => v && change('to', v)}
          />
          <Select
            label="Mode"
            placeholder="All modes"
            w={{ base: '100%', xs: 150 }}
            clearable
            data={RECEIPT_PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }))}
            value={value('mode') || null}
            onChange={(mode) => change('mode', mode ?? '')}
          />
          <Select
            label="Clerk"
            placeholder="All clerks"
            w={{ base: '100%', xs: 170 }}
            clearable
            data={clerks.map((clerk) => ({ value: String(clerk.id), label: clerk.email }))}
            value={clerks.some((c) => String(c.id) === value('clerk')) ? value('clerk') : null}
            onChange={(clerk) => change('clerk', clerk ?? '')}
          />
          <TextInput
            label="Student"
            placeholder="Name or admission no"
            w={{ base: '100%', xs: 170 }}
            value={value('student')}
            onChange={(event) => change('student', event.currentTarget.value)}
          />
          <Stack gap={4} w={{ base: '100%', xs: 'auto' }}>
            <Text size="sm" fw={500} id="register-status">
              Status
            </Text>
            <SegmentedControl
              data-testid="register-status"
              fullWidth
              aria-labelledby="register-status"
              data={STATUS_OPTIONS}
              value={value('status')}
              onChange={(status) => change('status', status)}
            />
          </Stack>
        </Group>
      </Paper>
      <ReportStates
        query={register}
        loadingLabel="Finding receipts..."
        errorTitle="The register could not be loaded"
        refreshInPlace
        empty={(data) =>
          data.count === 0 && {
            icon: <IconReceiptOff />,
            title: 'No receipts',
            text:
              `No receipt of ${department.name} dated ${formatDate(from)} to ${formatDate(to)} ` +
              'matches these filters.',
          }
        }
      >
        {(data) => {
          // One line of buttons in the table; on a phone's card they wrap.
          const actions = (row: RegisterRow, wrap: 'wrap' | 'nowrap') => (
            <Group gap={6} wrap={wrap}>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconEye size={14} />}
                component={Link}
                to={receiptSuccessPath(department, row.number, backUrl)}
                aria-label={`View receipt ${receiptLabel(row.number)}`}
              >
                View
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPrinter size={14} />}
                loading={duplicate.isPending && duplicate.variables?.number === row.number}
                onClick={() => duplicate.mutate({ number: row.number })}
                aria-label={`Print duplicate of receipt ${receiptLabel(row.number)}`}
                title="Print a duplicate, marked DUPLICATE with today's date"
              >
                Duplicate
              </Button>
              {row.status === 'live' && (
                <>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPencil size={14} />}
                    component={Link}
                    to={editReceiptPath(department, row.number)}
                    aria-label={`Edit receipt ${receiptLabel(row.number)}`}
                  >
                    Edit
                  </Button>
                  <VoidReceiptButton
                    size="compact-sm"
                    variant="subtle"
                    receipt={row}
                    aria-label={`Void receipt ${receiptLabel(row.number)}`}
                  />
                </>
              )}
            </Group>
          );
          const status = (row: RegisterRow) =>
            row.status === 'voided' ? (
              <Badge color="red" variant="light">
                Voided
              </Badge>
            ) : (
              <Badge color="green" variant="light">
                Live
              </Badge>
            );
          return (
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" data-testid="register-summary">
                  {data.count} receipt{data.count === 1 ? '' : 's'} · live total{' '}
                  <b>₹ {formatRupees(data.liveNetPaise)}</b>
                </Text>
                {data.pages > 1 && <Text size="sm" c="dimmed">{`Page ${data.page} of ${data.pages}`}</Text>}
              </Group>
              {duplicate.error && (
                <Text c="red" size="sm" role="alert">
                  {duplicate.error.message}
                </Text>
              )}
              <Paper withBorder radius="md" visibleFrom="md">
                <Table striped highlightOnHover verticalSpacing="xs" data-testid="receipt-register">
                  <Table.Thead>
                    <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                      <Table.Th>Receipt no</Table.Th>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Student</Table.Th>
                      <Table.Th>Mode</Table.Th>
                      <Table.Th>Clerk</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.map((row) => (
                      <Table.Tr key={row.number}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{receiptLabel(row.number)}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{row.studentName}</Text>
                          <Text size="xs" c="dimmed">
                            {row.admissionNo} · {row.courseName} · {row.batchName}
                          </Text>
                        </Table.Td>
                        <Table.Td>{PAYMENT_MODE_LABELS[row.paymentMode]}</Table.Td>
                        <Table.Td title={row.clerkEmail ?? undefined}>{clerkName(row.clerkEmail)}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                          {formatRupees(row.netPaise)}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 96 }}>{status(row)}</Table.Td>
                        <Table.Td>{actions(row, 'nowrap')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
              <Stack gap="sm" hiddenFrom="md" data-testid="receipt-register-cards">
                {data.rows.map((row) => (
                  <Paper key={row.number} withBorder radius="md" p="sm">
                    <Group justify="space-between" wrap="nowrap" mb={4}>
                      <Text fw={600}>{receiptLabel(row.number)}</Text>
                      <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                        ₹ {formatRupees(row.netPaise)}
                      </Text>
                    </Group>
                    <Text size="sm">
                      {row.studentName} · {row.admissionNo}
                    </Text>
                    <Group justify="space-between" mb="xs">
                      <Text size="xs" c="dimmed">
                        {formatDate(row.date)} · {PAYMENT_MODE_LABELS[row.paymentMode]} · {clerkName(row.clerkEmail)}
                      </Text>
                      {status(row)}
                    </Group>
                    {actions(row, 'wrap')}
                  </Paper>
                ))}
              </Stack>
              {data.pages > 1 && (
                <Pagination
                  total={data.pages}
                  value={data.page}
                  onChange={goToPage}
                  aria-label="Pages of the register"
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                  })}
                  withEdges={false}
                />
              )}
            </Stack>
          );
        }}
      </ReportStates>
    </>
  );
}
