import { z } from 'zod';
import { optionalText, requiredText, ZDepId, ZId, ZRecordDate } from './common';
import { MSG } from './messages';
import { STUDENT_IMPORT_MAX_CHARS, STUDENT_IMPORT_MAX_ROWS, STUDENT_LIMITS } from './students';

/**
 * Optional heads (transport, hostel, mess): a fee structure row marked optional is owed only by the students opted in,
 * for the instalments due from `from` until `to` (left out: still in).
 */

export const OPTIONAL_HEAD_MSG = {
  toBeforeFrom: 'Until must not be before From',
  notOptional: (head: string, batch: string) => `${head} is not an optional head of batch ${batch}`,
  overlaps: (who: string, head: string) => `${who} is already opted into ${head} for part of these dates`,
  otherDepartment: 'One of these students is not in this department',
  noRows: 'The file has no opt-in rows',
  tooManyRows: (rows: number) =>
    `At most ${STUDENT_IMPORT_MAX_ROWS} opt-ins can be imported at once; this file has ${rows}`,
  unknownStudent: (admissionNo: string) => `No student with admission no ${admissionNo} in this department`,
  unknownHead: (head: string) => `'${head}' is not a fee head`,
} as const;

function toNotBeforeFrom<T extends { from: string; to?: string | null }>(v: T, ctx: z.RefinementCtx) {
  if (v.to != null && v.to < v.from)
    ctx.addIssue({ code: 'custom', message: OPTIONAL_HEAD_MSG.toBeforeFrom, path: ['to'] });
}

const ZOptInDates = z.object({
  feeHeadId: ZId,
  from: ZRecordDate,
  to: ZRecordDate.nullable().optional(),
});

/** Ticked students of a department opted into one optional head of their batch. */
export const ZOptInStudentsInput = ZOptInDates.extend({
  depId: ZDepId,
  studentIds: z.array(ZId, { error: MSG.required }).min(1, 'Tick at least one student').max(STUDENT_IMPORT_MAX_ROWS),
}).superRefine(toNotBeforeFrom);
export type TOptInStudentsInput = z.infer<typeof ZOptInStudentsInput>;

/** The students of a batch with their opt-ins to its optional heads. */
export const ZOptInsOfBatchInput = z.object({ depId: ZDepId, batchId: ZId });
export type TOptInsOfBatchInput = z.infer<typeof ZOptInsOfBatchInput>;

/** An opt-in ended on a date (the last day whose instalments the student owes), or reopened with null. */
export const ZEndOptInInput = z.object({ depId: ZDepId, id: ZId, to: ZRecordDate.nullable() });
export type TEndOptInInput = z.infer<typeof ZEndOptInInput>;

export const ZRemoveOptInInput = z.object({ depId: ZDepId, id: ZId });
export type TRemoveOptInInput = z.infer<typeof ZRemoveOptInInput>;

export const OPT_IN_CSV_COLUMNS = ['admissionNo', 'head', 'from', 'to'] as const;
export type OptInCsvColumn = (typeof OPT_IN_CSV_COLUMNS)[number];

export const OPT_IN_FIELD_LABELS: Record<OptInCsvColumn, string> = {
  admissionNo: 'Admission no',
  head: 'Head',
  from: 'From',
  to: 'Until',
};

/** One row of an opt-in file: admission number, head name, from and (optionally) until, yyyy-MM-dd. */
export const ZOptInCsvRow = z
  .object({
    admissionNo: requiredText(STUDENT_LIMITS.admissionNo),
    head: requiredText(50),
    from: ZRecordDate,
    to: optionalText(10).pipe(ZRecordDate.nullable()),
  })
  .superRefine(toNotBeforeFrom);
export type TOptInCsvRow = z.infer<typeof ZOptInCsvRow>;

export const ZOptInImportInput = z.object({
  depId: ZDepId,
  csv: z.string({ error: MSG.required }).min(1, MSG.required).max(STUDENT_IMPORT_MAX_CHARS, MSG.importTooLarge),
});
export type TOptInImportInput = z.infer<typeof ZOptInImportInput>;
