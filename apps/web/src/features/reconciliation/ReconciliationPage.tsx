import {
  STATEMENT_FIELD_LABELS,
  STATEMENT_FIELDS,
  STATEMENT_LINE_STATE_LABELS,
  STATEMENT_MAX_BYTES,
  type StatementField,
  type TStatementMapping,
} from '@fees/validation';
import {
  Alert,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReportStates } from '../../components/ReportStates';
import { formatDate } from '../../lib/dates';
import { can } from '../../lib/can';
import { useDepartment } from '../../lib/department-context';
import { formatRupees } from '../../lib/money';
import { readBase64 } from '../../lib/read-file';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';

type Preview = RouterOutputs['reconciliation']['preview'];
const STATE_COLOR = { matched: 'green', receipt_created: 'blue', ignored: 'gray', unmatched: 'orange' } as const;

/** The six columns chosen from the file's header; reference, debit and balance may stay unmapped. */
function MappingFields({
  columns,
  mapping,
  onChange,
}: {
  columns: string[];
  mapping: Partial<TStatementMapping>;
  onChange: (mapping: Partial<TStatementMapping>) => void;
}) {
  const optional = (f: StatementField) => f === 'reference' || f === 'debit' || f === 'balance';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {STATEMENT_FIELDS.map((field) => (
        <NativeSelect
          key={field}
          label={STATEMENT_FIELD_LABELS[field]}
          withAsterisk={!optional(field)}
          value={mapping[field] ?? ''}
          onChange={(e) => onChange({ ...mapping, [field]: e.currentTarget.value || null })}
          data={[{ value: '', label: optional(field) ? '(not in this file)' : 'Choose a column' }, ...columns]}
        />
      ))}
    </SimpleGrid>
  );
}

function complete(mapping: Partial<TStatementMapping>): TStatementMapping | null {
  if (!mapping.date || !mapping.narration || !mapping.credit) return null;
  return {
    date: mapping.date,
    narration: mapping.narration,
    credit: mapping.credit,
    reference: mapping.reference ?? null,
    debit: mapping.debit ?? null,
    balance: mapping.balance ?? null,
  };
}

/** Upload: the account, the file, the columns (remembered per account), a preview of the credits, then Import. */
function UploadStatement() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const department = useDepartment();
  const depId = department.id;
  const accounts = useQuery(trpc.reconciliation.bankAccounts.queryOptions({ depId }));
  const [bankAccount, setBankAccount] = useState('');
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Partial<TStatementMapping>>({});
  const previewing = useMutation(
    trpc.reconciliation.preview.mutationOptions({
      onSuccess: (answer) => {
        setPreview(answer);
        setMapping(answer.mapping ?? {});
      },
    }),
  );
  const importing = useMutation(
    trpc.reconciliation.import.mutationOptions({
      onSuccess: async (answer) => {
        await queryClient.invalidateQueries({ queryKey: trpc.reconciliation.pathKey() });
        void navigate(`${answer.statementId}`);
      },
    }),
  );
  const run = (next: { account?: string; file?: typeof file; mapping?: TStatementMapping }) => {
    const chosen = next.file === undefined ? file : next.file;
    const account = (next.account ?? bankAccount).trim();
    if (!chosen || !account) return;
    previewing.mutate({
      depId,
      bankAccount: account,
      fileName: chosen.name,
      fileBase64: chosen.base64,
      mapping: next.mapping,
    });
  };
  const choose = async (picked: File | null) => {
    setPreview(null);
    setFileProblem(null);
    if (!picked) return setFile(null);
    if (picked.size > STATEMENT_MAX_BYTES) {
      setFile(null);
      return setFileProblem('The file is larger than 2 MB: split the statement by month');
    }
    const chosen = { name: picked.name, base64: await readBase64(picked) };
    setFile(chosen);
    run({ file: chosen });
  };
  const ready = complete(mapping);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Upload a bank statement
      </Title>
      <Stack gap="sm">
        <Group align="flex-end" grow wrap="wrap">
          <Autocomplete
            label="Bank account"
            description="The columns chosen for an account are remembered for its next statement"
            withAsterisk
            value={bankAccount}
            onChange={setBankAccount}
            onBlur={() => run({})}
            onOptionSubmit={(value) => run({ account: value })}
            data={accounts.data?.map((a) => a.name) ?? []}
            placeholder="SBI current 8901"
            miw={220}
          />
          <FileInput
            label="Statement file (CSV, XLSX or XLS)"
            withAsterisk
            accept=".csv,.txt,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            placeholder="Choose the file"
            onChange={(picked) => void choose(picked)}
            clearable
            miw={220}
          />
        </Group>
        {fileProblem && <Alert color="red">{fileProblem}</Alert>}
        {file && !bankAccount.trim() && <Text size="sm">Name the bank account to read the file.</Text>}
        <FailureAlert error={previewing.error} title="The file could not be read" />
        {preview && (
          <>
            {preview.problem && preview.mapping === null && (
              <Alert color="yellow">The columns could not be found by themselves: choose them below.</Alert>
            )}
            {preview.mappingSource === 'remembered' && (
              <Text size="sm" c="dimmed">
                The columns remembered for this account are chosen.
              </Text>
            )}
            <MappingFields
              columns={preview.columns}
              mapping={mapping}
              onChange={(next) => {
                setMapping(next);
                const whole = complete(next);
                if (whole) run({ mapping: whole });
              }}
            />
            {preview.alreadyImported !== null && (
              <Alert color="blue">
                This file was imported already:{' '}
                <Anchor component={Link} to={`${preview.alreadyImported}`}>
                  open its statement
                </Anchor>
                .
              </Alert>
            )}
            {preview.problemCount > 0 && (
              <Alert color="red" title={`${preview.problemCount} row(s) cannot be read`}>
                {preview.problems.map((p) => (
                  <div key={p.rowNo}>{p.message}</div>
                ))}
              </Alert>
            )}
            <Text size="sm" data-testid="statement-preview-summary">
              {preview.creditCount} credit{preview.creditCount === 1 ? '' : 's'} of {formatRupees(preview.creditPaise)}
              {preview.from && preview.to && ` from ${formatDate(preview.from)} to ${formatDate(preview.to)}`};{' '}
              {preview.debitCount} debit{preview.debitCount === 1 ? '' : 's'} left out (not fees).
            </Text>
            {preview.sample.length > 0 && (
              <Table.ScrollContainer minWidth={700} mah={320}>
                <Table striped stickyHeader data-testid="statement-preview">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Row</Table.Th>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Narration</Table.Th>
                      <Table.Th>Reference</Table.Th>
                      <Table.Th ta="right">Credit</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.sample.map((line) => (
                      <Table.Tr key={line.rowNo}>
                        <Table.Td>{line.rowNo}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{line.narration}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{line.reference}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatRupees(line.creditPaise)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <FailureAlert error={importing.error} title="Not imported" />
            <Group>
              <Button
                loading={importing.isPending}
                disabled={!ready || !file || preview.creditCount === 0 || preview.problemCount > 0}
                onClick={() =>
                  ready &&
                  file &&
                  importing.mutate({
                    depId,
                    bankAccount: bankAccount.trim(),
                    fileName: file.name,
                    fileBase64: file.base64,
                    mapping: ready,
                  })
                }
              >
                Import {preview.creditCount} credit{preview.creditCount === 1 ? '' : 's'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The department's statements, newest first, each with its lines' count and sum per state; uploading one is an
 * accountant's.
 */
export default function ReconciliationPage() {
  const trpc = useTRPC();
  const department = useDepartment();
  const statements = useQuery(trpc.reconciliation.statements.queryOptions({ depId: department.id }));
  return (
    <>
      <PageHeader
        title="Reconciliation"
        subtitle={department.name}
        actions={
          can('write') && (
            <Button component={Link} to="settlements" variant="light">
              Gateway settlements
            </Button>
          )
        }
      />
      <Stack gap="md">
        {can('write') && <UploadStatement />}
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            Statements
          </Title>
          <ReportStates query={statements} loadingLabel="Reading the statements..." refreshInPlace>
            {(rows) =>
              rows.length === 0 ? (
                <Text c="dimmed">No statement uploaded yet.</Text>
              ) : (
                <Table.ScrollContainer minWidth={760}>
                  <Table striped data-testid="statements">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Account</Table.Th>
                        <Table.Th>File</Table.Th>
                        <Table.Th>Period</Table.Th>
                        <Table.Th>Lines by state</Table.Th>
                        <Table.Th ta="right">Credits</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((s) => (
                        <Table.Tr key={s.id}>
                          <Table.Td>{s.bankAccount}</Table.Td>
                          <Table.Td>
                            <Anchor component={Link} to={`${s.id}`}>
                              {s.fileName}
                            </Anchor>
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {formatDate(s.fromDate)} to {formatDate(s.toDate)}
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4}>
                              {s.totals.map((t) => (
                                <Badge key={t.state} color={STATE_COLOR[t.state]} variant="light">
                                  {STATEMENT_LINE_STATE_LABELS[t.state]} {t.count}
                                </Badge>
                              ))}
                            </Group>
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {formatRupees(s.totals.reduce((sum, t) => sum + t.amountPaise, 0))}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )
            }
          </ReportStates>
        </Paper>
      </Stack>
    </>
  );
}
