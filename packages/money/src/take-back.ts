/**
 * Money that left a student's credit: settled "Adjusted from advance" (its lines already count as paid on the heads
 * it settled) or refunded. It is taken back from the heads the credit sits on, so no head shows a credit the
 * foundation no longer holds, and a credit that later shrinks (a sponsor's shortfall, a raised fee) comes back as
 * owed on the head instead of vanishing into an advance floored at 0.
 *   student owes net = Σ head balances + settled from the advance + refunded = Σ head balances after take-back
 * Integer paise.
 */
import type { AdvanceSettlements } from './advance';
import type { DayPayment } from './plans/allocation';

/** One head as the take-back sees it: its balance (fee - discount - adjustment - sponsored - paid) and its paid. */
export interface TakeBackHead {
  balancePaise: number;
  paidPaise: number;
}

/**
 * What is taken back from each of the fee's heads (the heads a fee, an opening balance or a charge makes owed, in the
 * counter's order: the structure as entered, then opening balances and charges outside it), given the credit held on
 * the heads outside the fee (the Advance head, the Late fee, a head paid on with nothing owed on it).
 *   1. The credit outside the fee goes first: it was paid as an advance, and giving it back owes nothing again.
 *   2. Then each fee head in credit, in the counter's order, up to its credit (overpaid, or freed by a late
 *      scholarship): the order the clerk reads and settles the heads in.
 *   3. What is left when more left the credit than it holds now (it shrank after the refund: a sponsor's shortfall, a
 *      raised fee, a lowered discount) comes off what is still paid on the fee's heads, in the same order: the
 *      payment given back is no longer the foundation's, so its head is owed again.
 *   4. Anything beyond every payment (only data written before writes refused it) stays on the first fee head.
 * A head never gains a credit from it, so the credit left is `advancePaise` of the same heads and settlements.
 */
export function takeBackPaise(
  heads: readonly TakeBackHead[],
  outsideCreditPaise: number,
  settled: AdvanceSettlements,
): number[] {
  let left = feeTakeBackPaise(outsideCreditPaise, settled);
  const fromCredit = heads.map((h) => {
    const take = Math.min(left, Math.max(0, -h.balancePaise));
    left -= take;
    return take;
  });
  const taken = heads.map((h, k) => {
    const take = Math.min(left, Math.max(0, h.paidPaise - fromCredit[k]!));
    left -= take;
    return fromCredit[k]! + take;
  });
  if (left > 0 && taken.length > 0) taken[0] = taken[0]! + left;
  return taken;
}

/**
 * What the fee's heads are taken back in all, from the student's totals alone: whatever left the credit beyond the
 * credit outside the fee (the SQL of the course reports computes it so, one row per student).
 */
export function feeTakeBackPaise(outsideCreditPaise: number, settled: AdvanceSettlements): number {
  return Math.max(0, settled.appliedPaise + settled.refundedPaise - Math.max(0, outsideCreditPaise));
}

/** The heads with the take-back applied: paid less what was taken back, balance more by it. */
export function headsAfterTakeBack<T extends TakeBackHead>(
  heads: readonly T[],
  outsideCreditPaise: number,
  settled: AdvanceSettlements,
): T[] {
  const taken = takeBackPaise(heads, outsideCreditPaise, settled);
  return heads.map((h, k) => ({ ...h, paidPaise: h.paidPaise - taken[k]!, balancePaise: h.balancePaise + taken[k]! }));
}

/**
 * A student's dated payments with the take-back removed, head by head from the latest payment back: the money given
 * back was the last to come in, so the earliest instalments stay paid and any owed falls on the latest ones (or on a
 * shortfall's own instalment, due the day it was recorded). Beyond a head's payments nothing is removed.
 */
export function paymentsAfterTakeBack<
  P extends Pick<DayPayment, 'day' | 'receiptNumber' | 'feeHeadId' | 'amountPaise'>,
>(payments: readonly P[], takenByHead: ReadonlyMap<number, number>): P[] {
  const left = new Map(takenByHead);
  const kept: P[] = [];
  const latestFirst = [...payments].sort((a, b) => b.day - a.day || b.receiptNumber - a.receiptNumber);
  for (const p of latestFirst) {
    const take = Math.min(p.amountPaise, left.get(p.feeHeadId) ?? 0);
    if (take > 0) left.set(p.feeHeadId, (left.get(p.feeHeadId) ?? 0) - take);
    if (p.amountPaise > take) kept.push(take === 0 ? p : { ...p, amountPaise: p.amountPaise - take });
  }
  return kept.reverse();
}
