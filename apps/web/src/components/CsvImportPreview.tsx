import { Alert, Badge, Button, Group, List, Paper, Switch, Table, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconUpload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A checked row of a CSV import: its line in the file and what is wrong with it (nothing when valid). */
export interface PreviewRow {
  line: number;
  errors: readonly string[];
}

/** A column of the file shown in the preview, between the row's mark and its messages. */
export interface PreviewColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'right';
}

/**
 * The preview of a CSV import as the server checked it (students, opening balances): the counts, the
 * switch to show only invalid rows, the Import button, and every row marked valid or invalid with its
 * messages. Nothing is imported while any row is invalid.
 */
export function CsvImportPreview<Row extends PreviewRow>({
  result,
  columns,
  summary,
  importLabel,
  canImport,
  importing,
  onImport,
  onlyInvalid,
  onOnlyInvalidChange,
  minWidth,
  maxHeight,
  mb,
}: {
  result: { total: number; valid: number; invalid: number; rows: readonly Row[] };
  columns: Array<PreviewColumn<Row>>;
  /** Figures of the whole file beside the counts. */
  summary?: ReactNode;
  importLabel: string;
  canImport: boolean;
  importing: boolean;
  onImport: () => void;
  onlyInvalid: boolean;
  onOnlyInvalidChange: (onlyInvalid: boolean) => void;
  minWidth: number;
  maxHeight: number;
  mb?: string;
}) {
  const rows = onlyInvalid ? result.rows.filter((r) => r.errors.length > 0) : result.rows;
  return (
    <Paper withBorder radius="md" p="lg" mb={mb}>
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Badge size="lg" variant="light">
            {result.total} rows
          </Badge>
          <Badge size="lg" variant="light" color="teal">
            {result.valid} valid
          </Badge>
          <Badge size="lg" variant="light" color={result.invalid ? 'red' : 'gray'}>
            {result.invalid} invalid
          </Badge>
          {summary}
          <Switch
            label="Only invalid rows"
            checked={onlyInvalid}
            onChange={(e) => onOnlyInvalidChange(e.currentTarget.checked)}
            ml="md"
            disabled={result.invalid === 0}
          />
        </Group>
        <Button leftSection={<IconUpload size={16} />} disabled={!canImport} loading={importing} onClick={onImport}>
          {importLabel}
        </Button>
      </Group>
      {result.invalid > 0 && (
        <Alert color="red" variant="light" mb="md" icon={<IconAlertCircle />}>
          Correct the marked rows in the file and choose it again: nothing is imported while any row is invalid.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={minWidth} mah={maxHeight}>
        <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-label="Import preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>Line</Table.Th>
              <Table.Th w={40} />
              {columns.map((c) => (
                <Table.Th key={c.header} ta={c.align}>
                  {c.header}
                </Table.Th>
              ))}
              <Table.Th>Messages</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              const bad = r.errors.length > 0;
              return (
                <Table.Tr
                  key={r.line}
                  bg={bad ? 'var(--mantine-color-red-light)' : undefined}
                  data-invalid={bad || undefined}
                >
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>
                    <ThemeIcon size="sm" radius="xl" color={bad ? 'red' : 'teal'} variant="light">
                      {bad ? <IconX size={12} /> : <IconCheck size={12} />}
                    </ThemeIcon>
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.header} ta={c.align}>
                      {c.cell(r)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    {bad ? (
                      <List size="xs" c="red">
                        {r.errors.map((e) => (
                          <List.Item key={e}>{e}</List.Item>
                        ))}
                      </List>
                    ) : (
                      <Text size="xs" c="dimmed">
                        OK
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
