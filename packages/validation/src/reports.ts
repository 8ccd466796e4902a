import { z } from 'zod';
import { positiveInteger, ZDate, ZDateRange, ZDepId, ZId } from './common';
import { MSG } from './messages';
import { REFUND_MODES } from './refunds';

/** Optional search text of the course reports (the spec's sTex): trimmed, empty means no filter. */
const ZSearchText = z
  .string()
  .trim()
  .max(100, MSG.maxChars(100))
  .optional()
  .transform((v) => (v ? v : undefined));

/** How many rows a report returns unless asked for more; its totals always count every match. */
export const REPORT_ROW_LIMIT = 1_000;
/** What a report screen asks for once the user has chosen one batch. */
export const REPORT_BATCH_ROW_LIMIT = 5_000;
/** The most rows one report call returns (an export of a large batch asks for this many). */
export const REPORT_ROW_LIMIT_MAX = 100_000;

const ZRowLimit = positiveInteger(MSG.required)
  .max(REPORT_ROW_LIMIT_MAX, MSG.maxRows(REPORT_ROW_LIMIT_MAX))
  .optional()
  .default(REPORT_ROW_LIMIT);

/**
 * reports.feeReceipts: live receipts of one course, grouped by batch. No course (the untouched
 * 'Choose... ' sends null) is 'Required'.
 */
export const ZFeeReceiptReportInput = z.object({
  depId: ZDepId,
  courseId: ZId,
  text: ZSearchText,
  batchId: ZId.optional(),
  limit: ZRowLimit,
});
export type TFeeReceiptReportInput = z.infer<typeof ZFeeReceiptReportInput>;

/** reports.receiptLines: the lines of one receipt (the report's magnifier). */
export const ZReceiptLinesReportInput = z.object({ depId: ZDepId, number: ZId });
export type TReceiptLinesReportInput = z.infer<typeof ZReceiptLinesReportInput>;

/** reports.dues: students of a course with their totals; only those with a balance unless includeSettled. */
export const ZDuesReportInput = z.object({
  depId: ZDepId,
  /** Left out: every course of the department. */
  courseId: ZId.optional(),
  batchId: ZId.optional(),
  includeSettled: z.boolean().optional().default(false),
  limit: ZRowLimit,
});
export type TDuesReportInput = z.infer<typeof ZDuesReportInput>;

/** reports.studentFeeInfo: fee, discount and final fee of every student of a course. */
export const ZStudentFeeReportInput = z.object({
  depId: ZDepId,
  courseId: ZId,
  text: ZSearchText,
  batchId: ZId.optional(),
  limit: ZRowLimit,
});
export type TStudentFeeReportInput = z.infer<typeof ZStudentFeeReportInput>;

/** reports.receiptsBetweenDates: both days inclusive; from after to is refused. */
export const ZReceiptsBetweenDatesInput = ZDateRange.safeExtend({ depId: ZDepId, limit: ZRowLimit });
export type TReceiptsBetweenDatesInput = z.infer<typeof ZReceiptsBetweenDatesInput>;

/** reports.collections: one department, or every department when depId is left out (admins only). */
export const ZCollectionsInput = ZDateRange.safeExtend({ depId: ZDepId.optional() });
export type TCollectionsInput = z.infer<typeof ZCollectionsInput>;

/** reports.statement: one student's fee heads, receipts and balances. */
export const ZStudentStatementInput = z.object({ depId: ZDepId, studentId: ZId });
export type TStudentStatementInput = z.infer<typeof ZStudentStatementInput>;

/** reports.dayBook: one day of one department, or of every department when depId is left out (admins only). */
export const ZDayBookInput = z.object({ depId: ZDepId.optional(), date: ZDate });
export type TDayBookInput = z.infer<typeof ZDayBookInput>;

export const REFUND_STATUSES = ['live', 'voided'] as const;

/**
 * reports.refunds: the refund vouchers of a period, of one department or (admins only, depId left
 * out) of all, optionally only paid or voided ones and one payment mode; a search in admission
 * number or name. Totals count every match; rows stop at the limit.
 */
export const ZRefundsReportInput = ZDateRange.safeExtend({
  depId: ZDepId.optional(),
  status: z.enum(REFUND_STATUSES, { error: MSG.required }).optional(),
  paymentMode: z.enum(REFUND_MODES, { error: MSG.required }).optional(),
  text: ZSearchText,
  limit: ZRowLimit,
});
export type TRefundsReportInput = z.infer<typeof ZRefundsReportInput>;
