import {
  CHEQUE_STATUS_LABELS,
  CHEQUE_STATUS_VALUES,
  PAYMENT_MODE_LABELS,
  receiptLabel,
  type TChequeStatus,
  type TReceiptPaymentMode,
} from '@fees/validation';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { formatDate, todayIso } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { formatRupees } from '../../lib/money';
import { DateField } from '../../components/DateField';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { ReceiptLink } from '../../components/ReceiptLink';

type Cheque = RouterOutputs['cheques']['list'][number];
type Action = { kind: 'clear' | 'bounce'; cheque: Cheque };

const modeLabel = (mode: string) => PAYMENT_MODE_LABELS[mode as TReceiptPaymentMode];
const STATUS_COLOR: Record<TChequeStatus, string> = { pending: 'yellow', cleared: 'green', bounced: 'red' };

/** Several cheques the bank credited on one day (a bank statement's worth), cleared together. */
function ClearManyDialog({
  cheques,
  depId,
  onDone,
  onClose,
}: {
  cheques: Cheque[];
  depId: number;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(todayIso());
  const clearMany = useMutation(
    trpc.cheques.clearMany.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.cheques.list.pathKey() });
        onDone(result.message);
      },
    }),
  );
  const total = cheques.reduce((sum, c) => sum + c.netPaise, 0);
  return (
    <Modal opened onClose={onClose} title="Clear the chosen cheques" closeButtonProps={{ 'aria-label': 'Dismiss' }}>
      <Stack gap="sm">
        <Text size="sm">
          {cheques.length} cheque{cheques.length === 1 ? '' : 's'} of {formatRupees(total)} in all: receipts{' '}
          {cheques.map((c) => receiptLabel(c.receiptNumber)).join(', ')}.
        </Text>
        <DateField label="Cleared on" value={date} maxDate={todayIso()} onChange={setDate} />
        {clearMany.error && <FailureAlert error={clearMany.error} title="Not cleared" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={clearMany.isPending}
            disabled={date === ''}
            onClick={() => clearMany.mutate({ depId, chequeIds: cheques.map((c) => c.id), date })}
          >
            Clear {cheques.length} cheque{cheques.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Clear (the day the bank credited it) or bounce (the day it came back, the bank's reason and charge). */
function SettleDialog({ action, depId, onClose }: { action: Action; depId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(todayIso());
  const [reason, setReason] = useState('');
  const [charge, setCharge] = useState('');
  const done = {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.cheques.list.pathKey() }).then(onClose),
  };
  const clear = useMutation(trpc.cheques.clear.mutationOptions(done));
  const bounce = useMutation(trpc.cheques.bounce.mutationOptions(done));
  const bouncing = action.kind === 'bounce';
  const { cheque } = action;
  const submit = () =>
    bouncing
      ? bounce.mutate({ depId, chequeId: cheque.id, date, reason, charge: charge.trim() || '0' })
      : clear.mutate({ depId, chequeId: cheque.id, date });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${bouncing ? 'Bounced' : 'Cleared'}: ${cheque.bank} ${cheque.instrumentNo}`}
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Receipt {receiptLabel(cheque.receiptNumber)} of {formatDate(cheque.receiptDate)}, {cheque.studentName} (
          {cheque.admissionNo}), {formatRupees(cheque.netPaise)}
        </Text>
        {bouncing && (
          <Text size="sm">
            The receipt is voided; with a charge, the student owes it on the Cheque bounce charge head.
          </Text>
        )}
        <DateField
          label={bouncing ? 'Returned on' : 'Cleared on'}
          value={date}
          maxDate={todayIso()}
          onChange={setDate}
        />
        {bouncing && (
          <TextInput label="Reason" withAsterisk value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        )}
        {bouncing && (
          <TextInput
            label="Bank charge (₹)"
            value={charge}
            onChange={(e) => setCharge(e.currentTarget.value)}
            maw={200}
          />
        )}
        <FailureAlert error={clear.error ?? bounce.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={bouncing ? 'red' : undefined} loading={clear.isPending || bounce.isPending} onClick={submit}>
            {bouncing ? 'Mark bounced' : 'Mark cleared'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A department's cheques and demand drafts by status; pending ones are cleared or bounced from here. */
export default function ChequesPage() {
  const trpc = useTRPC();
  const department = useDepartment();
  const [status, setStatus] = useState<TChequeStatus | 'all'>('pending');
  const [action, setAction] = useState<Action | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [clearingMany, setClearingMany] = useState(false);
  // What the last clearing of several did, kept on the screen until dismissed.
  const [cleared, setCleared] = useState<string | null>(null);
  const toggle = (id: number) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const list = useQuery(
    trpc.cheques.list.queryOptions({ depId: department.id, status: status === 'all' ? undefined : status }),
  );
  return (
    <>
      <PageHeader title="Cheques and drafts" subtitle={department.name} />
      <SegmentedControl
        mb="md"
        aria-label="Status"
        value={status}
        onChange={(v) => setStatus(v as TChequeStatus | 'all')}
        data={[
          ...CHEQUE_STATUS_VALUES.map((s) => ({ value: s, label: CHEQUE_STATUS_LABELS[s] })),
          { value: 'all', label: 'All' },
        ]}
      />
      {cleared && (
        <Alert color="green" mb="md" withCloseButton closeButtonLabel="Dismiss" onClose={() => setCleared(null)}>
          {cleared}
        </Alert>
      )}
      <ReportStates query={list} loadingLabel="Reading the cheques...">
        {(rows) => (
          <Paper withBorder radius="md" p="md">
            {rows.some((c) => chosen.has(c.id)) && (
              <Group mb="sm">
                <Button size="sm" onClick={() => setClearingMany(true)}>
                  Clear {rows.filter((c) => chosen.has(c.id)).length} chosen on one date
                </Button>
                <Button size="sm" variant="subtle" onClick={() => setChosen(new Set())}>
                  Choose none
                </Button>
              </Group>
            )}
            {clearingMany && (
              <ClearManyDialog
                cheques={rows.filter((c) => chosen.has(c.id))}
                depId={department.id}
                onDone={(message) => {
                  setChosen(new Set());
                  setClearingMany(false);
                  setCleared(message);
                }}
                onClose={() => setClearingMany(false)}
              />
            )}
            {rows.length === 0 ? (
              <Text c="dimmed">No cheques or drafts here.</Text>
            ) : (
              <Table.ScrollContainer minWidth={900}>
                <Table striped data-testid="cheques">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40} />
                      <Table.Th>Receipt</Table.Th>
                      <Table.Th>Student</Table.Th>
                      <Table.Th>Instrument</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>
                          {c.status === 'pending' && c.receiptStatus === 'live' && (
                            <Checkbox
                              aria-label={`Choose the cheque of receipt ${receiptLabel(c.receiptNumber)}`}
                              checked={chosen.has(c.id)}
                              onChange={() => toggle(c.id)}
                            />
                          )}
                        </Table.Td>
                        <Table.Td>
                          <ReceiptLink number={c.receiptNumber} department={department} />
                          {` · ${formatDate(c.receiptDate)}`}
                        </Table.Td>
                        <Table.Td>
                          {c.studentName} ({c.admissionNo})
                        </Table.Td>
                        <Table.Td>
                          {modeLabel(c.paymentMode)} {c.instrumentNo}, {c.bank}, dated {formatDate(c.instrumentDate)}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatRupees(c.netPaise)}
                        </Table.Td>
                        <Table.Td>
                          <Badge color={STATUS_COLOR[c.status]} variant="light">
                            {CHEQUE_STATUS_LABELS[c.status]}
                          </Badge>{' '}
                          {c.status === 'cleared' && formatDate(c.clearedOn)}
                          {c.status === 'bounced' &&
                            `${formatDate(c.bouncedOn)}: ${c.bounceReason}` +
                              (c.bounceChargePaise > 0 ? `, charge ${formatRupees(c.bounceChargePaise)}` : '')}
                          {c.status === 'pending' && c.receiptStatus === 'voided' && ' (receipt voided)'}
                        </Table.Td>
                        <Table.Td>
                          {c.status === 'pending' && c.receiptStatus === 'live' && (
                            <Group gap="xs" wrap="nowrap">
                              <Button size="xs" variant="light" onClick={() => setAction({ kind: 'clear', cheque: c })}>
                                Cleared
                              </Button>
                              <Button
                                size="xs"
                                variant="light"
                                color="red"
                                onClick={() => setAction({ kind: 'bounce', cheque: c })}
                              >
                                Bounced
                              </Button>
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        )}
      </ReportStates>
      {action && <SettleDialog action={action} depId={department.id} onClose={() => setAction(null)} />}
    </>
  );
}
