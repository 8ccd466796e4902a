import { Alert, Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBigUpLines, IconCircleCheck, IconSearch, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateField } from '../../components/DateField';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { FailureAlert } from '../../components/FailureAlert';
import { NoDataRow } from '../../components/NoDataRow';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { can } from '../../lib/can';
import { formatDate } from '../../lib/dates';
import { useDepartment, useIsAdminArea } from '../../lib/department-context';
import { confirmDialog } from '../../lib/dialogs';
import { idOf } from '../../lib/ids';
import { useListDepartment } from '../../lib/list-department';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { REPORT_FILTER_WIDTHS } from '../reports/ReportParts';

type Action = 'promote' | 'keep' | 'leave';
type Preview = RouterOutputs['promotions']['preview'];
type Done = RouterOutputs['promotions']['run'];

const ACTIONS: Array<{ value: Action; label: string }> = [
  { value: 'promote', label: 'Promote' },
  { value: 'keep', label: 'Keep' },
  { value: 'leave', label: 'Leave' },
];

const SUBTITLE =
  'Once a year: move a batch to its next batch. Unpaid fees stay with the old year and are still collected.';

/** "Promote 38, keep 2, leave 1": the counts of a choice, as the confirmation and the result say them. */
function countsText(counts: { promoted: number; kept: number; left: number }): string {
  return `promote ${counts.promoted}, keep ${counts.kept}, leave ${counts.left}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * /admin/promote (with a department choice, reached from the batches) and /{department}/promote: a batch, then
 * its next batch (a later batch of the same course); every current student of the batch is listed with the
 * unpaid balance and promoted, kept (repeating the year) or left on a date. Applied in one go after a
 * confirmation with the counts, then undoable until a receipt is issued in the next batch.
 */
export default function PromotionPage() {
  return useIsAdminArea() ? <AdminPromotion /> : <DepartmentPromotion />;
}

function AdminPromotion() {
  const [depId] = useListDepartment();
  return <Promotion depId={idOf(depId)} />;
}

function DepartmentPromotion() {
  return <Promotion depId={useDepartment().id} fixedDepartment />;
}

function Promotion({ depId, fixedDepartment = false }: { depId: number | null; fixedDepartment?: boolean }) {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const courseId = idOf(params.get('course'));
  const fromBatchId = idOf(params.get('batch'));
  const chosenNext = idOf(params.get('next'));
  const canWrite = can('write');

  const batches = useQuery(
    trpc.batches.byCourse.queryOptions(
      { depId: depId ?? 0, courseId: courseId ?? 0 },
      { enabled: depId !== null && courseId !== null },
    ),
  );
  const from = batches.data?.find((b) => b.id === fromBatchId);
  const later = (batches.data ?? [])
    .filter((b) => from !== undefined && b.startDate > from.startDate)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  const toBatchId = later.some((b) => b.id === chosenNext) ? chosenNext : (later[0]?.id ?? null);

  const setParam = (next: Record<string, number | null>) => {
    const merged = { depId, course: courseId, batch: fromBatchId, next: chosenNext, ...next };
    if (fixedDepartment) merged.depId = null;
    setParams(
      Object.fromEntries(
        Object.entries(merged)
          .filter(([, v]) => v !== null)
          .map(([k, v]) => [k, String(v)]),
      ),
    );
  };

  const ready = depId !== null && fromBatchId !== null && toBatchId !== null;
  const preview = useQuery(
    trpc.promotions.preview.queryOptions(
      { depId: depId ?? 0, fromBatchId: fromBatchId ?? 0, toBatchId: toBatchId ?? 0 },
      { enabled: ready },
    ),
  );

  return (
    <>
      <PageHeader title="Promote students" subtitle={SUBTITLE} />
      <Paper withBorder radius="md" p="lg" mb="lg">
        <Group align="flex-end" wrap="wrap">
          <DepartmentCourseBatchSelect
            depId={fixedDepartment ? (depId ?? undefined) : undefined}
            course
            batch
            native
            widths={REPORT_FILTER_WIDTHS}
            value={{ depId, courseId, batchId: fromBatchId }}
            onChange={(next) => setParam({ depId: next.depId, course: next.courseId, batch: next.batchId, next: null })}
          />
          <NativeSelect
            label="Next batch"
            w={260}
            disabled={from === undefined || later.length === 0}
            value={toBatchId === null ? '' : String(toBatchId)}
            onChange={(e) => setParam({ next: idOf(e.currentTarget.value) })}
            data={
              later.length === 0
                ? [{ value: '', label: from === undefined ? 'Choose a batch first' : 'No later batch' }]
                : later.map((b) => ({ value: String(b.id), label: `${b.name} (from ${formatDate(b.startDate)})` }))
            }
          />
        </Group>
        {from !== undefined && later.length === 0 && (
          <Text size="sm" c="orange.8" mt="sm">
            This course has no batch starting after {from.name}: an administrator creates it first (Create Batches).
          </Text>
        )}
      </Paper>

      {!ready ? (
        <EmptyState
          reason={{
            icon: <IconSearch />,
            title: 'Choose a batch and its next batch',
            text: 'Its students show here with what they still owe.',
          }}
        />
      ) : (
        <ReportStates
          query={preview}
          loadingLabel="Loading the batch..."
          refreshInPlace
          empty={(data) =>
            data.students.length === 0 &&
            data.promotions.length === 0 && {
              icon: <IconUsers />,
              title: `${data.from.name} has no current students`,
              text: 'Nobody is left to promote from this batch.',
            }
          }
        >
          {(data) => (
            <PromotionList key={`${data.from.id}-${data.to.id}`} depId={depId!} data={data} canWrite={canWrite} />
          )}
        </ReportStates>
      )}
    </>
  );
}

function PromotionList({ depId, data, canWrite }: { depId: number; data: Preview; canWrite: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<Record<string, Action>>({});
  const [date, setDate] = useState(data.to.startDate);
  const [done, setDone] = useState<(Done & { toName: string }) | null>(null);
  const refresh = () => void queryClient.invalidateQueries();
  const run = useMutation(trpc.promotions.run.mutationOptions({ onSuccess: refresh }));
  const undo = useMutation(trpc.promotions.undo.mutationOptions({ onSuccess: refresh }));

  const actionOf = (admNo: string): Action => choices[admNo] ?? 'promote';
  const counts = { promoted: 0, kept: 0, left: 0 };
  for (const s of data.students) {
    const a = actionOf(s.admissionNo);
    counts[a === 'promote' ? 'promoted' : a === 'keep' ? 'kept' : 'left']++;
  }
  const setAll = (action: Action) =>
    setChoices(Object.fromEntries(data.students.map((s) => [s.admissionNo, action] as const)));

  const apply = () =>
    confirmDialog(
      `${capitalised(countsText(counts))}? ${data.from.name} to ${data.to.name} on ${formatDate(date)}.`,
      () =>
        run.mutate(
          {
            depId,
            fromBatchId: data.from.id,
            toBatchId: data.to.id,
            date,
            students: data.students.map((s) => ({ admNo: s.admissionNo, action: actionOf(s.admissionNo) })),
          },
          {
            onSuccess: (r) => {
              setDone({ ...r, toName: data.to.name });
              setChoices({});
              undo.reset();
            },
          },
        ),
      'Apply the promotion',
    );
  const undoIt = (id: number) =>
    confirmDialog('Put every student of this promotion back in the batch?', () =>
      undo.mutate({ depId, id }, { onSuccess: () => setDone((d) => (d?.id === id ? null : d)) }),
    );

  return (
    <Stack gap="lg">
      {done && (
        <Alert color="teal" icon={<IconCircleCheck />} title="Promotion applied" role="status">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">
              Promoted {done.promoted}, kept {done.kept}, left {done.left} on {formatDate(done.date)}. Unpaid balances
              stay with {data.from.name}.
            </Text>
            {canWrite && (
              <Button size="xs" variant="white" color="red" loading={undo.isPending} onClick={() => undoIt(done.id)}>
                Undo
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {(run.error ?? undo.error) && <FailureAlert error={run.error ?? undo.error} />}

      {data.students.length > 0 && (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4">
                {data.from.name} → {data.to.name}: {data.students.length}{' '}
                {data.students.length === 1 ? 'student' : 'students'}
              </Title>
              <Text size="sm" c="dimmed">
                Unpaid in {data.from.name}: {formatRupees(data.unpaidTotalPaise)}
              </Text>
            </Group>
            {canWrite && (
              <Group align="flex-end" wrap="wrap">
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    Set all
                  </Text>
                  <Group gap={6}>
                    {ACTIONS.map((a) => (
                      <Button key={a.value} size="xs" variant="default" onClick={() => setAll(a.value)}>
                        {`All ${a.label.toLowerCase()}`}
                      </Button>
                    ))}
                  </Group>
                </Stack>
                <DateField label="On" w={160} value={date} onChange={setDate} required />
                <Button
                  leftSection={<IconArrowBigUpLines size={18} />}
                  onClick={apply}
                  loading={run.isPending}
                  disabled={date === ''}
                >
                  Apply
                </Button>
              </Group>
            )}
            <Table.ScrollContainer minWidth={canWrite ? 560 : 400} mah={560}>
              <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Students">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Adm.No</Table.Th>
                    <Table.Th>Student</Table.Th>
                    <Table.Th ta="right">Unpaid</Table.Th>
                    {canWrite && <Table.Th>Choice</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.students.map((s) => (
                    <Table.Tr key={s.studentId}>
                      <Table.Td>{s.admissionNo}</Table.Td>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td ta="right" c={s.balancePaise > 0 ? 'red.8' : undefined}>
                        {formatRupees(s.balancePaise)}
                      </Table.Td>
                      {canWrite && (
                        <Table.Td>
                          <SegmentedControl
                            size="xs"
                            aria-label={`Choice for ${s.admissionNo}`}
                            value={actionOf(s.admissionNo)}
                            onChange={(v) => setChoices((c) => ({ ...c, [s.admissionNo]: v as Action }))}
                            data={ACTIONS}
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      )}

      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          Past promotions of {data.from.name}
        </Title>
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs" aria-label="Past promotions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>On</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Status</Table.Th>
                {canWrite && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.promotions.length === 0 && <NoDataRow colSpan={canWrite ? 4 : 3} />}
              {data.promotions.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDate(p.date)}</Table.Td>
                  <Table.Td>{p.toBatchId === data.to.id ? data.to.name : `Batch ${p.toBatchId}`}</Table.Td>
                  <Table.Td>
                    {p.undoneAt === null ? 'Applied' : `Undone ${formatDate(p.undoneAt.slice(0, 10))}`}
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      {p.undoneAt === null && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          aria-label={`Undo the promotion of ${formatDate(p.date)}`}
                          onClick={() => undoIt(p.id)}
                        >
                          Undo
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
