import { z } from 'zod';
import { optionalText, ZAmountOrZero, ZDepId, ZId, ZMustConfirm, ZVersion } from './common';
import { MSG } from './messages';

/**
 * A discount (con_amt) and an adjustment (less_amt) for one student and fee head (/admin/fdiscount):
 * department, course, batch, student, fee head, both amounts and Confirm required, note optional.
 */
export const ZDiscountFields = z.object({
  depId: ZDepId,
  courseId: ZId,
  batchId: ZId,
  studentId: ZId,
  feeHeadId: ZId,
  discount: ZAmountOrZero,
  adjustment: ZAmountOrZero,
  note: optionalText(200),
  confirm: ZMustConfirm,
  /** The user confirmed that a student's balance may go below zero. */
  allowNegativeBalance: z.boolean().optional().default(false),
});

/** A row of two zeros would change nothing: one of the amounts must be above zero. */
function notBothZero<T extends { discount: number; adjustment: number }>(v: T, ctx: z.RefinementCtx) {
  if (v.discount === 0 && v.adjustment === 0)
    ctx.addIssue({ code: 'custom', message: MSG.discountOrAdjustment, path: ['discount'] });
}

export const ZCreateDiscountInput = ZDiscountFields.superRefine(notBothZero);
export type TCreateDiscountInput = z.infer<typeof ZCreateDiscountInput>;

export const ZUpdateDiscountInput = ZDiscountFields.extend({ id: ZId, version: ZVersion }).superRefine(notBothZero);
export type TUpdateDiscountInput = z.infer<typeof ZUpdateDiscountInput>;

export const ZListDiscountsInput = z.object({ depId: ZDepId });
export type TListDiscountsInput = z.infer<typeof ZListDiscountsInput>;

export const ZDiscountIdInput = z.object({ id: ZId });
export type TDiscountIdInput = z.infer<typeof ZDiscountIdInput>;

export const ZStudentsOfBatchInput = z.object({ depId: ZDepId, batchId: ZId });
export type TStudentsOfBatchInput = z.infer<typeof ZStudentsOfBatchInput>;
