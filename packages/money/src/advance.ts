/**
 * A student's advance (credit): what they paid beyond what is due, net of what was already settled
 * from it and refunded. The one place this rule lives; Fees Info, the statement, dues, receipts
 * "Adjusted from advance" and refunds all read it from here. Integer paise.
 */
import { headBalancePaise } from './balance';

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
