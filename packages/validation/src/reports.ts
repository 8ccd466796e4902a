import { z } from 'zod';
import { ZDateRange, ZDepId, ZId } from './common';
import { MSG } from './messages';

/** Optional search text of the course reports (the spec's sTex): trimmed, empty means no filter. */
const ZSearchText = z
  .string()
  .trim()
  .max(100, MSG.maxChars(100))
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * reports.feeReceipts: live receipts of one course, grouped by batch. A course chosen from a select
 * arrives as text; '', null or 0 (the untouched 'Choose... ') is 'Required' (decisions.md).
 */
export const ZFeeReceiptReportInput = z.object({ depId: ZDepId, courseId: ZId, text: ZSearchText });
export type TFeeReceiptReportInput = z.infer<typeof ZFeeReceiptReportInput>;

/** reports.receiptLines: the lines of one receipt (the report's magnifier). */
export const ZReceiptLinesReportInput = z.object({ depId: ZDepId, number: ZId });
export type TReceiptLinesReportInput = z.infer<typeof ZReceiptLinesReportInput>;

/** reports.dues: students of a course with their totals; only those with a balance unless includeSettled. */
export const ZDuesReportInput = z.object({
  depId: ZDepId,
  courseId: ZId,
  includeSettled: z.boolean().optional().default(false),
});
export type TDuesReportInput = z.infer<typeof ZDuesReportInput>;

/** reports.studentFeeInfo: fee, discount and final fee of every student of a course. */
export const ZStudentFeeReportInput = z.object({ depId: ZDepId, courseId: ZId, text: ZSearchText });
export type TStudentFeeReportInput = z.infer<typeof ZStudentFeeReportInput>;

/** reports.receiptsBetweenDates: both days inclusive; from after to is refused. */
export const ZReceiptsBetweenDatesInput = ZDateRange.safeExtend({ depId: ZDepId });
export type TReceiptsBetweenDatesInput = z.infer<typeof ZReceiptsBetweenDatesInput>;

/** reports.collections: one department, or every department when depId is left out (admins only). */
export const ZCollectionsInput = ZDateRange.safeExtend({ depId: ZDepId.optional() });
export type TCollectionsInput = z.infer<typeof ZCollectionsInput>;

/** reports.statement: one student's fee heads, receipts and balances. */
export const ZStudentStatementInput = z.object({ depId: ZDepId, studentId: ZId });
export type TStudentStatementInput = z.infer<typeof ZStudentStatementInput>;
