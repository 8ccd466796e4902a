import { MAX_PAISE, STATEMENT_LINE_STATES } from '@fees/money';
import { z } from 'zod';
import { optionalText, requiredText, ZDepId, ZId, ZVersion } from './common';
import { parseRupeesToPaise } from './format';
import { isRealDate } from './format';
import { MSG } from './messages';

/** The columns of a bank statement the reconciliation reads; reference, debit and balance may be absent. */
export const STATEMENT_FIELDS = ['date', 'narration', 'reference', 'credit', 'debit', 'balance'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];
export const STATEMENT_FIELD_LABELS: Record<StatementField, string> = {
  date: 'Date',
  narration: 'Narration',
  reference: 'Reference / UTR',
  credit: 'Credit',
  debit: 'Debit',
  balance: 'Balance',
};
export const REQUIRED_STATEMENT_FIELDS: readonly StatementField[] = ['date', 'narration', 'credit'];

/** The states a statement line ends in (the matching's own list). */
export { STATEMENT_LINE_STATES };

export const STATEMENT_LINE_STATE_LABELS = {
  matched: 'Matched',
  receipt_created: 'Receipt created',
  ignored: 'Ignored',
  unmatched: 'Unmatched',
} as const satisfies Record<(typeof STATEMENT_LINE_STATES)[number], string>;

/** A statement file of at most 2 MB, sent as base64. */
export const STATEMENT_MAX_BYTES = 2_000_000;
const BASE64_MAX_CHARS = Math.ceil(STATEMENT_MAX_BYTES / 3) * 4;

/** Which header of the file holds each field: the bank account remembers it for its next statement. */
export const ZStatementMapping = z.object({
  date: requiredText(100),
  narration: requiredText(100),
  reference: optionalText(100),
  credit: requiredText(100),
  debit: optionalText(100),
  balance: optionalText(100),
});
export type TStatementMapping = z.infer<typeof ZStatementMapping>;

export const ZStatementFileInput = z.object({
  depId: ZDepId,
  /** The account the statement is of, by the name the accountant gives it ("SBI current 1234"). */
  bankAccount: requiredText(60),
  fileName: requiredText(200),
  fileBase64: z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .max(BASE64_MAX_CHARS, 'The file is larger than 2 MB: split the statement by month')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file could not be read: choose it again'),
  /** Left out, the account's remembered mapping (or the one guessed from the headers) is used. */
  mapping: ZStatementMapping.optional(),
});
export type TStatementFileInput = z.infer<typeof ZStatementFileInput>;

export const ZImportStatementInput = ZStatementFileInput.extend({ mapping: ZStatementMapping });
export type TImportStatementInput = z.infer<typeof ZImportStatementInput>;

export const ZListStatementsInput = z.object({ depId: ZDepId });
export const ZStatementInput = z.object({ depId: ZDepId, statementId: ZId });
export type TStatementInput = z.infer<typeof ZStatementInput>;

/** Accepting a line: a receipt for the proposed student, or for the one the accountant chose instead. */
export const ZAcceptStatementLineInput = z.object({
  depId: ZDepId,
  lineId: ZId,
  studentId: ZId,
  paymentMode: z.enum(['upi', 'bank_transfer'], { error: MSG.required }),
  version: ZVersion,
});
export type TAcceptStatementLineInput = z.infer<typeof ZAcceptStatementLineInput>;

export const ZIgnoreStatementLineInput = z.object({
  depId: ZDepId,
  lineId: ZId,
  reason: z.string({ error: MSG.required }).trim().min(3, 'Say why in 3 to 200 characters').max(200, MSG.maxChars(200)),
  version: ZVersion,
});
export type TIgnoreStatementLineInput = z.infer<typeof ZIgnoreStatementLineInput>;

export const ZReopenStatementLineInput = z.object({ depId: ZDepId, lineId: ZId, version: ZVersion });
export type TReopenStatementLineInput = z.infer<typeof ZReopenStatementLineInput>;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * A statement's date as Indian banks print it, day first: 12-06-2026, 12/06/2026, 12.06.26, 12-Jun-2026,
 * 12 Jun 26, or 2026-06-12 (a spreadsheet's own dates arrive so). Null for anything else.
 */
export function parseStatementDate(text: string): string | null {
  const t = text.trim().toUpperCase();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(t);
  const numeric = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?:\s.*)?$/.exec(t);
  const named = /^(\d{1,2})[-/ ]([A-Z]{3})[A-Z]*[-/ ,]+(\d{2}|\d{4})(?:\s.*)?$/.exec(t);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (numeric) [d, m, y] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
  else if (named && MONTHS.includes(named[2]!))
    [d, m, y] = [Number(named[1]), MONTHS.indexOf(named[2]!) + 1, Number(named[3])];
  else return null;
  if (y < 100) y += 2000;
  const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isRealDate(date) ? date : null;
}

/**
 * An amount column's cell in paise: "1,25,000.00", "125000", "2,500.00 Cr", "₹ 500"; 0 for an empty cell
 * or a dash; null for anything else (a negative or an amount past the largest receipt too).
 */
export function parseStatementAmount(text: string): number | null {
  const t = text
    .trim()
    .replace(/^(INR|RS\.?|₹)\s*/i, '')
    .replace(/\s*(CR|DR)\.?$/i, '')
    .replace(/,/g, '');
  if (t === '' || t === '-' || t === '--') return 0;
  const paise = parseRupeesToPaise(t.replace(/^(\d+\.\d{2})0+$/, '$1'));
  return paise === null || paise > MAX_PAISE ? null : paise;
}

/**
 * The reference a receipt accepted from a statement line carries: the bank's reference column, else the
 * UTR or transaction id in the narration (the first run of 10 to 22 letters and digits with a digit in it),
 * else the narration itself.
 */
export function statementLineReference(line: { reference: string; narration: string }): string {
  const reference = line.reference.trim();
  if (reference) return reference.slice(0, 100);
  const token = line.narration
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .find((t) => t.length >= 10 && t.length <= 22 && /\d/.test(t));
  return (token ?? line.narration.trim()).slice(0, 100);
}
