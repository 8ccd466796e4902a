/**
 * A student's advance (credit): what they paid beyond what is due, net of what was already settled
 * from it and refunded. The one place this rule lives; Fees Info, the statement, dues, receipts
 * "Adjusted from advance" and refunds all read it from here. Integer paise.
 */
import { z } from 'zod';
import { ZAmount, ZDate, ZDepId, ZId, ZMustConfirm, ZVersion } from './common';
import { headBalancePaise } from './balance';
import { ZIdempotencyKey } from './idempotency';
import { MSG } from './messages';
import { MONEY_PAYMENT_MODES, ZClosedDayReason, ZVoidReason } from './receipts';

/** The head an advance is taken on (a receipt line for fees not yet in any structure). */
export const ADVANCE_HEAD = 'Advance';

/** One head of a student's balance as the advance sees it (paid: live receipt lines, pre-tax). */
export interface AdvanceHead {
  feePaise: number;
  discountPaise: number;
  adjustmentPaise: number;
  paidPaise: number;
}

/** What reduces the credit without being a receipt line on a head. */
export interface AdvanceSettlements {
  /** Totals of live receipts paid "Adjusted from advance": their lines already count as paid on their heads. */
  appliedPaise: number;
  /** Live refunds paid out. */
  refundedPaise: number;
}

/**
 * The student's advance: the credit on every head they owe or paid on (structure heads, Late fee,
 * Advance, ...), where a head's credit is what was paid beyond its fee - discount - adjustment, less
 * what was settled from it and refunded; never below 0. Credits are pooled rather than netted against
 * other heads' dues: a student who paid an advance keeps it (to settle a head with, or to be refunded)
 * while another head is still due, as the counter expects.
 */
export function advancePaise(heads: readonly AdvanceHead[], settled: AdvanceSettlements): number {
  return advanceFromCreditPaise(creditPaise(heads), settled);
}

/**
 * The same before it is floored at 0: below 0 when more was settled from the advance or refunded than
 * the credit now holds (a receipt that paid the advance was voided afterwards). Writes refuse that.
 */
export function advanceLeftPaise(heads: readonly AdvanceHead[], settled: AdvanceSettlements): number {
  return creditPaise(heads) - settled.appliedPaise - settled.refundedPaise;
}

/** The credit of the heads: what was paid beyond each one's fee - discount - adjustment, heads in debt counting 0. */
export function creditPaise(heads: readonly AdvanceHead[]): number {
  return heads.reduce((sum, h) => sum + Math.max(0, -headBalancePaise(h)), 0);
}

/**
 * The advance from a credit already summed over the heads (the course reports read it kept per
 * student, student_money in packages/db, computed as creditPaise over the same heads).
 */
export function advanceFromCreditPaise(credit: number, settled: AdvanceSettlements): number {
  return Math.max(0, credit - settled.appliedPaise - settled.refundedPaise);
}

/** Shown on vouchers and in lists: R followed by the number. */
export function refundLabel(number: number): string {
  return `R${number}`;
}

/** How a refund is paid out: every mode that moves money, a demand draft included (not 'advance'). */
export const REFUND_MODES = MONEY_PAYMENT_MODES;
export type TRefundMode = (typeof REFUND_MODES)[number];

const REASON_MESSAGE = 'Give a reason for the refund (3 to 200 characters)';

/** A refund voucher as the clerk enters it; amount in rupees, at most the advance (checked by the server). */
export const ZRefundFields = z.object({
  depId: ZDepId,
  studentId: ZId,
  date: ZDate,
  amount: ZAmount,
  paymentMode: z.enum(REFUND_MODES, { error: MSG.required }),
  paymentReference: z
    .string()
    .trim()
    .max(100, MSG.maxChars(100))
    .nullish()
    .transform((v) => (v ? v : null)),
  reason: z.string({ error: REASON_MESSAGE }).trim().min(3, REASON_MESSAGE).max(200, REASON_MESSAGE),
  confirm: ZMustConfirm,
  /** An admin writing on a closed day says why. */
  closedDayReason: ZClosedDayReason,
});

/**
 * A reference number (UPI id, cheque number, ...) is required for every mode but cash. The voucher may
 * carry the idempotency key its form made for it.
 */
export const ZCreateRefundInput = ZRefundFields.extend({ idempotencyKey: ZIdempotencyKey.optional() }).superRefine(
  (v, ctx) => {
    if (v.paymentMode !== 'cash' && !v.paymentReference) {
      ctx.addIssue({ code: 'custom', message: MSG.paymentReferenceRequired, path: ['paymentReference'] });
    }
  },
);
export type TCreateRefundInput = z.infer<typeof ZCreateRefundInput>;

export const ZRefundNumberInput = z.object({ number: ZId });
export type TRefundNumberInput = z.infer<typeof ZRefundNumberInput>;

export const ZVoidRefundInput = ZRefundNumberInput.extend({
  version: ZVersion,
  reason: ZVoidReason,
  closedDayReason: ZClosedDayReason,
});
export type TVoidRefundInput = z.infer<typeof ZVoidRefundInput>;

/** A department's refund vouchers dated in a range (both days included). */
export const ZListRefundsInput = z
  .object({ depId: ZDepId, from: ZDate, to: ZDate })
  .refine((r) => r.from <= r.to, { message: MSG.dateRangeOrder, path: ['to'] });
export type TListRefundsInput = z.infer<typeof ZListRefundsInput>;
