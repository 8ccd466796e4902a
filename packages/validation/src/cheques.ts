import { z } from 'zod';
import { ZAmountOrZero, ZDate, ZDayBookDate, ZDepId, ZId } from './common';
import { MSG } from './messages';
import { instalmentsByDueDate } from './opening';
import type { PlanInstalment } from '@fees/money';
import { CHEQUE_BOUNCE_HEAD } from './reference';

export const CHEQUE_STATUS_VALUES = ['pending', 'cleared', 'bounced'] as const;
export type TChequeStatus = (typeof CHEQUE_STATUS_VALUES)[number];

export const CHEQUE_STATUS_LABELS: Record<TChequeStatus, string> = {
  pending: 'Pending',
  cleared: 'Cleared',
  bounced: 'Bounced',
};

/** A department's Cheques list, all or of one status. */
export const ZChequeListInput = z.object({
  depId: ZDepId,
  status: z.enum(CHEQUE_STATUS_VALUES, { error: MSG.required }).optional(),
});
export type TChequeListInput = z.infer<typeof ZChequeListInput>;

/** Clearing names the cheque and the day the bank credited it. */
export const ZClearChequeInput = z.object({
  depId: ZDepId,
  chequeId: ZId,
  date: ZDate,
});
export type TClearChequeInput = z.infer<typeof ZClearChequeInput>;

const CHOOSE_CHEQUES_MESSAGE = 'Choose 1 to 200 different cheques to clear';

/** Several cheques cleared by the bank on one day (a bank statement's worth): all of them, or none. */
export const ZClearChequesInput = z.object({
  depId: ZDepId,
  chequeIds: z
    .array(ZId, { error: CHOOSE_CHEQUES_MESSAGE })
    .min(1, CHOOSE_CHEQUES_MESSAGE)
    .max(200, CHOOSE_CHEQUES_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, CHOOSE_CHEQUES_MESSAGE),
  date: ZDate,
});
export type TClearChequesInput = z.infer<typeof ZClearChequesInput>;

const BOUNCE_REASON_MESSAGE = 'Give the reason the bank returned it (3 to 200 characters)';

/** A bounce: the day it came back, the bank's reason, and the bank's charge to pass on (0 for none). */
export const ZBounceChequeInput = ZClearChequeInput.extend({
  reason: z
    .string({ error: BOUNCE_REASON_MESSAGE })
    .trim()
    .min(3, BOUNCE_REASON_MESSAGE)
    .max(200, BOUNCE_REASON_MESSAGE),
  charge: ZAmountOrZero.optional().default(0),
});
export type TBounceChequeInput = z.infer<typeof ZBounceChequeInput>;

/** Closing a department's day (the day book's Close day). */
export const ZCloseDayInput = z.object({ depId: ZDepId, date: ZDayBookDate });
export type TCloseDayInput = z.infer<typeof ZCloseDayInput>;

/** Reopening a closed day (an admin, who says why: kept in the audit log). */
export const ZReopenDayInput = ZCloseDayInput.extend({
  reason: z.string({ error: MSG.reopenDayReason }).trim().min(3, MSG.reopenDayReason).max(200, MSG.reopenDayReason),
});
export type TReopenDayInput = z.infer<typeof ZReopenDayInput>;

/**
 * The bank charges of a student's bounced cheques as instalments of their own, due on the day each
 * cheque came back (id `bounce-<date>`, on the "Cheque bounce charge" head, no late fine): added to the
 * batch's plan, every dues figure (as of a date, defaulters, demand notices, the v2 dues) counts them.
 */
export function bounceChargeInstalments(
  charges: ReadonlyArray<{ feeHeadId: number; amountPaise: number; bouncedOn: string }>,
): PlanInstalment[] {
  return instalmentsByDueDate(
    'bounce',
    CHEQUE_BOUNCE_HEAD,
    charges.map((c) => ({ feeHeadId: c.feeHeadId, amountPaise: c.amountPaise, dueDate: c.bouncedOn })),
  );
}
