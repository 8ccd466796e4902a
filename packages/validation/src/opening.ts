import { z } from 'zod';
import { optionalText, requiredText, ZDepId, ZId, ZVersion } from './common';
import { parseRupeesToPaise } from './format';
import { MSG } from './messages';
import { type HeadAmount, MAX_PAISE, NO_FINE, type PlanInstalment } from '@fees/money';
import { STUDENT_IMPORT_MAX_CHARS, STUDENT_IMPORT_MAX_ROWS, STUDENT_LIMITS } from './students';

/** Opening balances: dues carried from the old books, per student and fee head, imported from CSV. */

export const OPENING_CSV_COLUMNS = ['admissionNo', 'head', 'amount', 'note'] as const;
export type OpeningCsvColumn = (typeof OPENING_CSV_COLUMNS)[number];

/** Same caps as the student import: a file of at most 1 MB and 2,000 rows. */
export const OPENING_IMPORT_MAX_ROWS = STUDENT_IMPORT_MAX_ROWS;
export const OPENING_NOTE_MAX = 100;

export const OPENING_MSG = {
  notZero: 'An opening balance cannot be 0',
  signedAmountFormat: 'Not valid number with up to 2 decimal places (a minus sign for an advance)',
  noRows: 'The file has no opening balance rows',
  tooManyRows: (rows: number) =>
    `At most ${OPENING_IMPORT_MAX_ROWS} opening balances can be imported at once; this file has ${rows}`,
  unknownStudent: (admissionNo: string) => `No student with admission no ${admissionNo} in this department`,
  unknownHead: (head: string) => `'${head}' is not a fee head; use an existing head or Previous dues`,
  repeated: (lines: readonly number[]) =>
    `This student and head are repeated in the file (line${lines.length === 1 ? '' : 's'} ${lines.join(', ')})`,
  exists: (head: string) => `This student already has an opening balance on ${head}; correct it under Opening balances`,
  blocksStudentDelete: (who: string, count: number) =>
    `${who} cannot be deleted: ${count} opening balance${count === 1 ? '' : 's'} ` +
    `from the old books ${count === 1 ? 'is' : 'are'} on record. ` +
    `Remove ${count === 1 ? 'it' : 'them'} under Opening balances first.`,
} as const;

/**
 * An opening balance typed in rupees: digits with up to 2 decimals, a leading minus for an opening
 * advance (a credit), never 0; parses to integer paise.
 */
export const ZOpeningAmount = z.union([z.string(), z.number()], { error: MSG.required }).transform((value, ctx) => {
  const text = (typeof value === 'number' ? String(value) : value).trim();
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: MSG.required });
    return z.NEVER;
  }
  const negative = text.startsWith('-');
  const paise = parseRupeesToPaise(negative ? text.slice(1) : text);
  if (paise === null) {
    ctx.addIssue({ code: 'custom', message: OPENING_MSG.signedAmountFormat });
    return z.NEVER;
  }
  if (paise > MAX_PAISE) {
    ctx.addIssue({ code: 'custom', message: MSG.amountTooLarge });
    return z.NEVER;
  }
  if (paise === 0) {
    ctx.addIssue({ code: 'custom', message: OPENING_MSG.notZero });
    return z.NEVER;
  }
  return negative ? -paise : paise;
});

/** One row of an import file, as the preview checks it. */
export const ZOpeningCsvRow = z.object({
  admissionNo: requiredText(STUDENT_LIMITS.admissionNo),
  head: requiredText(50),
  amount: ZOpeningAmount,
  note: optionalText(OPENING_NOTE_MAX),
});
export type TOpeningCsvRow = z.infer<typeof ZOpeningCsvRow>;

export const OPENING_FIELD_LABELS: Record<OpeningCsvColumn, string> = {
  admissionNo: 'Admission no',
  head: 'Head',
  amount: 'Amount',
  note: 'Note',
};

export const ZOpeningImportInput = z.object({
  depId: ZDepId,
  csv: z.string({ error: MSG.required }).min(1, MSG.required).max(STUDENT_IMPORT_MAX_CHARS, MSG.importTooLarge),
});
export type TOpeningImportInput = z.infer<typeof ZOpeningImportInput>;

/** A department's opening balances, or one course's, or one batch's. */
export const ZOpeningListInput = z.object({ depId: ZDepId, courseId: ZId.optional(), batchId: ZId.optional() });
export type TOpeningListInput = z.infer<typeof ZOpeningListInput>;

/** An admin's correction of one opening balance: the amount and the note; the version the screen loaded. */
export const ZUpdateOpeningBalanceInput = z.object({
  depId: ZDepId,
  id: ZId,
  version: ZVersion,
  amount: ZOpeningAmount,
  note: optionalText(OPENING_NOTE_MAX),
});
export type TUpdateOpeningBalanceInput = z.infer<typeof ZUpdateOpeningBalanceInput>;

/** An admin removes an opening balance imported by mistake (wrong student or head). */
export const ZRemoveOpeningBalanceInput = z.object({ depId: ZDepId, id: ZId, version: ZVersion });
export type TRemoveOpeningBalanceInput = z.infer<typeof ZRemoveOpeningBalanceInput>;

/** The name of the instalment opening balances make (one per due date). */
export const OPENING_INSTALMENT_NAME = 'Opening balance';

/**
 * Amounts due on dates as instalments of the student's own, one per due date, id `<prefix>-<due date>`,
 * without a late fine. Added to the batch's plan they keep fee - discount - paid = the sum of the outstanding.
 */
export function instalmentsByDueDate(
  idPrefix: string,
  name: string,
  balances: ReadonlyArray<HeadAmount & { dueDate: string }>,
): PlanInstalment[] {
  const byDate = new Map<string, HeadAmount[]>();
  for (const b of balances) {
    const amounts = byDate.get(b.dueDate) ?? [];
    amounts.push({ feeHeadId: b.feeHeadId, amountPaise: b.amountPaise });
    byDate.set(b.dueDate, amounts);
  }
  return [...byDate].map(([dueDate, amounts]) => ({
    id: `${idPrefix}-${dueDate}`,
    name,
    dueDate,
    fineRule: NO_FINE,
    amounts,
  }));
}

/** A student's opening balances, due on the import's date: arrears from the old books are collected, not fined. */
export function openingInstalments(balances: ReadonlyArray<HeadAmount & { dueDate: string }>): PlanInstalment[] {
  return instalmentsByDueDate('opening', OPENING_INSTALMENT_NAME, balances);
}
