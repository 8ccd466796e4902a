/** A refund voucher's inputs: the advance it pays out is computed by advancePaise in @fees/money. */
import { z } from 'zod';
import { ZAmount, ZDate, ZDepId, ZId, ZMustConfirm, ZVersion } from './common';
import { ZIdempotencyKey } from './idempotency';
import { MSG } from './messages';
import type { MONEY_PAYMENT_MODES } from './receipt-rules';
import { ZClosedDayReason, ZVoidReason } from './receipts';

/**
 * How a refund is paid out: every mode that moves money, a demand draft included (not 'advance', and not
 * 'online': the gateway's refunds are not paid out from here).
 */
export const REFUND_MODES = [
  'cash',
  'upi',
  'cheque',
  'dd',
  'bank_transfer',
  'card',
] as const satisfies readonly Exclude<(typeof MONEY_PAYMENT_MODES)[number], 'online'>[];
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
