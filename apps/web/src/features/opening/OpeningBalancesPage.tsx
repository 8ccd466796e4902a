import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  OPENING_CSV_COLUMNS,
  OPENING_IMPORT_MAX_ROWS,
  PREVIOUS_DUES_HEAD,
  STUDENT_IMPORT_MAX_CHARS,
} from '@fees/validation';
import { IconCircleCheck, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CsvImportPreview } from '../../components/CsvImportPreview';
import { type Chain, DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';
import { departmentName } from '../../components/DepartmentSelect';
import { FailureAlert } from '../../components/FailureAlert';
import { NoDataRow } from '../../components/NoDataRow';
import { PageHeader } from '../../components/PageHeader';
import { downloadText, toCsv } from '../../lib/csv';
import { deleteDialog } from '../../lib/dialogs';
import { formatDate } from '../../lib/dates';
import { useListDepartment } from '../../lib/list-department';
import { formatRupees, paiseToRupeesText } from '../../lib/money';
import { type RouterOutputs, serverFieldErrors, useTRPC } from '../../lib/trpc';
import { idOf, idText } from '../../lib/ids';

type OpeningRow = RouterOutputs['opening']['list']['rows'][number];

const OPENING_SUBTITLE =
  'Dues brought forward from the old books, per student and fee head: due on the day they are imported, ' +
  'collected at the counter like any head';

/** A signed amount as the lists show it: an opening advance (negative) says so. */
function amountText(paise: number): string {
  return paise < 0 ? `${formatRupees(-paise)} advance` : formatRupees(paise);
}

/**
 * /admin/opening: a department's opening balances (dues from the old books, per student and head;
 * a negative one is an opening advance), filtered by course and batch, each correctable or removable; and their
 * import from CSV: the server checks every row and writes all of them or none.
 */
export default function OpeningBalancesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [depId, setDepId] = useListDepartment();
  const [filter, setFilter] = useState<Pick<Chain, 'courseId' | 'batchId'>>({ courseId: null, batchId: null });
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [imported, setImported] = useState<{ count: number; dueDate: string } | null>(null);
  const [editing, setEditing] = useState<OpeningRow | null>(null);

  const dep = idOf(depId);
  const list = useQuery(
    trpc.opening.list.queryOptions(
      { depId: dep ?? 0, courseId: filter.courseId ?? undefined, batchId: filter.batchId ?? undefined },
      { enabled: dep !== null },
    ),
  );
  const remove = useMutation(
    trpc.opening.remove.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Opening balance removed' });
        void queryClient.invalidateQueries();
      },
    }),
  );
  const preview = useMutation(trpc.opening.importPreview.mutationOptions());
  const commit = useMutation(
    trpc.opening.importCommit.mutationOptions({ onSuccess: () => queryClient.invalidateQueries() }),
  );

  const check = (text: string | null, department: number | null) => {
    preview.reset();
    commit.reset();
    if (text === null || department === null) return;
    preview.mutate({ depId: department, csv: text });
  };
  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setImported(null);
    const text = chosen ? await chosen.text() : null;
    setCsv(text);
    check(text, dep);
  };

  const result = preview.data;
  const canImport = dep !== null && csv !== null && result !== undefined && result.invalid === 0 && !preview.isPending;

  return (
    <>
      <PageHeader
        title="Opening balances"
        subtitle={OPENING_SUBTITLE}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadText('opening_balances_template.csv', toCsv([...OPENING_CSV_COLUMNS], []))}
          >
            Download template
          </Button>
        }
      />
      <Paper withBorder radius="md" p="lg" mb="lg">
        <SimpleGrid cols={{ base: 1, md: 4 }}>
          <DepartmentCourseBatchSelect
            course
            batch
            optional
            value={{ depId: dep, ...filter }}
            onChange={(next) => {
              if (next.depId !== dep) {
                setDepId(idText(next.depId));
                check(csv, next.depId);
              }
              setFilter({ courseId: next.courseId, batchId: next.batchId });
            }}
          />
          <FileInput
            label="Import a CSV file"
            placeholder={dep ? 'Choose a .csv file' : 'Choose the department first'}
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={18} />}
            value={file}
            onChange={(f) => void chooseFile(f)}
            disabled={dep === null}
            clearable
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">
          Columns: {OPENING_CSV_COLUMNS.join(', ')}. One row per student and head: the admission number of a student of
          this department, an existing fee head or {PREVIOUS_DUES_HEAD}, the amount in rupees (a minus sign for an
          advance the student had), and a note. At most {OPENING_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows and{' '}
          {STUDENT_IMPORT_MAX_CHARS / 1_000_000} MB per file.
        </Text>
      </Paper>

      {imported && (
        <Alert color="teal" icon={<IconCircleCheck />} title="Import complete" mb="lg" role="status">
          {imported.count} opening balances were imported, due {formatDate(imported.dueDate)}.
        </Alert>
      )}
      {(preview.error ?? commit.error) && <FailureAlert error={preview.error ?? commit.error} mb="lg" />}
      {preview.isPending && <Text c="dimmed">Checking the file…</Text>}

      {result && (
        <CsvImportPreview
          result={result}
          columns={[
            { header: 'Adm.No', cell: (r) => r.values.admissionNo },
            { header: 'Student', cell: (r) => r.studentName ?? '' },
            { header: 'Head', cell: (r) => r.values.head },
            {
              header: 'Amount',
              cell: (r) => (r.amountPaise === null ? r.values.amount : amountText(r.amountPaise)),
              align: 'right',
            },
            { header: 'Note', cell: (r) => r.values.note },
          ]}
          summary={
            <Text size="sm" ml="sm">
              Dues {formatRupees(result.duesPaise)} · advances {formatRupees(result.advancesPaise)}
            </Text>
          }
          importLabel={`Import ${result.total} opening balances`}
          canImport={canImport}
          importing={commit.isPending}
          onImport={() =>
            dep !== null &&
            csv !== null &&
            commit.mutate(
              { depId: dep, csv },
              {
                onSuccess: (r) => {
                  notifications.show({
                    color: 'teal',
                    message: `${r.imported} opening balances imported into ${departmentName(dep)}`,
                  });
                  setImported({ count: r.imported, dueDate: r.dueDate });
                  setFile(null);
                  setCsv(null);
                  preview.reset();
                },
              },
            )
          }
          onlyInvalid={onlyInvalid}
          onOnlyInvalidChange={setOnlyInvalid}
          minWidth={800}
          maxHeight={480}
          mb="lg"
        />
      )}

      {dep !== null && (
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {departmentName(dep)}
            </Title>
            {list.data && (
              <Text size="sm">
                {list.data.rows.length} opening balances · dues {formatRupees(list.data.duesPaise)} · advances{' '}
                {formatRupees(list.data.advancesPaise)}
              </Text>
            )}
          </Group>
          {(list.error ?? remove.error) && <FailureAlert error={list.error ?? remove.error} mb="md" />}
          <Table.ScrollContainer minWidth={800} mah={560}>
            <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Opening balances">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Batch</Table.Th>
                  <Table.Th>Adm.No</Table.Th>
                  <Table.Th>Student</Table.Th>
                  <Table.Th>Head</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Note</Table.Th>
                  <Table.Th w={150} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.rows.length === 0 && <NoDataRow colSpan={8} />}
                {list.data?.rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.batchName}</Table.Td>
                    <Table.Td>{r.admissionNo}</Table.Td>
                    <Table.Td>{r.studentName}</Table.Td>
                    <Table.Td>{r.feeHead}</Table.Td>
                    <Table.Td ta="right">{amountText(r.amountPaise)}</Table.Td>
                    <Table.Td>{formatDate(r.dueDate)}</Table.Td>
                    <Table.Td>{r.note}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => setEditing(r)}
                          aria-label={`Correct ${r.admissionNo} ${r.feeHead}`}
                        >
                          Correct
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          aria-label={`Remove ${r.admissionNo} ${r.feeHead}`}
                          onClick={() =>
                            deleteDialog(
                              `Remove the opening balance of ${amountText(r.amountPaise)} on ${r.feeHead} ` +
                                `for ${r.studentName} (${r.admissionNo})?`,
                              () => remove.mutate({ depId: r.departmentId, id: r.id, version: r.version }),
                            )
                          }
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {editing && <CorrectOpeningDialog key={editing.id} row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

/** An admin corrects one opening balance's amount and note (audited; refused when someone changed it meanwhile). */
function CorrectOpeningDialog({ row, onClose }: { row: OpeningRow; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(paiseToRupeesText(row.amountPaise));
  const [note, setNote] = useState(row.note ?? '');
  const update = useMutation(
    trpc.opening.update.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Opening balance corrected' });
        onClose();
        void queryClient.invalidateQueries();
      },
    }),
  );
  const errors = serverFieldErrors(update.error);
  return (
    <Modal opened onClose={onClose} title="Correct the opening balance">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ depId: row.departmentId, id: row.id, version: row.version, amount, note });
        }}
      >
        <Stack>
          <Text size="sm">
            {row.studentName} ({row.admissionNo}) · {row.feeHead}
          </Text>
          <FailureAlert error={Object.keys(errors).length ? null : update.error} title="Not saved" />
          <TextInput
            label="Amount"
            description="A minus sign for an advance the student had"
            inputMode="decimal"
            leftSection="₹"
            withAsterisk
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
          />
          <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} />
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
