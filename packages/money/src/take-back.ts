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
 * What is taken back from each head, in the order given: the counter's head order (structure heads as listed, then
 * the Late fee and the Advance head), the order a clerk reads and settles them in.
 *   1. From each head in credit, up to its credit: the credit is where the money settled or refunded came from.
 *   2. What is left when more left the credit than it holds now (the credit shrank after the refund: a shortfall, a
 *      raised fee or a lowered discount) comes off what is still paid on the heads, in the same order: the payment
 *      the refund gave back is no longer the foundation's, so that head is owed again.
 *   3. Anything beyond every head's payment (only data written before writes refused it) stays on the first head.
 * A head never gains a credit from it, so the credit left is `advancePaise` of the same heads and settlements.
 */
export function takeBackPaise(heads: readonly TakeBackHead[], settled: AdvanceSettlements): number[] {
  let left = settled.appliedPaise + settled.refundedPaise;
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

/** The heads with the take-back applied: paid less what was taken back, balance more by it. */
export function headsAfterTakeBack<T extends TakeBackHead>(heads: readonly T[], settled: AdvanceSettlements): T[] {
  const taken = takeBackPaise(heads, settled);
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
