import { AppError } from '@fees/validation';
/**
 * RFC 4180 CSV reading for the student import: quoted fields with commas, doubled quotes and line
 * breaks; CRLF, LF or CR line ends; a UTF-8 byte order mark (Excel writes one) is ignored.
 */
export interface CsvRecord {
  /** The physical line the record starts on (1-based), for messages a clerk can find in the file. */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {}

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push({ line: recordLine, cells });
    cells = [];
  };

  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line += 1;
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      endCell();
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
    } else {
      cell += ch;
      i += 1;
    }
  }
  if (quoted) throw new CsvSyntaxError(`A quoted value starting on line ${recordLine} is never closed`);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/**
 * Which cell of the header row holds each template column. Header cells match loosely through
 * `normalize` (case, spaces and underscores ignored); an unknown, repeated or missing required column is
 * a BAD_INPUT naming it, so the clerk fixes the file before any row is checked.
 */
export function mapCsvColumns<C extends string>(
  header: CsvRecord,
  columns: readonly C[],
  required: readonly C[],
  normalize: (cell: string) => string,
): Map<C, number> {
  const byName = new Map(columns.map((c) => [normalize(c), c]));
  const map = new Map<C, number>();
  header.cells.forEach((cell, index) => {
    if (cell.trim() === '') return;
    const column = byName.get(normalize(cell));
    if (!column)
      throw new AppError(
        'BAD_INPUT',
        `Unknown column '${cell.trim()}'. Use the columns of the template: ${columns.join(', ')}`,
      );
    if (map.has(column)) throw new AppError('BAD_INPUT', `The column '${column}' appears twice`);
    map.set(column, index);
  });
  const missing = required.filter((c) => !map.has(c));
  if (missing.length > 0) {
    throw new AppError(
      'BAD_INPUT',
      `The file has no ${missing.map((c) => `'${c}'`).join(', ')} column${missing.length === 1 ? '' : 's'}; start from the template`,
    );
  }
  return map;
}
