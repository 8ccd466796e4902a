import {
  PAYMENT_LINK_DEFAULT_DAYS,
  PAYMENT_LINK_STATUS_LABELS,
  PAYMENT_LINK_STATUS_NAMES,
  type TPaymentLinkStatus,
  PAYMENT_LINK_MAX_DAYS,
} from '@fees/validation';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReceiptLink } from '../../components/ReceiptLink';
import { ReportStates } from '../../components/ReportStates';
import { can } from '../../lib/can';
import { formatDate, formatInstant } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

type Link = RouterOutputs['payments']['links'][number];
type PaymentException = RouterOutputs['payments']['exceptions'][number];

const STATUS_COLOR: Record<TPaymentLinkStatus, string> = {
  created: 'blue',
  partially_paid: 'yellow',
  paid: 'green',
  expired: 'gray',
  cancelled: 'red',
};

const isOpen = (link: Link) => link.status === 'created' || link.status === 'partially_paid';

type LinkFor = 'dues' | 'instalments' | 'amount';

/** The student's instalments still open (due or not yet), to choose the ones a link asks for. */
function InstalmentChoice({
  depId,
  admissionNo,
  value,
  onChange,
}: {
  depId: number;
  admissionNo: string;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const trpc = useTRPC();
  const student = useQuery({
    ...trpc.students.byAdmissionNo.queryOptions({ depId, admissionNo }),
    enabled: admissionNo !== '',
    retry: false,
  });
  const studentId = student.data?.id;
  const dues = useQuery({
    ...trpc.plans.studentDues.queryOptions({ depId, studentId: studentId ?? 0 }),
    enabled: studentId !== undefined,
  });
  if (admissionNo === '') return <Text size="sm">Give the admission number first.</Text>;
  if (student.error) return <FailureAlert error={student.error} title="No such student" />;
  if (dues.error) return <FailureAlert error={dues.error} title="The dues could not be read" />;
  if (!dues.data) return <Text size="sm">Reading the instalments...</Text>;
  const open = [...dues.data.instalments, ...dues.data.upcoming].filter((i) => i.outstanding > 0);
  if (open.length === 0) return <Text size="sm">Nothing is open for {student.data?.name}.</Text>;
  return (
    <Checkbox.Group label={`Instalments of ${student.data?.name}`} value={value} onChange={onChange}>
      <Stack gap={4} mt={4}>
        {open.map((i) => (
          <Checkbox
            key={i.id}
            value={i.id}
            label={`${i.name}, due ${formatDate(i.dueDate)}: ₹ ${formatRupees(i.outstanding)}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** A new link for one student, by admission number: the dues as of today, chosen instalments, or a typed amount. */
function NewLinkForm({ depId, admissionNo: startNo }: { depId: number; admissionNo: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [admissionNo, setAdmissionNo] = useState(startNo);
  const [linkFor, setLinkFor] = useState<LinkFor>('dues');
  const [amount, setAmount] = useState('');
  const [instalmentIds, setInstalmentIds] = useState<string[]>([]);
  const [days, setDays] = useState<number | string>(PAYMENT_LINK_DEFAULT_DAYS);
  const [send, setSend] = useState(true);
  const create = useMutation(
    trpc.payments.createLink.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.payments.links.pathKey() }),
    }),
  );
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({
            depId,
            admissionNo: admissionNo.trim(),
            amount: linkFor === 'amount' ? amount.trim() : undefined,
            instalmentIds: linkFor === 'instalments' ? instalmentIds : undefined,
            expiresInDays: typeof days === 'number' ? days : Number(days),
            send,
          });
        }}
      >
        <Text fw={600} mb="xs">
          New payment link
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Admission no"
            withAsterisk
            value={admissionNo}
            onChange={(e) => {
              setAdmissionNo(e.currentTarget.value);
              setInstalmentIds([]);
            }}
            w={160}
          />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              For
            </Text>
            <SegmentedControl
              aria-label="The link is for"
              value={linkFor}
              onChange={(value) => setLinkFor(value as LinkFor)}
              data={[
                { value: 'dues', label: 'Dues as of today' },
                { value: 'instalments', label: 'Instalments' },
                { value: 'amount', label: 'An amount' },
              ]}
            />
          </Stack>
          {linkFor === 'amount' && (
            <TextInput
              label="Amount (₹)"
              description="No more than what is open"
              withAsterisk
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              w={180}
            />
          )}
          <NumberInput
            label="Expires in (days)"
            value={days}
            onChange={setDays}
            min={1}
            max={PAYMENT_LINK_MAX_DAYS}
            w={140}
          />
          <Checkbox
            label="Send to the family"
            checked={send}
            onChange={(e) => setSend(e.currentTarget.checked)}
            mb={8}
          />
          <Button
            type="submit"
            loading={create.isPending}
            disabled={
              admissionNo.trim() === '' ||
              (linkFor === 'instalments' && instalmentIds.length === 0) ||
              (linkFor === 'amount' && amount.trim() === '')
            }
          >
            Create link
          </Button>
        </Group>
        {linkFor === 'instalments' && (
          <Paper withBorder p="sm" mt="sm">
            <InstalmentChoice
              depId={depId}
              admissionNo={admissionNo.trim()}
              value={instalmentIds}
              onChange={setInstalmentIds}
            />
          </Paper>
        )}
      </form>
      <FailureAlert error={create.error} title="No link was made" mt="sm" />
      {create.data && (
        <Alert color="green" mt="sm" title="Link made">
          {create.data.studentName} ({create.data.admissionNo}): ₹ {formatRupees(create.data.amountPaise)} at{' '}
          <Anchor href={create.data.url} target="_blank" rel="noreferrer">
            {create.data.url}
          </Anchor>
          {send ? ', sent to the family' : ''}.
        </Alert>
      )}
    </Paper>
  );
}

function LinksTable({ rows, depId }: { rows: Link[]; depId: number }) {
  const trpc = useTRPC();
  const department = useDepartment();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.payments.links.pathKey() });
  const cancel = useMutation(trpc.payments.cancelLink.mutationOptions({ onSettled: refresh }));
  const send = useMutation(trpc.payments.sendLink.mutationOptions());
  const canWrite = can('write');
  if (rows.length === 0) return <Text c="dimmed">No payment links here.</Text>;
  return (
    <>
      <FailureAlert error={cancel.error ?? send.error} mb="sm" />
      {send.data && (
        <Alert color="green" mb="sm">
          {send.data.queued > 0 ? `${send.data.queued} messages queued.` : 'No channel is set up to send it.'}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={960}>
        <Table striped data-testid="payment-links">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th>For</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Receipts</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((link) => (
              <Table.Tr key={link.id}>
                <Table.Td>
                  {link.studentName} ({link.admissionNo})
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{link.description}</Text>
                  <Text size="xs" c="dimmed">
                    made {formatInstant(link.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatRupees(link.amountPaise)}
                  {link.amountPaidPaise > 0 && link.amountPaidPaise < link.amountPaise && (
                    <Text size="xs" c="dimmed">
                      {formatRupees(link.amountPaidPaise)} paid
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[link.status]} variant="light">
                    {PAYMENT_LINK_STATUS_LABELS[link.status]}
                  </Badge>
                  {link.pollError && (
                    <Text size="xs" c="red">
                      Last check failed: {link.pollError}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(link.expiresAt.slice(0, 10))}</Table.Td>
                <Table.Td>
                  {link.receiptNumbers.map((n) => (
                    <Text key={n} size="sm">
                      <ReceiptLink number={n} department={department} />
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <CopyButton value={link.url}>
                      {({ copied, copy }) => (
                        <Button size="xs" variant="light" onClick={copy}>
                          {copied ? 'Copied' : 'Copy link'}
                        </Button>
                      )}
                    </CopyButton>
                    {canWrite && isOpen(link) && (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          loading={send.isPending && send.variables?.id === link.id}
                          onClick={() => send.mutate({ depId, id: link.id })}
                        >
                          Send again
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          loading={cancel.isPending && cancel.variables?.id === link.id}
                          onClick={() => cancel.mutate({ depId, id: link.id })}
                        >
                          Cancel link
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function ResolveDialog({ item, depId, onClose }: { item: PaymentException; depId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const resolve = useMutation(
    trpc.payments.resolveException.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.payments.exceptions.pathKey() }).then(onClose),
    }),
  );
  return (
    <Modal opened onClose={onClose} title="Resolve the payment" closeButtonProps={{ 'aria-label': 'Dismiss' }}>
      <Stack gap="sm">
        <Text size="sm">
          {item.paymentId ?? 'A payment'} of ₹ {formatRupees(item.amountPaise)}: {item.problem}
        </Text>
        <Textarea
          label="What was done about it"
          withAsterisk
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <FailureAlert error={resolve.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={resolve.isPending} onClick={() => resolve.mutate({ depId, id: item.id, note })}>
            Resolve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ExceptionsList({ depId }: { depId: number }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [resolving, setResolving] = useState<PaymentException | null>(null);
  const canWrite = can('write');
  const list = useQuery(trpc.payments.exceptions.queryOptions({ depId, status }));
  return (
    <>
      <SegmentedControl
        mb="md"
        aria-label="Exceptions"
        value={status}
        onChange={(v) => setStatus(v as 'open' | 'resolved')}
        data={[
          { value: 'open', label: 'To resolve' },
          { value: 'resolved', label: 'Resolved' },
        ]}
      />
      <ReportStates query={list} loadingLabel="Reading the exceptions...">
        {(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed">{status === 'open' ? 'Every payment was applied.' : 'None resolved yet.'}</Text>
          ) : (
            <Table.ScrollContainer minWidth={800}>
              <Table striped data-testid="payment-exceptions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Received</Table.Th>
                    <Table.Th>Student</Table.Th>
                    <Table.Th>Payment</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>What happened</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(e.createdAt)}</Table.Td>
                      <Table.Td>{e.studentName ? `${e.studentName} (${e.admissionNo})` : '(unknown)'}</Table.Td>
                      <Table.Td>{e.paymentId}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatRupees(e.amountPaise)}
                      </Table.Td>
                      <Table.Td>
                        {e.problem}
                        {e.resolution && (
                          <Text size="xs" c="dimmed">
                            Resolved by {e.resolvedBy ?? 'a deleted account'}: {e.resolution}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {canWrite && e.status === 'open' && (
                          <Button size="xs" variant="light" onClick={() => setResolving(e)}>
                            Resolve
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </ReportStates>
      {resolving && <ResolveDialog item={resolving} depId={depId} onClose={() => setResolving(null)} />}
    </>
  );
}

/**
 * Online payments: the department's payment links by status (made, sent again, cancelled; Refresh asks the
 * gateway now), and the payments that could not be applied, for an accountant to resolve with a note. Whoever
 * only reads the department sees the links and exceptions without those controls.
 */
export default function PaymentLinksPage() {
  const trpc = useTRPC();
  const department = useDepartment();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [view, setView] = useState<'links' | 'exceptions'>('links');
  const canWrite = can('write');
  const [status, setStatus] = useState<TPaymentLinkStatus | 'all'>('all');
  const list = useQuery(
    trpc.payments.links.queryOptions({ depId: department.id, status: status === 'all' ? undefined : status }),
  );
  const refresh = useMutation(
    trpc.payments.refresh.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.payments.links.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.payments.exceptions.pathKey() }),
        ]),
    }),
  );
  return (
    <>
      <PageHeader
        title="Online payments"
        subtitle={department.name}
        actions={
          canWrite && (
            <Button
              leftSection={<IconRefresh size={16} />}
              variant="light"
              loading={refresh.isPending}
              onClick={() => refresh.mutate({ depId: department.id })}
            >
              Refresh
            </Button>
          )
        }
      />
      <FailureAlert error={refresh.error} title="The gateway could not be asked" mb="md" />
      {refresh.data && (
        <Alert color={refresh.data.failed > 0 ? 'yellow' : 'green'} mb="md" withCloseButton onClose={refresh.reset}>
          {refresh.data.checked} open link{refresh.data.checked === 1 ? '' : 's'} checked: {refresh.data.receipts} new
          receipt{refresh.data.receipts === 1 ? '' : 's'}
          {refresh.data.exceptions > 0 ? `, ${refresh.data.exceptions} to resolve` : ''}
          {refresh.data.errors.length > 0 ? `. Not reached: ${refresh.data.errors.join('; ')}` : '.'}
        </Alert>
      )}
      <SegmentedControl
        mb="md"
        aria-label="View"
        value={view}
        onChange={(v) => setView(v as 'links' | 'exceptions')}
        data={[
          { value: 'links', label: 'Payment links' },
          { value: 'exceptions', label: 'Exceptions' },
        ]}
      />
      {view === 'links' ? (
        <>
          {canWrite && <NewLinkForm depId={department.id} admissionNo={params.get('admNo') ?? ''} />}
          <Select
            mb="md"
            label="Status"
            w={220}
            allowDeselect={false}
            value={status}
            onChange={(v) => setStatus((v ?? 'all') as TPaymentLinkStatus | 'all')}
            data={[
              { value: 'all', label: 'All' },
              ...PAYMENT_LINK_STATUS_NAMES.map((s) => ({ value: s, label: PAYMENT_LINK_STATUS_LABELS[s] })),
            ]}
          />
          <ReportStates query={list} loadingLabel="Reading the payment links...">
            {(rows) => (
              <Paper withBorder radius="md" p="md">
                <LinksTable rows={rows} depId={department.id} />
              </Paper>
            )}
          </ReportStates>
        </>
      ) : (
        <ExceptionsList depId={department.id} />
      )}
    </>
  );
}
