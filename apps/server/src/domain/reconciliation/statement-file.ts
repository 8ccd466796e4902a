/**
 * A bank statement file as rows of text: CSV through the imports' own reader, XLSX (or the older XLS)
 * through SheetJS. Then the header row and the column mapping, and each row read as a dated credit or
 * debit, with a message naming the row for anything that cannot be read.
 */
import { createHash } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import {
  AppError,
  parseStatementAmount,
  parseStatementDate,
  REQUIRED_STATEMENT_FIELDS,
  STATEMENT_FIELD_LABELS,
  STATEMENT_FIELDS,
  type StatementField,
  type TStatementMapping,
} from '@fees/validation';
import { recordsOf } from '../students/csv';

export interface StatementRow {
  /** 1-based row of the file. */
  rowNo: number;
  cells: string[];
}

/** A row of the statement read through the mapping. */
export interface StatementEntry {
  rowNo: number;
  date: string;
  narration: string;
  reference: string;
  creditPaise: number;
  debitPaise: number;
  balancePaise: number | null;
  /** SHA-256 of the line's own text and of how many equal lines came before it in the file. */
  hash: string;
}

export interface ReadStatement {
  headerRow: number;
  columns: string[];
  mapping: TStatementMapping;
  entries: StatementEntry[];
  problems: Array<{ rowNo: number; message: string }>;
}

export function fileHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function isSpreadsheet(name: string, bytes: Uint8Array): boolean {
  // An XLSX file is a zip ("PK"); an XLS file an OLE compound document (D0 CF 11 E0).
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const ole = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  return zip || ole || /\.xlsx?$/i.test(name);
}

/** A spreadsheet's first sheet as text: dates as yyyy-MM-dd, numbers as plain digits, the rest as shown. */
function spreadsheetRows(bytes: Uint8Array): StatementRow[] {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: 'array', cellNF: true, cellDates: false, cellFormula: false, cellHTML: false });
  } catch {
    throw new AppError('BAD_INPUT', 'fileBase64: the file is not a spreadsheet this app can read (CSV, XLSX or XLS)');
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet?.['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const found: StatementRow[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      cells.push(cellText(cell));
    }
    if (cells.some((text) => text !== '')) found.push({ rowNo: r + 1, cells });
  }
  return found;
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') {
    if (cell.z && XLSX.SSF.is_date(cell.z)) {
      const day = XLSX.SSF.parse_date_code(cell.v);
      return `${day.y}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
    }
    return String(Math.round(cell.v * 100) / 100);
  }
  return String(cell.w ?? cell.v).trim();
}

/** The file's non-blank rows, whatever its kind. */
export function statementRows(fileName: string, bytes: Uint8Array): StatementRow[] {
  if (isSpreadsheet(fileName, bytes)) return spreadsheetRows(bytes);
  const text = new TextDecoder('utf-8').decode(bytes);
  return recordsOf(text).map((r) => ({ rowNo: r.line, cells: r.cells.map((c) => c.trim()) }));
}

const GUESSES: Record<StatementField, RegExp[]> = {
  date: [/^(txn|tran|transaction|posting)\.?\s*date$/i, /^date$/i, /date/i],
  narration: [/narration|description|particulars|remarks|details/i],
  reference: [/utr/i, /ref/i, /chq|cheque/i],
  credit: [/^(credit|deposit)s?(\s*amount)?(\s*\(.*\))?$/i, /credit|deposit/i, /^cr\.?$/i],
  debit: [/^(debit|withdrawal)s?(\s*amount)?(\s*\(.*\))?$/i, /debit|withdrawal/i, /^dr\.?$/i],
  balance: [/balance/i],
};

/** A mapping guessed from one row's cells, or null when the row cannot be the header. */
function guessMapping(cells: string[]): TStatementMapping | null {
  const used = new Set<number>();
  const pick = (field: StatementField): string | null => {
    for (const pattern of GUESSES[field]) {
      const at = cells.findIndex((c, i) => !used.has(i) && c !== '' && pattern.test(c));
      if (at !== -1) {
        used.add(at);
        return cells[at]!;
      }
    }
    return null;
  };
  const guessed = Object.fromEntries(STATEMENT_FIELDS.map((f) => [f, pick(f)])) as Record<
    StatementField,
    string | null
  >;
  if (REQUIRED_STATEMENT_FIELDS.some((f) => guessed[f] === null)) return null;
  return guessed as TStatementMapping;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Banks print an address and account details above the table: its header is within the first rows. */
const HEADER_SEARCH_ROWS = 40;

/**
 * The header row and mapping: the row holding every named column of `mapping` when one is given (the
 * account's remembered one), else the first row a mapping can be guessed from.
 */
export function findHeader(
  rows: StatementRow[],
  mapping: TStatementMapping | null,
): { index: number; mapping: TStatementMapping } | null {
  for (const [index, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    if (mapping) {
      const named = STATEMENT_FIELDS.map((f) => mapping[f]).filter((n): n is string => !!n);
      if (named.every((name) => row.cells.some((c) => same(c, name)))) return { index, mapping };
    } else {
      const guessed = guessMapping(row.cells);
      if (guessed) return { index, mapping: guessed };
    }
  }
  return null;
}

/** Reads every row under the header through the mapping; rows without a date and an amount are the bank's notes. */
export function readStatement(rows: StatementRow[], mapping: TStatementMapping | null): ReadStatement {
  const header = findHeader(rows, mapping);
  if (!header) {
    const wanted = mapping
      ? `the columns ${STATEMENT_FIELDS.map((f) => mapping[f])
          .filter(Boolean)
          .join(', ')}`
      : 'a header row with a date, a narration and a credit column';
    throw new AppError('BAD_INPUT', `mapping: the file has no row with ${wanted}`);
  }
  const columns = rows[header.index]!.cells;
  const at = (field: StatementField) => {
    const name = header.mapping[field];
    return name ? columns.findIndex((c) => same(c, name)) : -1;
  };
  const index = Object.fromEntries(STATEMENT_FIELDS.map((f) => [f, at(f)])) as Record<StatementField, number>;
  const cell = (row: StatementRow, field: StatementField) =>
    index[field] === -1 ? '' : (row.cells[index[field]] ?? '');

  const entries: StatementEntry[] = [];
  const problems: ReadStatement['problems'] = [];
  const seen = new Map<string, number>();
  for (const row of rows.slice(header.index + 1)) {
    const dateText = cell(row, 'date');
    const date = parseStatementDate(dateText);
    const credit = parseStatementAmount(cell(row, 'credit'));
    const debit = parseStatementAmount(cell(row, 'debit'));
    const balanceText = cell(row, 'balance');
    const balance = balanceText === '' ? null : parseStatementAmount(balanceText.replace(/^-/, ''));
    if (date === null && !credit && !debit) continue;
    const problem =
      date === null
        ? `${STATEMENT_FIELD_LABELS.date} "${dateText}" is not a date`
        : credit === null
          ? `${STATEMENT_FIELD_LABELS.credit} "${cell(row, 'credit')}" is not an amount`
          : debit === null
            ? `${STATEMENT_FIELD_LABELS.debit} "${cell(row, 'debit')}" is not an amount`
            : null;
    if (problem) {
      problems.push({ rowNo: row.rowNo, message: `Row ${row.rowNo}: ${problem}` });
      continue;
    }
    const text = [date, cell(row, 'narration'), cell(row, 'reference'), credit, debit, balanceText].join('\u0001');
    const repeat = seen.get(text) ?? 0;
    seen.set(text, repeat + 1);
    entries.push({
      rowNo: row.rowNo,
      date: date!,
      narration: cell(row, 'narration').slice(0, 500),
      reference: cell(row, 'reference').slice(0, 100),
      creditPaise: credit!,
      debitPaise: debit!,
      balancePaise: balance,
      hash: createHash('sha256').update(`${text}\u0001${repeat}`).digest('hex'),
    });
  }
  return { headerRow: rows[header.index]!.rowNo, columns, mapping: header.mapping, entries, problems };
}
