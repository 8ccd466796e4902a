import {
  Button,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MONEY_PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  SPONSOR_CSV_COLUMNS,
  SPONSOR_KIND_LABELS,
  SPONSOR_KINDS,
  parseRupeesToPaise,
  sponsorReceiptLabel,
  type TSponsorKind,
} from '@fees/validation';
import { RECEIVABLE_AGES } from '@fees/money';
import { IconDownload, IconFileTypeCsv, IconHeartHandshake } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CsvImportPreview } from '../../components/CsvImportPreview';
import { DateField } from '../../components/DateField';
import { FailureAlert } from '../../components/FailureAlert';
import { NoDataRow } from '../../components/NoDataRow';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { can } from '../../lib/can';
import { downloadText, toCsv } from '../../lib/csv';
import { formatDate, todayIso } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { confirmDialog, deleteDialog } from '../../lib/dialogs';
import { useIdempotencyKey } from '../../lib/idempotency';
import { idOf, idText } from '../../lib/ids';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

type Share = RouterOutputs['sponsors']['shares'][number];

const TABS = ['sponsors', 'coverage', 'receipt', 'statement', 'receivables'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  sponsors: 'Sponsors',
  coverage: 'Coverage',
  receipt: 'Receipt',
  statement: 'Statement',
  receivables: 'Receivables',
};

const SUBTITLE = 'Scholarships and sponsors: what they cover is expected from them, never from the student';

/**
 * /{department}/sponsors: the sponsors with what each stands for in the department; per sponsor the students and heads
 * it covers (add a share, record a shortfall, remove one entered by mistake); a sponsor's receipt allocated by hand or
 * from the sanction list's CSV; the sponsor's statement; and what sponsors still owe by age. Readers see the figures
 * without the controls.
 */
export default function SponsorsPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'sponsors';
  const sponsorId = idOf(params.get('sponsor'));
  const sponsors = useQuery(trpc.sponsors.list.queryOptions({ depId: department.id }));
  const go = (next: { tab?: Tab; sponsor?: number | null }) => {
    const t = next.tab ?? tab;
    const s = next.sponsor === undefined ? sponsorId : next.sponsor;
    setParams(Object.fromEntries(Object.entries({ tab: t, sponsor: idText(s) ?? '' }).filter(([, v]) => v !== '')));
  };
  const sponsorOptions = (sponsors.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const chooser = (
    <Select
      label="Sponsor"
      placeholder="Choose a sponsor"
      data={sponsorOptions}
      value={idText(sponsorId)}
      onChange={(v) => go({ sponsor: idOf(v) })}
      searchable
      w={320}
      maw="100%"
    />
  );
  const needSponsor = (
    <EmptyState
      reason={{ icon: <IconHeartHandshake />, title: 'Choose a sponsor', text: 'Its students and money show here.' }}
    />
  );

  return (
    <>
      <PageHeader title="Sponsors" subtitle={SUBTITLE} />
      <Tabs
        value={tab}
        onChange={(v) => go({ tab: TABS.find((t) => t === v) ?? 'sponsors' })}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.filter((t) => t !== 'receipt' || can('write')).map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="sponsors" pt="md">
          <SponsorList onOpen={(id) => go({ tab: 'coverage', sponsor: id })} />
        </Tabs.Panel>
        <Tabs.Panel value="coverage" pt="md">
          <Paper withBorder radius="md" p="lg" mb="lg">
            {chooser}
          </Paper>
          {sponsorId === null ? needSponsor : <Coverage sponsorId={sponsorId} />}
        </Tabs.Panel>
        <Tabs.Panel value="receipt" pt="md">
          <Paper withBorder radius="md" p="lg" mb="lg">
            {chooser}
          </Paper>
          {sponsorId === null ? needSponsor : <SponsorReceipt sponsorId={sponsorId} />}
        </Tabs.Panel>
        <Tabs.Panel value="statement" pt="md">
          <Paper withBorder radius="md" p="lg" mb="lg">
            {chooser}
          </Paper>
          {sponsorId === null ? needSponsor : <Statement sponsorId={sponsorId} />}
        </Tabs.Panel>
        <Tabs.Panel value="receivables" pt="md">
          <Receivables />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function SponsorList({ onOpen }: { onOpen: (id: number) => void }) {
  const department = useDepartment();
  const trpc = useTRPC();
  const query = useQuery(trpc.sponsors.list.queryOptions({ depId: department.id }));
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TSponsorKind>('government');
  const create = useMutation(
    trpc.sponsors.create.mutationOptions({
      onSuccess: (s) => {
        notifications.show({ color: 'teal', message: `${s.name} added` });
        setName('');
        void queryClient.invalidateQueries();
      },
    }),
  );
  return (
    <Stack gap="lg">
      {can('write') && (
        <Paper withBorder radius="md" p="lg">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="New sponsor"
              placeholder="Post-matric scholarship (SC)"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              w={320}
              maw="100%"
            />
            <Select
              label="Kind"
              data={SPONSOR_KINDS.map((k) => ({ value: k, label: SPONSOR_KIND_LABELS[k] }))}
              value={kind}
              onChange={(v) => setKind(SPONSOR_KINDS.find((k) => k === v) ?? 'other')}
              allowDeselect={false}
              w={200}
            />
            <Button
              onClick={() => create.mutate({ name, kind })}
              loading={create.isPending}
              disabled={name.trim() === ''}
            >
              Add sponsor
            </Button>
          </Group>
          {create.error && <FailureAlert error={create.error} mt="sm" />}
        </Paper>
      )}
      <ReportStates
        query={query}
        loadingLabel="Loading sponsors..."
        refreshInPlace
        empty={(rows) =>
          rows.length === 0 && {
            icon: <IconHeartHandshake />,
            title: 'No sponsor yet',
            text: 'A scholarship scheme, a government department or a trust that pays part of students’ fees.',
          }
        }
      >
        {(rows) => (
          <Paper withBorder radius="md" p="lg">
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover verticalSpacing="xs" aria-label="Sponsors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sponsor</Table.Th>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th ta="right">Students</Table.Th>
                    <Table.Th ta="right">Expected</Table.Th>
                    <Table.Th ta="right">Received</Table.Th>
                    <Table.Th ta="right">Still expected</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => onOpen(s.id)}>
                          {s.name}
                        </Button>
                      </Table.Td>
                      <Table.Td>{SPONSOR_KIND_LABELS[s.kind]}</Table.Td>
                      <Table.Td ta="right">{s.students}</Table.Td>
                      <Table.Td ta="right">{formatRupees(s.sponsoredPaise)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(s.receivedPaise)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(s.receivablePaise)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </ReportStates>
    </Stack>
  );
}

function Coverage({ sponsorId }: { sponsorId: number }) {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canWrite = can('write');
  const [admissionNo, setAdmissionNo] = useState('');
  const [headId, setHeadId] = useState<number | null>(null);
  const [kind, setKind] = useState<'amount' | 'percent'>('amount');
  const [value, setValue] = useState('');
  const [date, setDate] = useState(todayIso());
  const [shortfallDate, setShortfallDate] = useState(todayIso());
  const shares = useQuery(trpc.sponsors.shares.queryOptions({ depId: department.id, sponsorId }));
  const heads = useQuery(trpc.fees.heads.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries();
  const cover = useMutation(trpc.sponsors.cover.mutationOptions({ onSuccess: refresh }));
  const shortfall = useMutation(trpc.sponsors.shortfall.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.sponsors.removeShare.mutationOptions({ onSuccess: refresh }));

  const add = async () => {
    if (headId === null || admissionNo.trim() === '') return;
    const student = await queryClient
      .fetchQuery(trpc.students.byAdmissionNo.queryOptions({ depId: department.id, admissionNo: admissionNo.trim() }))
      .catch((error: unknown) => {
        cover.reset();
        notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
        return null;
      });
    if (!student) return;
    cover.mutate(
      {
        depId: department.id,
        sponsorId,
        studentId: student.id,
        feeHeadId: headId,
        date,
        ...(kind === 'amount' ? { amount: value } : { percent: value }),
      },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'teal', message: `${student.name}: ${formatRupees(r.amountPaise)} covered` });
          setAdmissionNo('');
          setValue('');
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      {canWrite && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h5" mb="sm">
            Cover a student’s head
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Admission no"
              value={admissionNo}
              onChange={(e) => setAdmissionNo(e.currentTarget.value)}
              w={150}
            />
            <Select
              label="Head"
              placeholder="Choose a head"
              data={(heads.data ?? []).map((h) => ({ value: String(h.id), label: h.name }))}
              value={idText(headId)}
              onChange={(v) => setHeadId(idOf(v))}
              allowDeselect={false}
              searchable
              w={200}
            />
            <SegmentedControl
              aria-label="Share as"
              value={kind}
              onChange={(v) => setKind(v === 'percent' ? 'percent' : 'amount')}
              data={[
                { value: 'amount', label: 'Amount' },
                { value: 'percent', label: 'Percent' },
              ]}
            />
            <TextInput
              label={kind === 'amount' ? 'Amount (₹)' : 'Percent of fee less discounts'}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              w={170}
              inputMode="decimal"
            />
            <DateField label="Recorded on" w={150} value={date} onChange={setDate} required />
            <Button
              onClick={() => void add()}
              loading={cover.isPending}
              disabled={headId === null || value === '' || admissionNo === ''}
            >
              Add share
            </Button>
          </Group>
          {cover.error && <FailureAlert error={cover.error} mt="sm" />}
        </Paper>
      )}
      {(shortfall.error ?? remove.error) && <FailureAlert error={shortfall.error ?? remove.error} />}
      <ReportStates
        query={shares}
        loadingLabel="Loading shares..."
        refreshInPlace
        empty={(rows) =>
          rows.length === 0 && {
            icon: <IconHeartHandshake />,
            title: 'This sponsor covers no student here yet',
            text: canWrite ? 'Add a share above.' : 'An accountant adds the students a sponsor covers.',
          }
        }
      >
        {(rows) => (
          <Paper withBorder radius="md" p="lg">
            {canWrite && (
              <Group mb="sm" align="flex-end">
                <DateField
                  label="Shortfall recorded on"
                  w={200}
                  value={shortfallDate}
                  onChange={setShortfallDate}
                  required
                />
                <Text size="xs" c="dimmed" maw={420}>
                  A sanction that fell short returns what is still expected to the student, due on this date.
                </Text>
              </Group>
            )}
            <ShareTable
              rows={rows}
              actions={
                canWrite
                  ? (s) => (
                      <Group gap={6} wrap="nowrap">
                        {s.shortfallPaise === 0 && s.receivablePaise > 0 && (
                          <Button
                            size="compact-xs"
                            variant="light"
                            aria-label={`Shortfall for ${s.admissionNo} ${s.feeHead}`}
                            onClick={() =>
                              confirmDialog(
                                `Return ${formatRupees(s.receivablePaise)} to ${s.studentName}'s dues, ` +
                                  `due ${formatDate(shortfallDate)}?`,
                                () => shortfall.mutate({ depId: department.id, id: s.id, date: shortfallDate }),
                                'Record a shortfall',
                              )
                            }
                          >
                            Shortfall
                          </Button>
                        )}
                        {s.receivedPaise === 0 && (
                          <Button
                            size="compact-xs"
                            variant="light"
                            color="red"
                            aria-label={`Remove ${s.admissionNo} ${s.feeHead}`}
                            onClick={() =>
                              deleteDialog(`Remove ${s.sponsor}'s share of ${s.studentName}'s ${s.feeHead}?`, () =>
                                remove.mutate({ depId: department.id, id: s.id }),
                              )
                            }
                          >
                            Remove
                          </Button>
                        )}
                      </Group>
                    )
                  : undefined
              }
            />
          </Paper>
        )}
      </ReportStates>
    </Stack>
  );
}

function ShareTable({ rows, actions }: { rows: readonly Share[]; actions?: (s: Share) => ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={720} mah={520}>
      <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Shares">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Adm.No</Table.Th>
            <Table.Th>Student</Table.Th>
            <Table.Th>Head</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th ta="right">Received</Table.Th>
            <Table.Th ta="right">Shortfall</Table.Th>
            <Table.Th ta="right" data-pin-end>
              Still expected
            </Table.Th>
            {actions && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && <NoDataRow colSpan={actions ? 8 : 7} />}
          {rows.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.admissionNo}</Table.Td>
              <Table.Td>{s.studentName}</Table.Td>
              <Table.Td>
                {s.feeHead}
                {s.percentBasisPoints !== null && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({s.percentBasisPoints / 100}%)
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatRupees(s.amountPaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(s.receivedPaise)}</Table.Td>
              <Table.Td ta="right">
                {s.shortfallPaise === 0
                  ? ''
                  : `${formatRupees(s.shortfallPaise)} on ${formatDate(s.shortfallDate ?? '')}`}
              </Table.Td>
              <Table.Td ta="right" data-pin-end>
                {formatRupees(s.receivablePaise)}
              </Table.Td>
              {actions && <Table.Td>{actions(s)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SponsorReceipt({ sponsorId }: { sponsorId: number }) {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { idempotencyKey, renew } = useIdempotencyKey();
  const [date, setDate] = useState(todayIso());
  const [mode, setMode] = useState<(typeof MONEY_PAYMENT_MODES)[number]>('bank_transfer');
  const [reference, setReference] = useState('');
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [csv, setCsv] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const shares = useQuery(trpc.sponsors.shares.queryOptions({ depId: department.id, sponsorId }));
  const saved = (r: { number: number; amountPaise: number }) => {
    notifications.show({
      color: 'teal',
      message: `Sponsor receipt ${sponsorReceiptLabel(r.number)} saved: ${formatRupees(r.amountPaise)}`,
    });
    setAmounts({});
    setFile(null);
    setCsv(null);
    renew();
    void queryClient.invalidateQueries();
  };
  const save = useMutation(trpc.sponsors.receipt.mutationOptions({ onSuccess: saved }));
  const preview = useMutation(trpc.sponsors.importPreview.mutationOptions());
  const commit = useMutation(trpc.sponsors.importCommit.mutationOptions({ onSuccess: saved }));
  const fields = { depId: department.id, sponsorId, date, mode, reference, idempotencyKey };
  const open = (shares.data ?? []).filter((s) => s.receivablePaise > 0);
  const chosen = open.filter((s) => (amounts[s.id] ?? '').trim() !== '');
  const totalPaise = chosen.reduce((t, s) => t + (parseRupeesToPaise(amounts[s.id]!) ?? 0), 0);

  const chooseFile = async (f: File | null) => {
    setFile(f);
    preview.reset();
    commit.reset();
    const text = f ? await f.text() : null;
    setCsv(text);
    if (text !== null) preview.mutate({ ...fields, csv: text });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group align="flex-end" wrap="wrap">
          <DateField label="Date" w={150} value={date} onChange={setDate} required />
          <Select
            label="Mode"
            data={MONEY_PAYMENT_MODES.filter((m) => m !== 'online').map((m) => ({
              value: m,
              label: PAYMENT_MODE_LABELS[m],
            }))}
            value={mode}
            onChange={(v) => setMode(MONEY_PAYMENT_MODES.find((m) => m === v) ?? 'bank_transfer')}
            allowDeselect={false}
            w={170}
          />
          <TextInput
            label="Cheque / UTR no"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            w={200}
          />
          <FileInput
            label="Sanction list (CSV)"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={18} />}
            value={file}
            onChange={(f) => void chooseFile(f)}
            clearable
            w={230}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadText('sanction_list_template.csv', toCsv([...SPONSOR_CSV_COLUMNS], []))}
          >
            Template
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="sm">
          Allocate by hand below, or import the sanction list: columns {SPONSOR_CSV_COLUMNS.join(', ')} (an admission
          number of this department, the head’s name, the amount in rupees). One receipt for the whole list.
        </Text>
      </Paper>
      {(preview.error ?? commit.error ?? save.error) && (
        <FailureAlert error={preview.error ?? commit.error ?? save.error} />
      )}
      {preview.data && (
        <CsvImportPreview
          result={preview.data}
          columns={[
            { header: 'Adm.No', cell: (r) => r.values.admissionNo },
            { header: 'Student', cell: (r) => r.studentName ?? '' },
            { header: 'Head', cell: (r) => r.values.head },
            { header: 'Amount', cell: (r) => r.values.amount, align: 'right' },
          ]}
          summary={<Text size="sm">Receipt total {formatRupees(preview.data.totalPaise)}</Text>}
          importLabel={`Save receipt of ${preview.data.total} allocations`}
          canImport={csv !== null && preview.data.invalid === 0 && !preview.isPending}
          importing={commit.isPending}
          onImport={() => csv !== null && commit.mutate({ ...fields, csv })}
          onlyInvalid={onlyInvalid}
          onOnlyInvalidChange={setOnlyInvalid}
          minWidth={560}
          maxHeight={360}
        />
      )}
      <ReportStates
        query={shares}
        loadingLabel="Loading shares..."
        refreshInPlace
        empty={() =>
          open.length === 0 && {
            icon: <IconHeartHandshake />,
            title: 'Nothing is expected from this sponsor',
            text: 'Its shares are all received or returned to the students.',
          }
        }
      >
        {() => (
          <Paper withBorder radius="md" p="lg">
            <Table.ScrollContainer minWidth={560} mah={480}>
              <Table striped verticalSpacing="xs" stickyHeader aria-label="Allocation">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Adm.No</Table.Th>
                    <Table.Th>Student</Table.Th>
                    <Table.Th>Head</Table.Th>
                    <Table.Th ta="right">Still expected</Table.Th>
                    <Table.Th ta="right">Received now (₹)</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {open.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>{s.admissionNo}</Table.Td>
                      <Table.Td>{s.studentName}</Table.Td>
                      <Table.Td>{s.feeHead}</Table.Td>
                      <Table.Td ta="right">{formatRupees(s.receivablePaise)}</Table.Td>
                      <Table.Td ta="right">
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <TextInput
                            aria-label={`Received for ${s.admissionNo} ${s.feeHead}`}
                            value={amounts[s.id] ?? ''}
                            onChange={(e) => {
                              const v = e.currentTarget.value;
                              setAmounts((a) => ({ ...a, [s.id]: v }));
                            }}
                            w={110}
                            size="xs"
                            inputMode="decimal"
                          />
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => setAmounts((a) => ({ ...a, [s.id]: String(s.receivablePaise / 100) }))}
                          >
                            All
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="flex-end" mt="md">
              <Text size="sm">Total {formatRupees(totalPaise)}</Text>
              <Button
                onClick={() =>
                  save.mutate({
                    ...fields,
                    allocations: chosen.map((s) => ({
                      studentId: s.studentId,
                      feeHeadId: s.feeHeadId,
                      amount: amounts[s.id]!,
                    })),
                  })
                }
                loading={save.isPending}
                disabled={chosen.length === 0}
              >
                Save receipt
              </Button>
            </Group>
          </Paper>
        )}
      </ReportStates>
    </Stack>
  );
}

function Statement({ sponsorId }: { sponsorId: number }) {
  const department = useDepartment();
  const trpc = useTRPC();
  const query = useQuery(trpc.sponsors.statement.queryOptions({ depId: department.id, sponsorId }));
  return (
    <ReportStates query={query} loadingLabel="Loading the statement...">
      {(s) => (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4">
              {s.sponsor.name}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {SPONSOR_KIND_LABELS[s.sponsor.kind]}
            </Text>
            <Group gap="xl" mb="md" wrap="wrap">
              <Figure label="Expected" paise={s.totals.sponsoredPaise} />
              <Figure label="Received" paise={s.totals.receivedPaise} />
              <Figure label="Returned to students" paise={s.totals.shortfallPaise} />
              <Figure label="Still expected" paise={s.totals.receivablePaise} />
            </Group>
            <ShareTable rows={s.shares} />
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h5" mb="sm">
              Receipts
            </Title>
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs" aria-label="Sponsor receipts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>No</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Mode</Table.Th>
                    <Table.Th>Students</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.receipts.length === 0 && <NoDataRow colSpan={5} />}
                  {s.receipts.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{sponsorReceiptLabel(r.number)}</Table.Td>
                      <Table.Td>{formatDate(r.date)}</Table.Td>
                      <Table.Td>
                        {PAYMENT_MODE_LABELS[r.mode]}
                        {r.reference ? ` ${r.reference}` : ''}
                      </Table.Td>
                      <Table.Td>{r.allocations.map((a) => `${a.admissionNo} ${a.feeHead}`).join(', ')}</Table.Td>
                      <Table.Td ta="right">{formatRupees(r.amountPaise)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </Stack>
      )}
    </ReportStates>
  );
}

function Figure({ label, paise }: { label: string; paise: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{formatRupees(paise)}</Text>
    </div>
  );
}

function Receivables() {
  const department = useDepartment();
  const trpc = useTRPC();
  const [asOf, setAsOf] = useState(todayIso());
  const query = useQuery(
    trpc.sponsors.receivables.queryOptions({ depId: department.id, asOf }, { enabled: asOf !== '' }),
  );
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <DateField label="As of" w={160} value={asOf} onChange={setAsOf} required />
      </Paper>
      <ReportStates
        query={query}
        empty={(r) =>
          r.rows.length === 0 && {
            icon: <IconHeartHandshake />,
            title: 'Nothing is expected from any sponsor',
            text: 'Every share recorded by this date is received or returned to the students.',
          }
        }
      >
        {(r) => (
          <Paper withBorder radius="md" p="lg">
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs" aria-label="Receivables by age">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sponsor</Table.Th>
                    {RECEIVABLE_AGES.map((a) => (
                      <Table.Th key={a} ta="right">
                        {a} days
                      </Table.Th>
                    ))}
                    <Table.Th ta="right" data-pin-end>
                      Total
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.rows.map((row) => (
                    <Table.Tr key={row.sponsorId}>
                      <Table.Td>{row.sponsor}</Table.Td>
                      {RECEIVABLE_AGES.map((a) => (
                        <Table.Td key={a} ta="right">
                          {formatRupees(row.ages[a])}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right" data-pin-end>
                        {formatRupees(row.totalPaise)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    {RECEIVABLE_AGES.map((a) => (
                      <Table.Th key={a} ta="right">
                        {formatRupees(r.totals.ages[a])}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right" data-pin-end>
                      {formatRupees(r.totals.totalPaise)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </ReportStates>
    </Stack>
  );
}
