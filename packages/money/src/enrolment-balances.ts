import { type HeadMoney, headBalancePaise } from './balance';

/**
 * One head's whole-fee figures split over the parts that charge it, oldest first: an opening balance, each batch the
 * student was promoted out of, then the current batch. The same order the dues follow: payments settle the oldest
 * part first (last year's fees before this year's), a concession or adjustment comes off the latest part first; what
 * is left over once every part is settled (an overpayment, a concession larger than the fees) stays on the latest
 * part. The parts add up to the head's figures, so each enrolment's balance sums to the student's. The fees are what
 * the student owes of each part (a sponsor's share, fixed to its year, taken out beforehand).
 */
export function splitHeadOverParts(partFeesPaise: readonly number[], head: HeadMoney): HeadMoney[] {
  const parts = partFeesPaise.map((feePaise) => ({ feePaise, discountPaise: 0, adjustmentPaise: 0, paidPaise: 0 }));
  if (parts.length === 0) return parts;
  const last = parts.length - 1;
  const room = (p: HeadMoney) => Math.max(headBalancePaise(p), 0);
  for (const key of ['discountPaise', 'adjustmentPaise'] as const) {
    let left = head[key];
    for (let i = last; i >= 0 && left > 0; i--) {
      const taken = Math.min(left, room(parts[i]!));
      parts[i]![key] += taken;
      left -= taken;
    }
    parts[last]![key] += left;
  }
  let paid = head.paidPaise;
  for (let i = 0; i <= last && paid > 0; i++) {
    const taken = Math.min(paid, room(parts[i]!));
    parts[i]!.paidPaise += taken;
    paid -= taken;
  }
  parts[last]!.paidPaise += paid;
  return parts;
}
