/**
 * Report exports, made in the browser: CSV through lib/csv, .xlsx through lib/xlsx (loaded only when
 * a user asks for one, so no screen's bundle carries it). A report describes its table once as
 * columns; the screen, the CSV and the spreadsheet all read the same cells.
 */
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { type CsvCell, downloadBlob, downloadText, toCsv } from '../../lib/csv';
import { formatDate } from '../../lib/dates';
import { paiseToRupeesText } from '../../lib/money';

/** A cell of a report: text, a count, money in paise, or a date (yyyy-MM-dd, shown dd-MM-yyyy). */
export type Cell = string | number | { paise: number } | { date: string } | null;

export interface Column<Row> {
  header: string;
  value: (row: Row) => Cell;
  /** What the screen shows instead of the plain value (links, badges). */
  render?: (row: Row) => ReactNode;
  width?: number | string;
}

/** A report table as exported: header, rows and any total rows, all as cells. */
export interface ExportTable {
  header: string[];
  rows: Cell[][];
}

export function tableOf<Row>(columns: Array<Column<Row>>, rows: Row[], footer: Cell[][] = []): ExportTable {
  return {
    header: columns.map((c) => c.header),
    rows: [...rows.map((row) => columns.map((c) => c.value(row))), ...footer],
  };
}

/** A file name from report, course and batch names: spaces kept, characters no file system accepts removed. */
export function reportFileName(...parts: string[]): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are not allowed in file names
  return parts.join('').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-');
}

/** A cell as text: money as plain 125000.00, dates as dd-MM-yyyy. */
export function cellText(cell: Cell): string | number | null {
  if (cell === null || typeof cell !== 'object') return cell;
  return 'paise' in cell ? paiseToRupeesText(cell.paise) : formatDate(cell.date);
}

/** A cell for the CSV: money as a plain number (125000.00, -525.50) that a spreadsheet adds up. */
export function csvCell(cell: Cell): CsvCell {
  if (cell !== null && typeof cell === 'object' && 'paise' in cell) return { number: paiseToRupeesText(cell.paise) };
  return cellText(cell);
}

/** Downloads the table as CSV (money as plain 125000.00) and says so, as the old app did. */
export function exportCsv(fileName: string, table: ExportTable): void {
  downloadText(
    `${fileName}.csv`,
    toCsv(
      table.header,
      table.rows.map((row) => row.map(csvCell)),
    ),
  );
  notifications.show({ message: 'CSV export started', color: 'teal', className: 'no-print' });
}

/** Downloads the table as an .xlsx workbook of one sheet. */
export async function exportXlsx(fileName: string, sheetName: string, table: ExportTable): Promise<void> {
  const { buildXlsx, XLSX_TYPE } = await import('../../lib/xlsx');
  const bytes = buildXlsx([{ name: sheetName, header: table.header, rows: table.rows }]);
  downloadBlob(`${fileName}.xlsx`, new Blob([bytes as BlobPart], { type: XLSX_TYPE }));
  notifications.show({ message: 'XLSX export started', color: 'teal', className: 'no-print' });
}
