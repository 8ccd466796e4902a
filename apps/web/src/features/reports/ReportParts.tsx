import { Alert, Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { COURSES } from '@fees/validation';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileSpreadsheet, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Department } from '../../lib/departments';
import { formatRupees } from '../../lib/money';
import { printSoon } from '../../lib/print';
import { errorMessage } from '../../lib/trpc';
import { type Cell, type Column, cellText, type ExportTable, exportCsv, exportXlsx } from './export';
import '../../components/report-table.css';

/** Figures line up: right-aligned tabular digits. */
export const numeric = {
  ta: 'right' as const,
  style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' as const },
};

export function coursesOf(department: Department) {
  return COURSES.filter((c) => c.departmentId === department.id);
}

/** The course and batch filters of the reports, as wide as a course's name and a batch's years. */
export const REPORT_FILTER_WIDTHS = { course: 280, batch: 200 };

/** The Adm.No column of the reports: the admission number, linked to the student's statement. */
export function admissionNoColumn<Row extends { admissionNo: string; studentId: number }>(
  statementPath: (studentId: number) => string,
): Column<Row> {
  return {
    header: 'Adm.No',
    value: (r) => r.admissionNo,
    render: (r) => (
      <Anchor component={Link} to={statementPath(r.studentId)} size="sm" title="Open the student's statement">
        {r.admissionNo}
      </Anchor>
    ),
    width: 120,
  };
}

function cellView(cell: Cell): ReactNode {
  if (cell !== null && typeof cell === 'object' && 'paise' in cell) return formatRupees(cell.paise);
  return cellText(cell);
}

const isMoney = (cell: Cell) => cell !== null && typeof cell === 'object' && 'paise' in cell;

/** A report table drawn from its columns; footer rows are cells too (the totals a CSV also gets). */
export function ReportTable<Row>({
  columns,
  rows,
  rowKey,
  footer = [],
  actions,
  testId,
  minWidth = 720,
}: {
  columns: Array<Column<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  footer?: Cell[][];
  /** An extra last column shown on screen only (hidden on paper and absent from exports). */
  actions?: { header: string; render: (row: Row) => ReactNode; width?: number };
  testId?: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}) {
  const sample = rows[0];
  const right = columns.map((c, i) => (sample ? isMoney(c.value(sample)) : footer.some((f) => isMoney(f[i] ?? null))));
  const widths = columns.map((c, i) => c.width ?? (right[i] ? 130 : undefined));
  // A fixed layout gives the columns without a width what is left: keep at least 160 px for each.
  // A last column of money (the balance, the total) stays in view at the right edge, left of the actions.
  const pinEnd = right[columns.length - 1] ? columns.length - 1 : -1;
  const pinned = (i: number) => (i === pinEnd ? { 'data-pin-end': true, style: { right: actions?.width ?? 0 } } : {});
  const actionsPinned = pinEnd >= 0 ? { 'data-pin-end': true, style: { right: 0 } } : {};
  const needed = widths.reduce<number>((sum, w) => sum + (typeof w === 'number' ? w : 160), actions?.width ?? 0);
  return (
    <Table.ScrollContainer
      minWidth={Math.max(minWidth, needed)}
      classNames={{ scrollContainerInner: 'report-table-inner' }}
    >
      <Table
        className="report-table"
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        layout="fixed"
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={c.header} w={widths[i]} ta={right[i] ? 'right' : undefined} {...pinned(i)}>
                {c.header}
              </Table.Th>
            ))}
            {actions && (
              <Table.Th className="no-print" w={actions.width} {...actionsPinned}>
                {actions.header}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c, i) => (
                <Table.Td key={c.header} {...(right[i] ? numeric : {})} {...pinned(i)}>
                  {c.render ? c.render(row) : cellView(c.value(row))}
                </Table.Td>
              ))}
              {actions && (
                <Table.Td className="no-print" {...actionsPinned}>
                  {actions.render(row)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer.length > 0 && (
          <Table.Tfoot>
            {footer.map((cells, r) => (
              <Table.Tr key={r} fw={700} bg="var(--mantine-color-gray-1)">
                {columns.map((c, i) => (
                  <Table.Td
                    key={c.header}
                    {...(right[i] ? numeric : { style: { whiteSpace: 'nowrap', overflow: 'visible' } })}
                    {...pinned(i)}
                  >
                    {cellView(cells[i] ?? null)}
                  </Table.Td>
                ))}
                {actions && <Table.Td className="no-print" {...actionsPinned} />}
              </Table.Tr>
            ))}
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * CSV, XLSX and Print for one table; hidden on paper. The table is built only when asked for, and may
 * first be fetched in full when the screen shows only part of a large report.
 */
export function ExportActions({
  fileName,
  sheetName,
  table,
  size = 'xs',
}: {
  fileName: string;
  sheetName: string;
  table: () => ExportTable | Promise<ExportTable>;
  size?: 'xs' | 'sm';
}) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (kind: 'csv' | 'xlsx') => {
    setBusy(kind);
    try {
      const data = await table();
      if (kind === 'csv') exportCsv(fileName, data);
      else await exportXlsx(fileName, sheetName, data);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(error), className: 'no-print' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" className="no-print">
      <Button
        size={size}
        variant="light"
        leftSection={<IconFileTypeCsv size={16} />}
        loading={busy === 'csv'}
        onClick={() => void run('csv')}
      >
        CSV
      </Button>
      <Button
        size={size}
        variant="light"
        color="teal"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy === 'xlsx'}
        onClick={() => void run('xlsx')}
      >
        XLSX
      </Button>
      <Button size={size} variant="default" leftSection={<IconPrinter size={16} />} onClick={printSoon}>
        Print
      </Button>
    </Group>
  );
}

/** Says plainly that only part of a large report is on screen, and how to see the rest. */
export function TruncatedNotice({
  shown,
  total,
  what,
  hint = 'Choose a batch to list the rest.',
}: {
  shown: number;
  total: number;
  what: string;
  hint?: string;
}) {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} className="no-print">
      Showing the first {shown.toLocaleString('en-IN')} of {total.toLocaleString('en-IN')} {what}; every total counts
      them all. {hint} CSV and XLSX exports hold every row.
    </Alert>
  );
}

/** Under a batch's heading when the screen lists only part of it. */
export function PartOfBatchShown({ shown, count, noun }: { shown: number; count: number; noun: string }) {
  return (
    <Text size="sm" c="dimmed" mb="sm" className="no-print">
      {shown.toLocaleString('en-IN')} of {count.toLocaleString('en-IN')} {noun}s shown; the totals count all of them.
    </Text>
  );
}

/** A labelled figure of a report summary (a name, a count or an amount). */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

interface ChequeCount {
  count: number;
  amountPaise: number;
}

/** Cheques and drafts taken in the period (receipt date), and those the bank cleared or returned in it. */
export function ChequeFigures({
  cheques,
  testId,
}: {
  cheques: { received: ChequeCount; cleared: ChequeCount; bounced: ChequeCount };
  testId: string;
}) {
  const shown = (c: ChequeCount) => `${c.count} · ${formatRupees(c.amountPaise)}`;
  return (
    <Group gap="lg" wrap="wrap" data-testid={testId}>
      <Figure label="Cheques received" value={shown(cheques.received)} testId={`${testId}-received`} />
      <Figure label="Cheques cleared" value={shown(cheques.cleared)} testId={`${testId}-cleared`} />
      <Figure label="Cheques bounced" value={shown(cheques.bounced)} testId={`${testId}-bounced`} />
    </Group>
  );
}
