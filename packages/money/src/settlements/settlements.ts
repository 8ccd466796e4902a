/**
 * Gateway settlements: what the gateway paid into the bank account for the payments it took, less its
 * fee and the GST on that fee, and how each settled payment stands against the receipts. Plain data in,
 * plain data out: the server reads the gateway's lines and the online receipts, this decides.
 */
import { addDays, dayNumber } from '../plans/dates';

/**
 * One line of a settlement as the gateway reports it (a payment, refund, transfer or adjustment). The fee
 * is the gateway's charge without GST and the tax the GST on it; a credit line adds to the settlement,
 * a debit line takes from it. Amounts are paise, never negative.
 */
export interface SettlementLine {
  /** The gateway's id of the line's entity (pay_..., rfnd_...), unique. */
  entityId: string;
  type: string;
  /** The payment the line is about: a payment's own id, a refund's payment; null for an adjustment. */
  paymentId: string | null;
  amountPaise: number;
  feePaise: number;
  taxPaise: number;
  creditPaise: number;
  debitPaise: number;
  settlementId: string;
  utr: string;
  /** yyyy-MM-dd (India), the day the settlement was made. */
  settledOn: string;
}

/** A line's amount with its direction: what the payer paid (+) or what left the account (-). */
export function lineGrossPaise(line: Pick<SettlementLine, 'amountPaise' | 'creditPaise' | 'debitPaise'>): number {
  return line.debitPaise > 0 ? -line.amountPaise : line.amountPaise;
}

export function lineNetPaise(line: Pick<SettlementLine, 'creditPaise' | 'debitPaise'>): number {
  return line.creditPaise - line.debitPaise;
}

/**
 * Why a line cannot be taken as the gateway's, or null: it is a credit or a debit, never both, and what
 * it moved is its amount less the fee and the GST (a debit: its amount and both charges taken).
 */
export function settlementLineProblem(
  line: Pick<SettlementLine, 'amountPaise' | 'feePaise' | 'taxPaise' | 'creditPaise' | 'debitPaise'>,
): string | null {
  const values = [line.amountPaise, line.feePaise, line.taxPaise, line.creditPaise, line.debitPaise];
  if (values.some((v) => !Number.isSafeInteger(v) || v < 0)) return 'amounts must be whole paise, not negative';
  if (line.creditPaise > 0 && line.debitPaise > 0) return 'a line is a credit or a debit, not both';
  if (lineGrossPaise(line) - line.feePaise - line.taxPaise !== lineNetPaise(line))
    return 'the credit or debit is not the amount less the fee and its tax';
  return null;
}

/** One settlement: its lines added up. gross - fee - tax = net, the sum the bank account received. */
export interface SettlementSummary {
  settlementId: string;
  utr: string;
  settledOn: string;
  lineCount: number;
  grossPaise: number;
  feePaise: number;
  taxPaise: number;
  netPaise: number;
}

/** The settlements of the lines, newest first (then by id). */
export function summariseSettlements(lines: readonly SettlementLine[]): SettlementSummary[] {
  const byId = new Map<string, SettlementSummary>();
  for (const line of lines) {
    const found = byId.get(line.settlementId);
    const summary = found ?? {
      settlementId: line.settlementId,
      utr: line.utr,
      settledOn: line.settledOn,
      lineCount: 0,
      grossPaise: 0,
      feePaise: 0,
      taxPaise: 0,
      netPaise: 0,
    };
    if (!found) byId.set(line.settlementId, summary);
    // An adjustment line may come without the UTR its settlement's payments carry.
    if (summary.utr === '') summary.utr = line.utr;
    summary.lineCount += 1;
    summary.grossPaise += lineGrossPaise(line);
    summary.feePaise += line.feePaise;
    summary.taxPaise += line.taxPaise;
    summary.netPaise += lineNetPaise(line);
  }
  return [...byId.values()].sort(
    (a, b) => b.settledOn.localeCompare(a.settledOn) || a.settlementId.localeCompare(b.settlementId),
  );
}

/**
 * Where a settlement line stands: a payment matched to its receipt (the online receipt whose reference is
 * the payment id) at the same amount, matched at a different amount, with no receipt; or no payment at all
 * (a refund, transfer or adjustment), shown as the gateway gave it.
 */
export const SETTLEMENT_LINE_STATES = ['matched', 'amount_differs', 'no_receipt', 'not_a_payment'] as const;
export type SettlementLineState = (typeof SETTLEMENT_LINE_STATES)[number];

/** A live receipt's online payment, as the settlement matching sees it. */
export interface OnlineReceipt {
  receiptId: number;
  /** The gateway's payment id: the receipt part's reference. */
  paymentId: string;
  /** yyyy-MM-dd, the receipt's date (the day the payment was taken). */
  date: string;
  /** The receipt's parts paid online with this reference, added up. */
  amountPaise: number;
}

export function settlementLineState(
  line: Pick<SettlementLine, 'type' | 'amountPaise'>,
  receipt: Pick<OnlineReceipt, 'amountPaise'> | null,
): SettlementLineState {
  if (line.type !== 'payment') return 'not_a_payment';
  if (!receipt) return 'no_receipt';
  return receipt.amountPaise === line.amountPaise ? 'matched' : 'amount_differs';
}

/**
 * The gateway settles a payment within a few working days; after this many a receipt paid online that no
 * settlement holds is worth an accountant's look.
 */
export const SETTLEMENT_WORKING_DAYS = 3;

/**
 * The day `days` working days after `date`: Sundays are not working days. Bank holidays are not known to
 * the product (they differ by state and year), so around one an exception may show a day early.
 */
export function addWorkingDays(date: string, days: number): string {
  let day = date;
  let left = days;
  while (left > 0) {
    day = addDays(day, 1);
    if (!isSunday(day)) left -= 1;
  }
  return day;
}

/** 1970-01-01 (day 0) was a Thursday. */
function isSunday(date: string): boolean {
  return (((dayNumber(date) + 4) % 7) + 7) % 7 === 0;
}

export type SettlementException =
  | { kind: 'no_receipt'; line: SettlementLine }
  | { kind: 'amount_differs'; line: SettlementLine; receipt: OnlineReceipt }
  | { kind: 'not_settled'; receipt: OnlineReceipt; settleBy: string };

/**
 * What an accountant must look at: a settled payment with no receipt, a settled payment whose receipt
 * is for another amount, and a receipt paid online that no settlement holds after the working days
 * allowed (counted from its date; overdue from the day after the last one). `lines` are the period's
 * settlement lines and every line of the receipts' payments; `receipts` the online receipts of the period
 * and those of the lines' payments.
 */
export function settlementExceptions(input: {
  lines: readonly SettlementLine[];
  receipts: readonly OnlineReceipt[];
  today: string;
}): SettlementException[] {
  const receiptOf = new Map(input.receipts.map((r) => [r.paymentId, r]));
  const settled = new Set(input.lines.filter((l) => l.type === 'payment').map((l) => l.entityId));
  const exceptions: SettlementException[] = [];
  for (const line of input.lines) {
    const receipt = receiptOf.get(line.entityId) ?? null;
    const state = settlementLineState(line, receipt);
    if (state === 'no_receipt') exceptions.push({ kind: 'no_receipt', line });
    if (state === 'amount_differs' && receipt) exceptions.push({ kind: 'amount_differs', line, receipt });
  }
  for (const receipt of input.receipts) {
    if (settled.has(receipt.paymentId)) continue;
    const settleBy = addWorkingDays(receipt.date, SETTLEMENT_WORKING_DAYS);
    if (input.today > settleBy) exceptions.push({ kind: 'not_settled', receipt, settleBy });
  }
  return exceptions;
}
