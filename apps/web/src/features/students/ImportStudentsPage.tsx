import { Alert, Anchor, Button, FileInput, Paper, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { COURSES, STUDENT_CSV_COLUMNS, STUDENT_IMPORT_MAX_CHARS, STUDENT_IMPORT_MAX_ROWS } from '@fees/validation';
import { IconCircleCheck, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { PageHeader } from '../../components/PageHeader';
import { downloadText, toCsv } from '../../lib/csv';
import { useTRPC } from '../../lib/trpc';
import { courseListPath } from './links';
import { CsvImportPreview } from '../../components/CsvImportPreview';
import { FailureAlert } from '../../components/FailureAlert';
import { type Chain, DepartmentCourseBatchSelect } from '../../components/DepartmentCourseBatchSelect';

const COLUMN_NAMES = STUDENT_CSV_COLUMNS.join(', ');

/**
 * Bulk import for one course and batch: the server checks every row with the registration schema
 * (and for admission numbers repeated or already used); Import writes all rows or none.
 */
export default function ImportStudentsPage() {
  const department = useDepartment();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [chain, setChain] = useState<Pick<Chain, 'courseId' | 'batchId'>>({ courseId: null, batchId: null });
  const [batchName, setBatchName] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [imported, setImported] = useState<{ count: number; courseId: number } | null>(null);

  const courses = COURSES.filter((c) => c.departmentId === department.id);
  const preview = useMutation(trpc.students.importPreview.mutationOptions());
  const commit = useMutation(
    trpc.students.importCommit.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.students.pathKey() }),
    }),
  );

  const target =
    chain.courseId !== null && chain.batchId !== null
      ? { depId: department.id, courseId: chain.courseId, batchId: chain.batchId }
      : null;

  const check = (text: string | null, next: Pick<Chain, 'courseId' | 'batchId'>) => {
    preview.reset();
    commit.reset();
    if (text === null || next.courseId === null || next.batchId === null) return;
    preview.mutate({ depId: department.id, courseId: next.courseId, batchId: next.batchId, csv: text });
  };

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setImported(null);
    const text = chosen ? await chosen.text() : null;
    setCsv(text);
    check(text, chain);
  };

  const result = preview.data;
  const canImport =
    target !== null &&
    csv !== null &&
    result !== undefined &&
    result.invalid === 0 &&
    result.total > 0 &&
    !preview.isPending;
  const course = courses.find((c) => c.id === chain.courseId);
  const importedCourse = imported && courses.find((c) => c.id === imported.courseId);

  return (
    <>
      <PageHeader
        title="Import students"
        subtitle={`${department.name} · load a whole intake from a CSV file`}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadText('students_template.csv', toCsv([...STUDENT_CSV_COLUMNS], []))}
          >
            Download template
          </Button>
        }
      />
      <Paper withBorder radius="md" p="lg" mb="lg">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <DepartmentCourseBatchSelect
            depId={department.id}
            course
            batch
            value={chain}
            onChange={(next) => {
              setChain(next);
              check(next.courseId === chain.courseId ? csv : null, next);
            }}
            onBatchChange={(b) => setBatchName(b?.name)}
          />
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={18} />}
            value={file}
            onChange={(f) => void chooseFile(f)}
            clearable
            withAsterisk
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">
          Columns: {COLUMN_NAMES}. Dates as yyyy-mm-dd or dd-mm-yyyy; gender Male, Female or Other; category and
          religion by name. One row per student; every row is checked like the registration form. At most{' '}
          {STUDENT_IMPORT_MAX_ROWS.toLocaleString('en-IN')} students and {STUDENT_IMPORT_MAX_CHARS / 1_000_000} MB per
          file: split a larger intake into several files.
        </Text>
      </Paper>

      {imported && importedCourse && (
        <Alert color="teal" icon={<IconCircleCheck />} title="Import complete" mb="lg" role="status">
          {imported.count} students were imported.{' '}
          <Anchor component={Link} to={courseListPath(department, importedCourse)}>
            Open the list of {importedCourse.name}
          </Anchor>
        </Alert>
      )}
      {(preview.error ?? commit.error) && <FailureAlert error={preview.error ?? commit.error} mb="lg" />}
      {preview.isPending && <Text c="dimmed">Checking the file…</Text>}

      {result && (
        <CsvImportPreview
          result={result}
          columns={[
            { header: 'Adm.No', cell: (r) => r.values.admissionNo },
            { header: 'Name', cell: (r) => r.values.name },
            { header: 'CAP ID', cell: (r) => r.values.capId },
            { header: 'Gender', cell: (r) => r.values.gender },
            { header: 'Category', cell: (r) => r.values.category },
            { header: 'Admission date', cell: (r) => r.values.admissionDate },
          ]}
          importLabel={`Import ${result.total} students`}
          canImport={canImport}
          importing={commit.isPending}
          onImport={() =>
            target &&
            csv !== null &&
            commit.mutate(
              { ...target, csv },
              {
                onSuccess: (r) => {
                  notifications.show({
                    color: 'teal',
                    message: `${r.imported} students imported into ${course?.name ?? ''} ${batchName ?? ''}`,
                  });
                  setImported({ count: r.imported, courseId: target.courseId });
                  setFile(null);
                  setCsv(null);
                  preview.reset();
                },
              },
            )
          }
          onlyInvalid={onlyInvalid}
          onOnlyInvalidChange={setOnlyInvalid}
          minWidth={900}
          maxHeight={560}
        />
      )}
    </>
  );
}
