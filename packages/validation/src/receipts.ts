import { addDays } from '@fees/money';
import { z } from 'zod';
import {
  ZDateRange,
  positiveInteger,
  ZAmount,
  ZAmountOrZero,
  ZDate,
  ZDepId,
  ZId,
  ZMustConfirm,
  ZVersion,
} from './common';
import { ZIdempotencyKey } from './idempotency';
import { EARLIEST_DATE, formatDate, formatRupees } from './format';
import { MSG } from './messages';
import {
  isInstrumentMode,
  isOnlineMode,
  MAX_PARTICULARS,
  MAX_PAYMENT_PARTS,
  MAX_RECEIPT_LINES,
  PAYMENT_MODE_LABELS,
  paymentNeedsReference,
  RECEIPT_PAYMENT_MODES,
  type TReceiptPaymentMode,
} from './receipt-rules';

/** One fee line: the head (from the student's batch), optional particulars, an amount in rupees. */
export const ZReceiptLineInput = z.object({
  feeHeadId: ZId,
  particulars: z
    .string()
    .trim()
    .max(MAX_PARTICULARS, MSG.particularsMax)
    .nullish()
    .transform((v) => v ?? ''),
  amount: ZAmount,
});
export type TReceiptLineInput = z.infer<typeof ZReceiptLineInput>;

/** Bank name or instrument number of a cheque or demand draft. */
const ZInstrumentText = z.string().trim().max(60, MSG.maxChars(60)).optional();

/** Why an admin changes a closed day: 3 to 200 characters, or left out. */
export const ZClosedDayReason = z.string().trim().min(3, MSG.closedDayReason).max(200, MSG.closedDayReason).optional();

/** Telephone and email are typed on the receipt; left out, the student's own are printed. */
const ZReceiptPhone = z.string().trim().max(45, MSG.maxChars(45)).optional();
const ZReceiptEmail = z
  .string()
  .trim()
  .max(100, MSG.maxChars(100))
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+$/.test(v), MSG.invalidEmail)
  .optional();

/** A payment's reference and, for a cheque or demand draft (required there), its bank, number and date. */
const ZPaymentDetails = z.object({
  paymentReference: z
    .string()
    .trim()
    .max(100, MSG.maxChars(100))
    .nullish()
    .transform((v) => (v ? v : null)),
  bank: ZInstrumentText,
  instrumentNo: ZInstrumentText,
  // A form sends an empty date field as ''.
  instrumentDate: z.preprocess((v) => (v === '' ? undefined : v), ZDate.optional()),
});

/** One mode of a receipt paid in several: the mode, the amount paid in it, its reference or instrument. */
export const ZReceiptPaymentPart = ZPaymentDetails.extend({
  paymentMode: z.enum(RECEIPT_PAYMENT_MODES, { error: MSG.required }),
  amount: ZAmount,
});
export type TReceiptPaymentPart = z.infer<typeof ZReceiptPaymentPart>;

/**
 * The receipt form's fields, without the cross-field rule (zod refuses .pick on refined objects):
 * forms derive from this and add `receiptPaymentRule` back.
 */
export const ZReceiptFields = z.object({
  depId: ZDepId,
  studentId: ZId,
  date: ZDate,
  phone: ZReceiptPhone,
  email: ZReceiptEmail,
  items: z
    .array(ZReceiptLineInput, { error: MSG.itemsRequired })
    .min(1, MSG.itemsRequired)
    .max(MAX_RECEIPT_LINES, MSG.tooManyLines),
  /** Paid in one mode: the mode and its details here (the net is paid in it); in several: `payments` instead. */
  paymentMode: z.enum(RECEIPT_PAYMENT_MODES, { error: MSG.required }).optional(),
  ...ZPaymentDetails.shape,
  /** Paid in two or three modes: each with its amount in rupees and its details; they add up to the net. */
  payments: z.array(ZReceiptPaymentPart).min(1, MSG.required).max(MAX_PAYMENT_PARTS, MSG.tooManyParts).optional(),
  /** An admin writing on a closed day says why (kept in the audit log). */
  closedDayReason: ZClosedDayReason,
  /** The totals the client showed, in rupees: the server recomputes them and refuses a mismatch. */
  total: ZAmount,
  tax: ZAmountOrZero,
  net: ZAmount,
  confirm: ZMustConfirm,
  /** The clerk confirmed a second time that a line may exceed its head's balance. */
  allowOverpayment: z.boolean().optional().default(false),
});

/**
 * A cheque or demand draft names its bank, number and date; every other mode but cash and advance
 * needs a reference number (UPI id, transaction number, ...).
 */
export function receiptPaymentRule(
  v: {
    paymentMode?: string | null;
    paymentReference?: string | null;
    bank?: string | null;
    instrumentNo?: string | null;
    instrumentDate?: string | null;
  },
  ctx: z.RefinementCtx,
  at: ReadonlyArray<string | number> = [],
): void {
  const issue = (message: string, field: string) => ctx.addIssue({ code: 'custom', message, path: [...at, field] });
  if (isInstrumentMode(v.paymentMode)) {
    if (!v.bank?.trim()) issue(MSG.bankRequired, 'bank');
    if (!v.instrumentNo?.trim()) issue(MSG.instrumentNoRequired, 'instrumentNo');
    if (!v.instrumentDate) issue(MSG.instrumentDateRequired, 'instrumentDate');
    return;
  }
  if (v.paymentMode && paymentNeedsReference(v.paymentMode) && !v.paymentReference?.trim()) {
    issue(MSG.paymentReferenceRequired, 'paymentReference');
  }
}

/**
 * A receipt's payment as parts, whichever way it was given: the parts as sent, or the one mode paying the
 * whole net.
 */
export function receiptParts(v: {
  paymentMode?: TReceiptPaymentMode;
  paymentReference?: string | null;
  bank?: string;
  instrumentNo?: string;
  instrumentDate?: string;
  payments?: TReceiptPaymentPart[];
  net: number;
}): TReceiptPaymentPart[] {
  if (v.payments) return v.payments;
  if (!v.paymentMode) return [];
  const { paymentMode, paymentReference = null, bank, instrumentNo, instrumentDate, net } = v;
  return [{ paymentMode, amount: net, paymentReference, bank, instrumentNo, instrumentDate }];
}

/**
 * The payment given one way: one mode, or two or three distinct modes (at most one cheque or draft, never
 * the advance with another) adding up to the net, each part with its reference or instrument.
 */
export function receiptPartsRule(
  v: {
    paymentMode?: string;
    paymentReference?: string | null;
    bank?: string;
    instrumentNo?: string;
    instrumentDate?: string;
    payments?: TReceiptPaymentPart[];
    net: number;
  },
  ctx: z.RefinementCtx,
): void {
  if (!v.payments) {
    if (!v.paymentMode) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['paymentMode'] });
    else receiptPaymentRule(v, ctx);
    return;
  }
  const single = v.paymentMode ?? v.paymentReference ?? v.bank ?? v.instrumentNo ?? v.instrumentDate;
  if (single) ctx.addIssue({ code: 'custom', message: MSG.paymentOneWay, path: ['payments'] });
  const parts = v.payments;
  const seen = new Set<string>();
  for (const [i, part] of parts.entries()) {
    const path = ['payments', i, 'paymentMode'];
    const label = PAYMENT_MODE_LABELS[part.paymentMode];
    if (seen.has(part.paymentMode)) ctx.addIssue({ code: 'custom', message: MSG.paymentModeTwice(label), path });
    else if (parts.length > 1 && part.paymentMode === 'advance')
      ctx.addIssue({ code: 'custom', message: MSG.advanceNotSplit, path });
    else if (isInstrumentMode(part.paymentMode) && [...seen].some(isInstrumentMode))
      ctx.addIssue({ code: 'custom', message: MSG.oneInstrument, path });
    seen.add(part.paymentMode);
    receiptPaymentRule(part, ctx, ['payments', i]);
  }
  const sum = parts.reduce((total, p) => total + p.amount, 0);
  if (sum !== v.net) {
    ctx.addIssue({
      code: 'custom',
      message: MSG.paymentPartsSum(formatRupees(sum), formatRupees(v.net)),
      path: ['payments'],
    });
  }
}

/**
 * A new receipt may carry the idempotency key its form made for it (a retry sends the same one). The
 * counter never writes the gateway's mode: an online receipt comes only from the gateway's payment,
 * once per payment id.
 */
export const ZCreateReceiptInput = ZReceiptFields.extend({
  idempotencyKey: ZIdempotencyKey.optional(),
  /** Why a receipt dated before the back-dating limit is dated so: required when it waits for approval. */
  backdatedReason: z.string().trim().max(200, MSG.maxChars(200)).optional(),
}).superRefine((v, ctx) => {
  receiptPartsRule(v, ctx);
  for (const [i, part] of receiptParts(v).entries()) {
    if (!isOnlineMode(part.paymentMode)) continue;
    const path = v.payments ? ['payments', i, 'paymentMode'] : ['paymentMode'];
    ctx.addIssue({ code: 'custom', message: MSG.onlineNotAtCounter, path });
  }
});
export type TCreateReceiptInput = z.infer<typeof ZCreateReceiptInput>;

/** An edit sends the same payload plus the receipt number (spec: "An edit also sends invoice"). */
export const ZUpdateReceiptInput = ZReceiptFields.extend({ number: ZId, version: ZVersion }).superRefine(
  receiptPartsRule,
);
export type TUpdateReceiptInput = z.infer<typeof ZUpdateReceiptInput>;

export const ZReceiptNumberInput = z.object({ number: ZId });
export type TReceiptNumberInput = z.infer<typeof ZReceiptNumberInput>;

/** Why a receipt was voided: kept with the void and shown in its History and the audit log. */
const VOID_REASON_MESSAGE = 'Give a reason for the void (3 to 200 characters)';
export const ZVoidReason = z
  .string({ error: VOID_REASON_MESSAGE })
  .trim()
  .min(3, VOID_REASON_MESSAGE)
  .max(200, VOID_REASON_MESSAGE);

/** The documented REST delete has no reason field; its voids record this instead. */
export const LEGACY_REST_VOID_REASON = '(no reason given: legacy REST)';

/** A back-dated receipt posted to the documented REST path without a reason waits with the same words. */
export const LEGACY_REST_BACKDATED_REASON = LEGACY_REST_VOID_REASON;

/** Voiding names the receipt, why, and, from a screen, the version it showed. */
export const ZVoidReceiptInput = ZReceiptNumberInput.extend({
  version: ZVersion,
  reason: ZVoidReason,
  closedDayReason: ZClosedDayReason,
});
export type TVoidReceiptInput = z.infer<typeof ZVoidReceiptInput>;

/** The receipt register's statuses: a live receipt counts, a voided one keeps its number and counts nowhere. */
export const RECEIPT_STATUSES = ['live', 'voided'] as const;
export type TReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** Rows of the receipt register on one page. */
export const RECEIPT_REGISTER_PAGE_SIZE = 25;

/**
 * The receipt register: a department's receipts dated from..to (both included), narrowed by mode, the
 * clerk who took them, a student (any part of the name or admission number) and status; one page of rows.
 */
export const ZListReceiptsInput = ZDateRange.safeExtend({
  depId: ZDepId,
  paymentMode: z.enum(RECEIPT_PAYMENT_MODES, { error: MSG.required }).optional(),
  clerkId: ZId.optional(),
  student: z.string().trim().max(100, MSG.maxChars(100)).optional(),
  status: z.enum(RECEIPT_STATUSES, { error: MSG.required }).optional(),
  page: positiveInteger(MSG.required).default(1),
  pageSize: z.int().min(1).max(100).default(RECEIPT_REGISTER_PAGE_SIZE),
});
export type TListReceiptsInput = z.input<typeof ZListReceiptsInput>;
export type TListReceiptsQuery = z.output<typeof ZListReceiptsInput>;

/** Receipt search: a course is required ('required', lower case, as the old screen said it). */
export const ZSearchReceiptStudentsInput = z.object({
  depId: ZDepId,
  courseId: positiveInteger(MSG.requiredLower),
  text: z
    .string()
    .trim()
    .max(100, MSG.maxChars(100))
    .nullish()
    .transform((v) => v ?? ''),
});
export type TSearchReceiptStudentsInput = z.infer<typeof ZSearchReceiptStudentsInput>;

/** Find student: any part of a name, admission number, capId or phone, across the department or one course. */
export const ZFindReceiptStudentsInput = z.object({
  depId: ZDepId,
  text: z.string().trim().min(1, MSG.required).max(100, MSG.maxChars(100)),
  courseId: ZId.optional(),
});
export type TFindReceiptStudentsInput = z.infer<typeof ZFindReceiptStudentsInput>;

export const ZStudentFeeInfoInput = z.object({
  depId: ZDepId,
  studentId: ZId,
  /** A batch the student was promoted out of: that enrolment's balances instead of the whole fee's. */
  batchId: ZId.optional(),
});
export type TStudentFeeInfoInput = z.infer<typeof ZStudentFeeInfoInput>;

/** The receipt entry screen names its student by admission number (the route) or by id. */
export const ZReceiptEntryContextInput = z
  .object({
    depId: ZDepId,
    studentId: ZId.optional(),
    admissionNo: z.string().trim().min(1, MSG.required).max(50, MSG.maxChars(50)).optional(),
  })
  .refine((v) => v.studentId !== undefined || v.admissionNo !== undefined, {
    message: MSG.required,
    path: ['admissionNo'],
  });
export type TReceiptEntryContextInput = z.infer<typeof ZReceiptEntryContextInput>;

/** How many days back a clerk may date a receipt unless the admin changes it (Settings). */
export const DEFAULT_BACKDATE_LIMIT_DAYS = 62;

/** What a receipt date is checked against: today, the back-dating limit, and whether the user is exempt (an admin). */
export interface ReceiptDateRule {
  today: string;
  backdateLimitDays: number;
  mayBackdate: boolean;
}

/** The earliest date this user may give a receipt. */
export function earliestReceiptDate(rule: ReceiptDateRule): string {
  return rule.mayBackdate ? EARLIEST_DATE : addDays(rule.today, -rule.backdateLimitDays);
}

/** Why a receipt may not carry this date (after today, or before the back-dating limit), or null. */
export function receiptDateProblem(date: string, rule: ReceiptDateRule): string | null {
  if (date > rule.today) return MSG.receiptDateFuture;
  const earliest = earliestReceiptDate(rule);
  if (date >= earliest) return null;
  return rule.mayBackdate
    ? MSG.dateRange(EARLIEST_DATE, rule.today)
    : MSG.receiptDateTooOld(rule.backdateLimitDays, earliest);
}

/**
 * A receipt paid in several modes as printed, one text per part in the clerk's order: the mode and its amount,
 * then its reference, or a cheque or draft's number, bank and date (`instrument`: the receipt's one cheque).
 */
export function paymentPartTexts(
  payments: ReadonlyArray<{ paymentMode: TReceiptPaymentMode; paymentReference: string | null; amountPaise: number }>,
  instrument: { bank: string | null; instrumentNo: string | null; instrumentDate: string | null },
): string[] {
  return payments.map((p) => {
    const text = `${PAYMENT_MODE_LABELS[p.paymentMode]} ${formatRupees(p.amountPaise)}`;
    if (isInstrumentMode(p.paymentMode) && instrument.bank)
      return (
        `${text} · No. ${instrument.instrumentNo}, ${instrument.bank}, ` +
        `dated ${formatDate(instrument.instrumentDate)} (subject to realisation)`
      );
    return p.paymentReference ? `${text} · Ref. ${p.paymentReference}` : text;
  });
}
