import { Alert, Anchor, Badge, Button, Code, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDatabaseExport } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { clearSignIn } from '../../lib/session-storage';
import { FailureAlert } from '../../components/FailureAlert';
import { NoDataRow } from '../../components/NoDataRow';
import { formatInstant, todayIso } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Fetches GET /api/backup and hands the file to the browser under the server's name. */
async function downloadBackup(): Promise<{ fileName: string; bytes: number; status: number }> {
  const response = await fetch('/api/backup', { credentials: 'include' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    const error = new Error(body?.message ?? `The backup failed (HTTP ${response.status})`);
    throw Object.assign(error, { status: response.status });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `backup_${todayIso()}.sqlite`;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { fileName, bytes: blob.size, status: response.status };
}

const REASONS = { schedule: 'Scheduled', start: 'At start', 'pre-migration': 'Before an upgrade' } as const;

/** The automatic backups: where they go, the schedule, and each file with its check and copy. */
function AutomaticBackups() {
  const trpc = useTRPC();
  const backups = useQuery(trpc.admin.backups.list.queryOptions());
  const data = backups.data;
  if (backups.error) return <FailureAlert error={backups.error} />;
  if (!data?.enabled) return null;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Automatic backups
        </Title>
        <Text size="sm">
          Saved in <Code>{data.dir}</Code>
          {data.schedule ? (
            <>
              {' '}
              on the schedule <Code>{data.schedule}</Code>
              {data.nextRun ? ` (next: ${formatInstant(data.nextRun)})` : ''}
            </>
          ) : (
            ' (no schedule set)'
          )}
          {data.copyTo ? (
            <>
              , each good one copied to <Code>{data.copyTo}</Code>
            </>
          ) : (
            '; no second copy (set BACKUP_COPY_TO)'
          )}
          .
        </Text>
        {data.warnings.length > 0 && (
          <Alert color="orange" icon={<IconAlertTriangle />} role="alert">
            <Stack gap={4}>
              {data.warnings.map((warning) => (
                <Text size="sm" key={warning}>
                  {warning}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Taken</Table.Th>
                <Table.Th>Why</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
                <Table.Th>Check</Table.Th>
                <Table.Th>Copy</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.files.length === 0 && <NoDataRow colSpan={6} />}
              {data.files.map((f) => (
                <Table.Tr key={f.file}>
                  <Table.Td>{f.takenAt ? formatInstant(f.takenAt) : f.file}</Table.Td>
                  <Table.Td>{f.reason ? REASONS[f.reason] : ''}</Table.Td>
                  <Table.Td ta="right">{megabytes(f.bytes)}</Table.Td>
                  <Table.Td>
                    {f.good ? (
                      <Badge color="green" variant="light">
                        Good · {f.rows.toLocaleString('en-IN')} rows
                      </Badge>
                    ) : (
                      <Group gap={4}>
                        <Badge color="red" variant="light">
                          Failed
                        </Badge>
                        <Text size="xs">{f.problem}</Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {f.copy === null ? (
                      <Text size="sm" c="dimmed">
                        Not copied
                      </Text>
                    ) : f.copy.ok ? (
                      <Badge color="green" variant="light">
                        Copied
                      </Badge>
                    ) : (
                      <Group gap={4}>
                        <Badge color="red" variant="light">
                          Copy failed
                        </Badge>
                        <Text size="xs">{f.copy.error}</Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={`/api/backup/files/${encodeURIComponent(f.file)}`} download={f.file} size="sm">
                      Download
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/** How to restore the SQLite file the page downloads. */
function RestoreSqlite({ example }: { example: string }) {
  return (
    <>
      <List type="ordered" size="sm" spacing="xs">
        <List.Item>Stop the server.</List.Item>
        <List.Item>
          In the application folder run <Code>pnpm --filter @fees/server restore {example}</Code> (with the same{' '}
          <Code>DATABASE_PATH</Code> as the server, if you set one).
        </List.Item>
        <List.Item>Start the server again.</List.Item>
      </List>
      <Text size="sm" c="dimmed" mt="sm">
        The file is checked for integrity before anything is replaced; the current database is kept beside it, renamed
        with the date and time of the restore.
      </Text>
    </>
  );
}

/** How to restore pg_dump's custom-format file with pg_restore. */
function RestorePostgres({ example }: { example: string }) {
  return (
    <>
      <List type="ordered" size="sm" spacing="xs">
        <List.Item>
          Create an empty database: <Code>createdb --owner fees fees_restored</Code>.
        </List.Item>
        <List.Item>
          Load the file into it: <Code>pg_restore --no-owner --dbname=fees_restored {example}</Code>.
        </List.Item>
        <List.Item>
          Stop the app servers, point their <Code>DATABASE_URL</Code> at the new database and start them again.
        </List.Item>
      </List>
      <Text size="sm" c="dimmed" mt="sm">
        The database you were using stays untouched until you drop it. For recovery to any moment and a standby ready to
        take over, use PostgreSQL's continuous archiving and streaming replication (see the README).
      </Text>
    </>
  );
}

/** /admin/backup: download a consistent snapshot of the database, the automatic backups, and how to restore one. */
export default function BackupPage() {
  const navigate = useNavigate();
  const trpc = useTRPC();
  const download = useQuery(trpc.admin.backups.list.queryOptions()).data?.download;
  const backup = useMutation({
    mutationFn: downloadBackup,
    onError: (error) => {
      if ((error as { status?: number }).status === 401) {
        clearSignIn();
        void navigate('/', { replace: true });
      }
    },
  });
  const example = download?.fileName ?? `backup_${todayIso()}.sqlite`;

  return (
    <>
      <PageHeader
        title="Backup Database"
        subtitle="A copy of everything: students, fees, receipts, accounts and settings"
      />
      <Stack maw={960} gap="lg">
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Text size="sm">
              The backup is a consistent snapshot of the whole database, taken while the application keeps working; it
              holds everything saved up to the moment it was taken. Keep the file somewhere safe, away from this
              computer.
            </Text>
            {download?.problem && (
              <Alert
                color="orange"
                icon={<IconAlertTriangle />}
                role="alert"
                title="The backup cannot be made on this server"
              >
                {download.problem}
              </Alert>
            )}
            <FailureAlert error={backup.error} />
            {backup.data && (
              <Alert color="green" icon={<IconCircleCheck />} role="status">
                Downloaded {backup.data.fileName} ({megabytes(backup.data.bytes)}).
              </Alert>
            )}
            <Button
              leftSection={<IconDatabaseExport size={18} />}
              loading={backup.isPending}
              disabled={Boolean(download?.problem)}
              onClick={() => backup.mutate()}
              size="md"
              w="fit-content"
            >
              Download backup
            </Button>
          </Stack>
        </Paper>
        <AutomaticBackups />
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="xs">
            Restoring a backup
          </Title>
          {download &&
            (download.engine === 'postgres' ? (
              <RestorePostgres example={example} />
            ) : (
              <RestoreSqlite example={example} />
            ))}
        </Paper>
      </Stack>
    </>
  );
}
