import { Alert, Button, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDatabaseExport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { todayIso } from '../../lib/dates';
import { clearSignIn } from '../../lib/session-storage';
import { FailureAlert } from '../../components/FailureAlert';

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

/** /admin/backup: download a consistent snapshot of the database, and how to restore one. */
export default function BackupPage() {
  const navigate = useNavigate();
  const backup = useMutation({
    mutationFn: downloadBackup,
    onError: (error) => {
      if ((error as { status?: number }).status === 401) {
        clearSignIn();
        void navigate('/', { replace: true });
      }
    },
  });
  const example = `backup_${todayIso()}.sqlite`;

  return (
    <>
      <PageHeader title="Backup Database" subtitle="A copy of everything: students, fees, receipts, accounts and settings" />
      <Stack maw={760} gap="lg">
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Text size="sm">
              The backup is a consistent snapshot of the whole database, taken while the application keeps working;
              it holds everything saved up to the moment it was taken. Keep the file somewhere safe, away from this
              computer.
            </Text>
            <FailureAlert error={backup.error} />
            {backup.data && (
              <Alert color="green" icon={<IconCircleCheck />} role="status">
                Downloaded {backup.data.fileName} ({megabytes(backup.data.bytes)}).
              </Alert>
            )}
            <Button
              leftSection={<IconDatabaseExport size={18} />}
              loading={backup.isPending}
              onClick={() => backup.mutate()}
              size="md"
              w="fit-content"
            >
              Download backup
            </Button>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={4} mb="xs">
            Restoring a backup
          </Title>
          <List type="ordered" size="sm" spacing="xs">
            <List.Item>Stop the server.</List.Item>
            <List.Item>
              In the application folder run <Code>pnpm --filter @fees/server restore {example}</Code> (with the same{' '}
              <Code>DATABASE_PATH</Code> as the server, if you set one).
            </List.Item>
            <List.Item>Start the server again.</List.Item>
          </List>
          <Text size="sm" c="dimmed" mt="sm">
            The file is checked for integrity before anything is replaced; the current database is kept beside it,
            renamed with the date and time of the restore.
          </Text>
        </Paper>
      </Stack>
    </>
  );
}
