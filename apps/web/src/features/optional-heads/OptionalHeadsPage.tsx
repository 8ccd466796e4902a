import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { OPT_IN_CSV_COLUMNS, STUDENT_IMPORT_MAX_ROWS } from '@fees/validation';
import { IconBus, IconCircleCheck, IconDownload, IconFileTypeCsv, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CsvImportPreview } from '../../components/CsvImportPreview';
import { DateField } from '../../components/DateField';
import { DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { FailureAlert } from '../../components/FailureAlert';
import { NoDataRow } from '../../components/NoDataRow';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ReportStates } from '../../components/ReportStates';
import { downloadText, toCsv } from '../../lib/csv';
import { formatDate, todayIso } from '../../lib/dates';
import { useDepartment } from '../../lib/department-context';
import { can } from '../../lib/can';
import { deleteDialog } from '../../lib/dialogs';
import { idOf } from '../../lib/ids';
import { formatRupees } from '../../lib/money';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { REPORT_FILTER_WIDTHS } from '../reports/ReportParts';

type OptIn = RouterOutputs['optionalHeads']['byBatch']['students'][number]['optIns'][number];

const SUBTITLE = 'Transport, hostel, mess: a student owes an optional head only for the instalments due while opted in';

/** A spell as the list shows it: from a date, or between two dates. */
function spellText(o: OptIn): string {
  return o.to === null ? `from ${formatDate(o.from)}` : `${formatDate(o.from)} to ${formatDate(o.to)}`;
}

/**
 * /{department}/optional: a batch's optional heads and who takes them. Tick students and opt them in from a date
 * (until a date), end or remove a spell, or import a CSV of opt-ins checked row by row before anything is written.
 * Whoever only reads the department (a viewer, an auditor) sees the spells without those controls.
 */
export default function OptionalHeadsPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const courseId = idOf(params.get('course'));
  const batchId = idOf(params.get('batch'));
  const [chosenHead, setChosenHead] = useState<number | null>(null);
  const [from, setFrom] = useState(todayIso());
  const [to, setTo] = useState('');
  const [ticked, setTicked] = useState<number[]>([]);
  const [csv, setCsv] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [imported, setImported] = useState<number | null>(null);
  const canWrite = can('write');

  const query = useQuery(
    trpc.optionalHeads.byBatch.queryOptions(
      { depId: department.id, batchId: batchId ?? 0 },
      { enabled: batchId !== null },
    ),
  );
  const refresh = () => void queryClient.invalidateQueries();
  const optIn = useMutation(trpc.optionalHeads.optIn.mutationOptions({ onSuccess: refresh }));
  const end = useMutation(trpc.optionalHeads.end.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.optionalHeads.remove.mutationOptions({ onSuccess: refresh }));
  const preview = useMutation(trpc.optionalHeads.importPreview.mutationOptions());
  const commit = useMutation(trpc.optionalHeads.importCommit.mutationOptions({ onSuccess: refresh }));

  const heads = query.data?.heads ?? [];
  const headId = heads.some((h) => h.feeHeadId === chosenHead) ? chosenHead : (heads[0]?.feeHeadId ?? null);
  const head = heads.find((h) => h.feeHeadId === headId);
  const students = query.data?.students ?? [];
  const spellsOf = (s: (typeof students)[number]) => s.optIns.filter((o) => o.feeHeadId === headId);
  const toggle = (id: number) => setTicked((t) => (t.includes(id) ? t.filter((x) => x !== id) : [...t, id]));
  const allTicked = students.length > 0 && students.every((s) => ticked.includes(s.id));

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setImported(null);
    preview.reset();
    commit.reset();
    const text = chosen ? await chosen.text() : null;
    setCsv(text);
    if (text !== null) preview.mutate({ depId: department.id, csv: text });
  };

  const submitOptIn = () => {
    if (headId === null || ticked.length === 0) return;
    optIn.mutate(
      { depId: department.id, studentIds: ticked, feeHeadId: headId, from, to: to === '' ? null : to },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'teal', message: `${r.added} students opted into ${head?.feeHead ?? ''}` });
          setTicked([]);
        },
      },
    );
  };

  return (
    <>
      <PageHeader title="Optional heads" subtitle={SUBTITLE} />
      <Paper withBorder radius="md" p="lg" mb="lg">
        <Group align="flex-end" wrap="wrap">
          <DepartmentCourseBatchSelect
            depId={department.id}
            course
            batch
            native
            widths={REPORT_FILTER_WIDTHS}
            value={{ courseId, batchId }}
            onChange={(next) => {
              setTicked([]);
              setParams(
                Object.fromEntries(
                  Object.entries({
                    course: next.courseId === null ? '' : String(next.courseId),
                    batch: next.batchId === null ? '' : String(next.batchId),
                  }).filter(([, v]) => v !== ''),
                ),
              );
            }}
          />
          {canWrite && (
            <>
              <FileInput
                label="Import opt-ins (CSV)"
                placeholder="Choose a .csv file"
                accept=".csv,text/csv"
                leftSection={<IconFileTypeCsv size={18} />}
                value={file}
                onChange={(f) => void chooseFile(f)}
                clearable
                w={240}
              />
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadText('opt_ins_template.csv', toCsv([...OPT_IN_CSV_COLUMNS], []))}
              >
                Template
              </Button>
            </>
          )}
        </Group>
        {canWrite && (
          <Text size="xs" c="dimmed" mt="sm">
            CSV columns: {OPT_IN_CSV_COLUMNS.join(', ')}: an admission number of this department, the optional head's
            name, the first day (yyyy-mm-dd) and, if the student leaves it, the last. At most{' '}
            {STUDENT_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows.
          </Text>
        )}
      </Paper>

      {imported !== null && (
        <Alert color="teal" icon={<IconCircleCheck />} title="Import complete" mb="lg" role="status">
          {imported} opt-ins were imported.
        </Alert>
      )}
      {(preview.error ?? commit.error) && <FailureAlert error={preview.error ?? commit.error} mb="lg" />}
      {preview.data && (
        <CsvImportPreview
          result={preview.data}
          columns={[
            { header: 'Adm.No', cell: (r) => r.values.admissionNo },
            { header: 'Student', cell: (r) => r.studentName ?? '' },
            { header: 'Head', cell: (r) => r.values.head },
            { header: 'From', cell: (r) => r.values.from },
            { header: 'Until', cell: (r) => r.values.to },
          ]}
          importLabel={`Import ${preview.data.total} opt-ins`}
          canImport={csv !== null && preview.data.invalid === 0 && !preview.isPending}
          importing={commit.isPending}
          onImport={() =>
            csv !== null &&
            commit.mutate(
              { depId: department.id, csv },
              {
                onSuccess: (r) => {
                  setImported(r.imported);
                  setFile(null);
                  setCsv(null);
                  preview.reset();
                },
              },
            )
          }
          onlyInvalid={onlyInvalid}
          onOnlyInvalidChange={setOnlyInvalid}
          minWidth={640}
          maxHeight={360}
          mb="lg"
        />
      )}

      {batchId === null ? (
        <EmptyState
          reason={{ icon: <IconSearch />, title: 'Choose a batch', text: 'Its optional heads and students show here.' }}
        />
      ) : (
        <ReportStates
          query={query}
          loadingLabel="Loading the batch..."
          refreshInPlace
          empty={(data) =>
            data.heads.length === 0 && {
              icon: <IconBus />,
              title: 'This batch has no optional head',
              text: 'An administrator marks a head optional in its fee structure (Admin › Fee structure).',
            }
          }
        >
          {() => (
            <Paper withBorder radius="md" p="lg">
              <Stack gap="md">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4">
                    {head ? `${head.feeHead} · ${formatRupees(head.amountPaise)} a year` : ''}
                  </Title>
                  {heads.length > 1 && (
                    <SegmentedControl
                      aria-label="Optional head"
                      value={String(headId)}
                      onChange={(v) => setChosenHead(Number(v))}
                      data={heads.map((h) => ({ value: String(h.feeHeadId), label: h.feeHead }))}
                    />
                  )}
                </Group>
                {canWrite && (
                  <Group align="flex-end" wrap="wrap">
                    <DateField label="From" w={160} value={from} onChange={setFrom} required />
                    <DateField label="Until (if known)" w={160} value={to} onChange={setTo} />
                    <Button
                      onClick={submitOptIn}
                      disabled={ticked.length === 0 || from === ''}
                      loading={optIn.isPending}
                    >
                      Opt in {ticked.length} ticked
                    </Button>
                  </Group>
                )}
                {(optIn.error ?? end.error ?? remove.error) && (
                  <FailureAlert error={optIn.error ?? end.error ?? remove.error} />
                )}
                <Table.ScrollContainer minWidth={560} mah={560}>
                  <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Students">
                    <Table.Thead>
                      <Table.Tr>
                        {canWrite && (
                          <Table.Th w={40}>
                            <Checkbox
                              aria-label="Tick every student"
                              checked={allTicked}
                              onChange={() => setTicked(allTicked ? [] : students.map((s) => s.id))}
                            />
                          </Table.Th>
                        )}
                        <Table.Th>Adm.No</Table.Th>
                        <Table.Th>Student</Table.Th>
                        <Table.Th>{head?.feeHead ?? 'Opted in'}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {students.length === 0 && <NoDataRow colSpan={canWrite ? 4 : 3} />}
                      {students.map((s) => (
                        <Table.Tr key={s.id}>
                          {canWrite && (
                            <Table.Td>
                              <Checkbox
                                aria-label={`Tick ${s.admissionNo}`}
                                checked={ticked.includes(s.id)}
                                onChange={() => toggle(s.id)}
                              />
                            </Table.Td>
                          )}
                          <Table.Td>{s.admissionNo}</Table.Td>
                          <Table.Td>{s.name}</Table.Td>
                          <Table.Td>
                            {spellsOf(s).length === 0 && (
                              <Text size="sm" c="dimmed">
                                Not taken
                              </Text>
                            )}
                            {spellsOf(s).map((o) => (
                              <Group key={o.id} gap={6} wrap="nowrap">
                                <Text size="sm">{spellText(o)}</Text>
                                {canWrite && o.to === null && (
                                  <Button
                                    size="compact-xs"
                                    variant="light"
                                    disabled={to === ''}
                                    title={to === '' ? 'Type the Until date above first' : undefined}
                                    onClick={() => end.mutate({ depId: department.id, id: o.id, to })}
                                    aria-label={`End ${s.admissionNo} on the Until date`}
                                  >
                                    End
                                  </Button>
                                )}
                                {canWrite && (
                                  <Button
                                    size="compact-xs"
                                    variant="light"
                                    color="red"
                                    aria-label={`Remove ${s.admissionNo} ${spellText(o)}`}
                                    onClick={() =>
                                      deleteDialog(`Remove ${s.name}'s opt-in ${spellText(o)}?`, () =>
                                        remove.mutate({ depId: department.id, id: o.id }),
                                      )
                                    }
                                  >
                                    Remove
                                  </Button>
                                )}
                              </Group>
                            ))}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            </Paper>
          )}
        </ReportStates>
      )}
    </>
  );
}
