import { Alert, Button, FileInput, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CONTACT_CSV_COLUMNS, MAX_GUARDIANS, STUDENT_IMPORT_MAX_ROWS } from '@fees/validation';
import { IconCircleCheck, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CsvImportPreview } from '../../components/CsvImportPreview';
import { FailureAlert } from '../../components/FailureAlert';
import { PageHeader } from '../../components/PageHeader';
import { downloadText, toCsv } from '../../lib/csv';
import { useDepartment } from '../../lib/department-context';
import { useTRPC } from '../../lib/trpc';

/**
 * Guardians of students already registered, from a CSV file: the server checks every row (the student
 * exists, mobiles and e-mails are valid); Import replaces the guardians of every student in the file, or
 * of none.
 */
export default function ImportContactsPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [imported, setImported] = useState<number | null>(null);
  const preview = useMutation(trpc.messages.contactsImportPreview.mutationOptions());
  const commit = useMutation(
    trpc.messages.contactsImportCommit.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.students.pathKey() }),
    }),
  );

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setImported(null);
    preview.reset();
    commit.reset();
    const text = chosen ? await chosen.text() : null;
    setCsv(text);
    if (text !== null) preview.mutate({ depId: department.id, csv: text });
  };

  const result = preview.data;
  const canImport = csv !== null && result !== undefined && result.invalid === 0 && result.total > 0;

  return (
    <>
      <PageHeader
        title="Import guardians"
        subtitle={`${department.name} · guardians of registered students, for receipts and reminders`}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadText('guardians_template.csv', toCsv([...CONTACT_CSV_COLUMNS], []))}
          >
            Download template
          </Button>
        }
      />
      <Paper withBorder radius="md" p="lg" mb="lg">
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} />}
          value={file}
          onChange={(f) => void chooseFile(f)}
          clearable
          withAsterisk
          maw={480}
        />
        <Text size="xs" c="dimmed" mt="sm">
          Columns: {CONTACT_CSV_COLUMNS.join(', ')}. One row per student (by admission number), up to{' '}
          {`${MAX_GUARDIANS} guardians`}; a mobile as 10 digits (+91 or 0 in front is fine); WhatsApp and OptOut yes or
          no. The file's guardians replace those stored. At most {STUDENT_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows.
        </Text>
      </Paper>
      {imported !== null && (
        <Alert color="teal" icon={<IconCircleCheck />} title="Import complete" mb="lg" role="status">
          The guardians of {imported} students were saved.
        </Alert>
      )}
      {(preview.error ?? commit.error) && <FailureAlert error={preview.error ?? commit.error} mb="lg" />}
      {preview.isPending && <Text c="dimmed">Checking the file…</Text>}
      {result && (
        <CsvImportPreview
          result={result}
          columns={[
            { header: 'Adm.No', cell: (r) => r.values.admissionNo },
            { header: 'Guardian 1', cell: (r) => r.values.guardian1Name },
            { header: 'Mobile', cell: (r) => r.values.guardian1Mobile },
            { header: 'Guardian 2', cell: (r) => r.values.guardian2Name },
            { header: 'Mobile', cell: (r) => r.values.guardian2Mobile },
          ]}
          importLabel={`Import guardians of ${result.total} students`}
          canImport={canImport}
          importing={commit.isPending}
          onImport={() =>
            csv !== null &&
            commit.mutate(
              { depId: department.id, csv },
              {
                onSuccess: (r) => {
                  notifications.show({ color: 'teal', message: `Guardians of ${r.imported} students saved` });
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
          minWidth={700}
          maxHeight={560}
        />
      )}
    </>
  );
}
