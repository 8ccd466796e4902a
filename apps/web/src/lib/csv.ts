/**
 * Builds CSV text in the browser (RFC 4180 quoting) and downloads it. The text starts with a UTF-8
 * BOM so that Excel on Windows reads Malayalam, Hindi and the rupee sign correctly.
 */

/** An amount written as a number ("-525.50"): a spreadsheet adds it up, and it is never neutralised. */
export interface CsvNumber {
  number: string;
}

export type CsvCell = string | number | CsvNumber | null | undefined;

const BOM = '\uFEFF';
/** What a spreadsheet would read as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function cellText(value: CsvCell): string {
  if (value == null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') {
    if (PLAIN_NUMBER.test(value.number)) return value.number;
    return cellText(value.number);
  }
  // A leading apostrophe makes the spreadsheet show the text as text instead of running it.
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const cell = (v: CsvCell) => {
    const text = cellText(v);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return BOM + [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const blob = new Blob([text], { type });
  downloadBlob(filename, blob);
}

export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** File names keep letters, digits, dot, dash and underscore. */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_');
}
