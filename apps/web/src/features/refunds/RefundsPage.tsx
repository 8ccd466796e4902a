import {
  isSentForApproval,
  PAYMENT_MODE_LABELS,
  REFUND_MODES,
  SENT_FOR_APPROVAL_MESSAGE,
  sentForApprovalText,
  refundLabel,
  type TRefundMode,
  ZCreateRefundInput,
  ZVoidReason,
} from '@fees/validation';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPrinter, IconReceiptRefund, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { asksClosedDayReason, ClosedDayReason } from '../../components/ClosedDayReason';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { confirmDialog, infoDialog } from '../../lib/dialogs';
import { retryUnanswered, useIdempotencyKey } from '../../lib/idempotency';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { refundVoucherPath } from './links';
import { DateField } from '../../components/DateField';
import type { RefundListRow } from './types';

/** The student found for a refund, with their advance (from receipts.entryContext). */
type EntryContext = RouterOutputs['receipts']['entryContext'];
type FoundStudent = EntryContext['student'] & Pick<EntryContext, 'advancePaise'>;

const emptyForm = () => ({
  date: todayIso(),
  amount: '',
  paymentMode: 'cash' as TRefundMode,
  paymentReference: '',
  reason: '',
  confirm: false,
  closedDayReason: '',
});

/** New refund: find the student by admission number, see their advance, pay part or all of it out. */
function NewRefund({ onDone }: { onDone: (number: number) => void }) {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [admissionNo, setAdmissionNo] = useState('');
  const [student, setStudent] = useState<FoundStudent | null>(null);
  const [findError, setFindError] = useState<unknown>(null);
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { idempotencyKey, renew } = useIdempotencyKey();
  const create = useMutation(
    trpc.refunds.create.mutationOptions({
      ...retryUnanswered,
      onSuccess: async (created) => {
        renew();
        if (!isSentForApproval(created)) return onDone(created.number);
        const to = student ? ` to ${student.name}` : '';
        await queryClient.invalidateQueries();
        setStudent(null);
        setAdmissionNo('');
        infoDialog(SENT_FOR_APPROVAL_MESSAGE, sentForApprovalText(`The refund${to}`, created.requestId));
      },
    }),
  );

  const find = async (event: FormEvent) => {
    event.preventDefault();
    setFindError(null);
    setStudent(null);
    try {
      const context = await queryClient.fetchQuery({
        ...trpc.receipts.entryContext.queryOptions({ depId: department.id, admissionNo: admissionNo.trim() }),
        staleTime: 0,
      });
      setStudent({ ...context.student, advancePaise: context.advancePaise });
      setValues(emptyForm());
    } catch (error) {
      setFindError(error);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!student) return;
    const input = {
      ...values,
      closedDayReason: values.closedDayReason || undefined,
      depId: department.id,
      studentId: student.id,
      idempotencyKey,
    };
    const parsed = ZCreateRefundInput.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    confirmDialog(`Pay out ${formatRupees(parsed.data.amount)} to ${student.name}?`, () => create.mutate(input));
  };
  const set = <K extends keyof ReturnType<typeof emptyForm>>(key: K, value: ReturnType<typeof emptyForm>[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  return (
    <Stack>
      <form onSubmit={find} noValidate>
        <Group align="flex-end">
          <TextInput
            label="Admission no."
            required
            value={admissionNo}
            onChange={(e) => setAdmissionNo(e.currentTarget.value)}
            data-autofocus
          />
          <Button type="submit" variant="light" leftSection={<IconSearch size={16} />}>
            Find
          </Button>
        </Group>
      </form>
      <FailureAlert error={findError} title="Student not found" />
      {student && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Paper withBorder p="sm" radius="md">
              <Text fw={600}>
                {student.name} ({student.admissionNo})
              </Text>
              <Text size="sm" c="dimmed">
                {student.courseName}, batch {student.batchName}
              </Text>
              <Text mt="xs">
                Advance: <b data-testid="refund-advance">₹ {formatRupees(student.advancePaise)}</b>
              </Text>
            </Paper>
            {student.advancePaise === 0 ? (
              <Text c="dimmed">This student has no advance to refund.</Text>
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <DateField
                    label="Date"
                    required
                    value={values.date}
                    maxDate={todayIso()}
                    error={errors.date}
                    onChange={(date) => set('date', date)}
                  />
                  <TextInput
                    label="Amount (₹)"
                    required
                    inputMode="decimal"
                    value={values.amount}
                    error={errors.amount}
                    onChange={(e) => set('amount', e.currentTarget.value)}
                  />
                </SimpleGrid>
                <div>
                  <Text size="sm" fw={500} mb={4}>
                    Paid out by
                  </Text>
                  <SegmentedControl
                    aria-label="Paid out by"
                    data={REFUND_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }))}
                    value={values.paymentMode}
                    onChange={(m) => set('paymentMode', m as TRefundMode)}
                  />
                </div>
                <TextInput
                  label="Reference no."
                  disabled={values.paymentMode === 'cash'}
                  withAsterisk={values.paymentMode !== 'cash'}
                  value={values.paymentReference}
                  error={errors.paymentReference}
                  onChange={(e) => set('paymentReference', e.currentTarget.value)}
                />
                <TextInput
                  label="Reason"
                  required
                  maxLength={200}
                  value={values.reason}
                  error={errors.reason}
                  onChange={(e) => set('reason', e.currentTarget.value)}
                />
                <Checkbox
                  label="Confirm"
                  checked={values.confirm}
                  error={errors.confirm}
                  onChange={(e) => set('confirm', e.currentTarget.checked)}
                />
                <FailureAlert error={create.error} title="Not saved" />
                {(asksClosedDayReason(create.error) || values.closedDayReason) && (
                  <ClosedDayReason value={values.closedDayReason} onChange={(v) => set('closedDayReason', v)} />
                )}
                <Group>
                  <Button type="submit" loading={create.isPending} leftSection={<IconReceiptRefund size={16} />}>
                    Save refund
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}

function VoidRefund({ refund, onClose }: { refund: RefundListRow; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [closedDayReason, setClosedDayReason] = useState('');
  const amount = formatRupees(refund.amountPaise);
  const [error, setError] = useState<string | null>(null);
  const voidRefund = useMutation(
    trpc.refunds.void.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.refunds.list.pathKey() });
        onClose();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZVoidReason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    voidRefund.mutate({
      number: refund.number,
      version: refund.version,
      reason: parsed.data,
      closedDayReason: closedDayReason || undefined,
    });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Void refund ${refundLabel(refund.number)}`}
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            The voucher keeps its number and no longer counts anywhere; {amount} goes back to {refund.studentName}'s
            advance.
          </Text>
          <TextInput
            label="Reason"
            required
            data-autofocus
            maxLength={200}
            value={reason}
            error={error}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FailureAlert error={voidRefund.error} title="Not voided" />
          {(asksClosedDayReason(voidRefund.error) || closedDayReason) && (
            <ClosedDayReason value={closedDayReason} onChange={setClosedDayReason} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={voidRefund.isPending}>
              Void
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function monthStart(): string {
  return `${todayIso().slice(0, 8)}01`;
}

/** /{prefix}/refunds/: the department's refund vouchers of a period, a new refund, print and void. */
export default function RefundsPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [range, setRange] = useState({ from: monthStart(), to: todayIso() });
  const [creating, setCreating] = useState(false);
  const [voiding, setVoiding] = useState<RefundListRow | null>(null);
  const list = useQuery(
    trpc.refunds.list.queryOptions(
      { depId: department.id, ...range },
      { enabled: range.from !== '' && range.to !== '' && range.from <= range.to },
    ),
  );
  const live = (list.data ?? []).filter((f) => f.status === 'live');
  return (
    <>
      <PageHeader title="Refunds" subtitle={`${department.name} · money paid back out of students' advances`} />
      <Paper withBorder radius="md" p="md" mb="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group align="flex-end">
            <DateField label="From" value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} />
            <DateField label="To" value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} />
          </Group>
          <Button leftSection={<IconReceiptRefund size={16} />} onClick={() => setCreating(true)}>
            New refund
          </Button>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Vouchers
          </Title>
          <Text size="sm">
            {live.length} live, total <b>₹ {formatRupees(live.reduce((s, f) => s + f.amountPaise, 0))}</b>
          </Text>
        </Group>
        <ReportStates
          query={list}
          refreshInPlace
          loadingLabel="Loading refunds..."
          errorTitle="Refunds not loaded"
          empty={(rows) =>
            rows.length === 0 && {
              icon: <IconReceiptRefund />,
              title: 'No refunds',
              text: 'No refunds are dated in this period.',
            }
          }
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={760}>
              <Table striped withTableBorder data-testid="refunds-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Voucher</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Adm. no</Table.Th>
                    <Table.Th>Student</Table.Th>
                    <Table.Th>Mode</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((f) => (
                    <Table.Tr key={f.number}>
                      <Table.Td>{refundLabel(f.number)}</Table.Td>
                      <Table.Td>{formatDate(f.date)}</Table.Td>
                      <Table.Td>{f.admissionNo}</Table.Td>
                      <Table.Td>{f.studentName}</Table.Td>
                      <Table.Td>{PAYMENT_MODE_LABELS[f.paymentMode]}</Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatRupees(f.amountPaise)}
                      </Table.Td>
                      <Table.Td>
                        {f.status === 'voided' ? <Badge color="red">Voided</Badge> : <Badge color="green">Paid</Badge>}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconPrinter size={14} />}
                            onClick={() => void navigate(refundVoucherPath(department, f.number))}
                          >
                            Print
                          </Button>
                          {f.status === 'live' && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() => setVoiding(f)}
                            >
                              Void
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ReportStates>
      </Paper>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title="New refund"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
      >
        <NewRefund onDone={(number) => void navigate(refundVoucherPath(department, number))} />
      </Modal>
      {voiding && <VoidRefund refund={voiding} onClose={() => setVoiding(null)} />}
    </>
  );
}
