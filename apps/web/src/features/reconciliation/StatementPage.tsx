import { STATEMENT_LINE_STATE_LABELS, STATEMENT_LINE_STATES } from '@fees/validation';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReceiptLink } from '../../components/ReceiptLink';
import { ReportStates } from '../../components/ReportStates';
import { formatDate } from '../../lib/dates';
import { can } from '../../lib/can';
import { useDepartment } from '../../lib/department-context';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

type Line = RouterOutputs['reconciliation']['statement']['lines'][number];
type State = Line['state'];
const STATE_COLOR = { matched: 'green', receipt_created: 'blue', ignored: 'gray', unmatched: 'orange' } as const;
const RULE_LABELS: Record<string, string> = {
  instrument: 'cheque number and amount',
  reference: 'reference and amount',
  admission_no: 'admission number in the narration',
  dues_amount: 'the amount of their dues',
  by_hand: 'chosen by hand',
  settlement: "the gateway settlement's net and UTR or date",
};

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.reconciliation.pathKey() });
}

/** A receipt from the line: the proposed student or another one found by name or admission number. */
function AcceptDialog({ line, depId, onClose }: { line: Line; depId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const [search, setSearch] = useState('');
  const [studentId, setStudentId] = useState<number | null>(line.proposedStudentId);
  const [mode, setMode] = useState<'upi' | 'bank_transfer'>(/UPI/i.test(line.narration) ? 'upi' : 'bank_transfer');
  const found = useQuery({
    ...trpc.receipts.findStudents.queryOptions({ depId, text: search.trim() }),
    enabled: search.trim().length >= 2,
  });
  const accept = useMutation(trpc.reconciliation.accept.mutationOptions({ onSuccess: () => void refresh() }));
  const choices = [
    ...(line.proposedStudentId !== null
      ? [{ id: line.proposedStudentId, label: `${line.proposedName} (${line.proposedAdmissionNo}), proposed` }]
      : []),
    ...(found.data?.students ?? [])
      .filter((s) => s.studentId !== line.proposedStudentId)
      .map((s) => ({ id: s.studentId, label: `${s.name} (${s.admissionNo}), ${s.courseName}` })),
  ];
  return (
    <Modal
      opened
      onClose={onClose}
      title="Create a receipt from this credit"
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
    >
      {accept.data ? (
        <Stack gap="sm">
          <Alert color="green" data-testid="accepted">
            Receipt <ReceiptLink number={accept.data.receiptNumber} department={depId} />{' '}
            {accept.data.already ? 'was created from this line already.' : 'created.'}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {formatRupees(line.amountPaise)} credited on {formatDate(line.date)}: {line.narration}
          </Text>
          <Text size="sm" c="dimmed">
            The receipt is dated the credit's date, pays each head up to its balance (the rest goes to the advance),
            with the bank's reference.
          </Text>
          <TextInput
            label="Find another student"
            placeholder="Name or admission number"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Radio.Group
            label="Student"
            withAsterisk
            value={studentId === null ? '' : String(studentId)}
            onChange={(v) => setStudentId(Number(v))}
          >
            <Stack gap={6} mt={4}>
              {choices.length === 0 && <Text size="sm">Find the student by name or admission number.</Text>}
              {choices.map((c) => (
                <Radio key={c.id} value={String(c.id)} label={c.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group label="Paid by" value={mode} onChange={(v) => setMode(v as 'upi' | 'bank_transfer')}>
            <Group mt={4}>
              <Radio value="upi" label="UPI" />
              <Radio value="bank_transfer" label="Bank transfer" />
            </Group>
          </Radio.Group>
          <FailureAlert error={accept.error} title="No receipt created" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={accept.isPending}
              disabled={studentId === null}
              onClick={() =>
                studentId !== null &&
                accept.mutate({ depId, lineId: line.id, studentId, paymentMode: mode, version: line.version })
              }
            >
              Create receipt
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function IgnoreDialog({ line, depId, onClose }: { line: Line; depId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const ignore = useMutation(trpc.reconciliation.ignore.mutationOptions({ onSuccess: () => refresh().then(onClose) }));
  return (
    <Modal opened onClose={onClose} title="Ignore this credit" closeButtonProps={{ 'aria-label': 'Dismiss' }}>
      <Stack gap="sm">
        <Text size="sm">
          {formatRupees(line.amountPaise)} on {formatDate(line.date)}: {line.narration}
        </Text>
        <TextInput
          label="Reason"
          withAsterisk
          placeholder="Savings interest, transfer between accounts..."
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <FailureAlert error={ignore.error} title="Not ignored" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={ignore.isPending}
            onClick={() => ignore.mutate({ depId, lineId: line.id, reason, version: line.version })}
          >
            Ignore
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Outcome({ line, depId }: { line: Line; depId: number }) {
  if (line.state === 'matched' || line.state === 'receipt_created') {
    return (
      <>
        {line.settlementId !== null && (
          <Anchor component={Link} to="../settlements" relative="path">
            Gateway settlement {line.settlementId}
          </Anchor>
        )}
        {line.receiptNumber !== null && <ReceiptLink number={line.receiptNumber} department={depId} />}{' '}
        {line.receiptStudent}
        {line.receiptStatus === 'voided' && (
          <Badge color="red" variant="light" ml={4}>
            Receipt voided
          </Badge>
        )}
        {line.matchRule && (
          <Text size="xs" c="dimmed">
            by {RULE_LABELS[line.matchRule]}
          </Text>
        )}
      </>
    );
  }
  if (line.state === 'ignored') return <>{line.ignoredReason}</>;
  if (line.proposedStudentId === null) return <Text c="dimmed">No student found</Text>;
  return (
    <>
      Proposed: {line.proposedName} ({line.proposedAdmissionNo})
      {line.matchRule && (
        <Text size="xs" c="dimmed">
          by {RULE_LABELS[line.matchRule]}
        </Text>
      )}
    </>
  );
}

/**
 * One statement: the totals per state (they add up to its credits), its lines, and what to do with each (an
 * accountant's; whoever only reads sees the lines).
 */
export default function StatementPage() {
  const trpc = useTRPC();
  const department = useDepartment();
  const depId = department.id;
  const statementId = Number(useParams().statementId);
  const refresh = useRefresh();
  const [filter, setFilter] = useState<State | 'all'>('all');
  const [action, setAction] = useState<{ kind: 'accept' | 'ignore'; line: Line } | null>(null);
  const canWrite = can('write');
  const view = useQuery(trpc.reconciliation.statement.queryOptions({ depId, statementId }));
  const reopen = useMutation(trpc.reconciliation.reopen.mutationOptions({ onSuccess: () => void refresh() }));
  return (
    <>
      <PageHeader
        title="Bank statement"
        subtitle={view.data ? `${view.data.statement.bankAccount}: ${view.data.statement.fileName}` : department.name}
        actions={
          <Anchor component={Link} to="..">
            All statements
          </Anchor>
        }
      />
      <ReportStates query={view} loadingLabel="Reading the statement..." refreshInPlace>
        {({ statement, lines, totals }) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" data-testid="statement-totals">
              {[...STATEMENT_LINE_STATES, 'all' as const].map((state) => (
                <Paper key={state} withBorder radius="md" p="sm" data-state={state}>
                  <Text size="xs" c="dimmed">
                    {state === 'all' ? 'Credits' : STATEMENT_LINE_STATE_LABELS[state]} ({totals[state].count})
                  </Text>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatRupees(totals[state].amountPaise)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {formatDate(statement.fromDate)} to {formatDate(statement.toDate)}
              {statement.repeatedLines > 0 &&
                `; ${statement.repeatedLines} credit(s) of this file were in an earlier statement ` +
                  'and are counted there'}
            </Text>
            <SegmentedControl
              aria-label="State"
              value={filter}
              onChange={(v) => setFilter(v as State | 'all')}
              data={[
                { value: 'all', label: 'All' },
                ...STATEMENT_LINE_STATES.map((s) => ({ value: s, label: STATEMENT_LINE_STATE_LABELS[s] })),
              ]}
              style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
            />
            <FailureAlert error={reopen.error} title="Not changed" />
            <Paper withBorder radius="md" p="md">
              <Table.ScrollContainer minWidth={900}>
                <Table striped data-testid="statement-lines">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Narration</Table.Th>
                      <Table.Th>State</Table.Th>
                      <Table.Th>Receipt, student or reason</Table.Th>
                      {canWrite && <Table.Th />}
                      <Table.Th ta="right">Credit</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines
                      .filter((l) => filter === 'all' || l.state === filter)
                      .map((line) => (
                        <Table.Tr key={line.id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</Table.Td>
                          <Table.Td style={{ wordBreak: 'break-word' }}>
                            {line.narration}
                            {line.reference && (
                              <Text size="xs" c="dimmed">
                                Ref. {line.reference}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Badge color={STATE_COLOR[line.state]} variant="light">
                              {STATEMENT_LINE_STATE_LABELS[line.state]}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            <Outcome line={line} depId={depId} />
                          </Table.Td>
                          {canWrite && (
                            <Table.Td>
                              <Group gap="xs" wrap="nowrap">
                                {line.state === 'unmatched' && (
                                  <>
                                    <Button
                                      size="xs"
                                      variant="light"
                                      onClick={() => setAction({ kind: 'accept', line })}
                                    >
                                      {line.proposedStudentId === null ? 'Create receipt' : 'Accept'}
                                    </Button>
                                    <Button
                                      size="xs"
                                      variant="subtle"
                                      color="gray"
                                      onClick={() => setAction({ kind: 'ignore', line })}
                                    >
                                      Ignore
                                    </Button>
                                  </>
                                )}
                                {(line.state === 'ignored' ||
                                  line.state === 'matched' ||
                                  line.receiptStatus === 'voided') && (
                                  <Button
                                    size="xs"
                                    variant="subtle"
                                    color="gray"
                                    loading={reopen.isPending && reopen.variables?.lineId === line.id}
                                    onClick={() => reopen.mutate({ depId, lineId: line.id, version: line.version })}
                                  >
                                    {line.state === 'ignored' ? 'Undo ignore' : 'Unmatch'}
                                  </Button>
                                )}
                              </Group>
                            </Table.Td>
                          )}
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-pin-end>
                            {formatRupees(line.amountPaise)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </Stack>
        )}
      </ReportStates>
      {action?.kind === 'accept' && <AcceptDialog line={action.line} depId={depId} onClose={() => setAction(null)} />}
      {action?.kind === 'ignore' && <IgnoreDialog line={action.line} depId={depId} onClose={() => setAction(null)} />}
    </>
  );
}
