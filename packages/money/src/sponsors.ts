import { headBalancePaise, type HeadMoney } from './balance';
import { splitHeadOverParts } from './enrolment-balances';
import { dayNumber } from './plans/dates';
import type { Concession, PlanInstalment } from './plans/types';

/**
 * Scholarships and sponsors. A sponsor's share of a student's head is owed by the sponsor, not the family: it leaves
 * the student's dues as a concession does (from the last instalment backwards, so no fine or notice ever counts it)
 * and becomes the sponsor's receivable. A sanction that falls short returns the shortfall to the student as an
 * instalment of their own due on the day it was recorded, which no concession comes off: fines run from then, never
 * for the months before.
 *   student owes = fee - discount - adjustment - (share - shortfall) - paid
 *   receivable   = (share - shortfall) - sponsor receipts
 * Integer paise, yyyy-MM-dd dates.
 */

/** A sponsor's share of one head of one student. */
export interface SponsorShare {
  feeHeadId: number;
  amountPaise: number;
  shortfallPaise: number;
  /** The day the shortfall was recorded (null without one). */
  shortfallDate: string | null;
}

/** What the sponsor still stands for: the share less a shortfall returned to the student. */
export function sponsoredPaise(share: SponsorShare): number {
  return share.amountPaise - share.shortfallPaise;
}

/** A percent share (basis points) of what the student's head comes to, rounded to the paisa. */
export function percentSharePaise(basePaise: number, basisPoints: number): number {
  return Math.round((basePaise * basisPoints) / 10_000);
}

/**
 * What the current enrolment charges on a head, less its own discounts: the last of the parts charging the head
 * (oldest first: an opening balance, each year promoted out of, this year), with the head's discounts and adjustments
 * coming off the latest part first as in every enrolment's balances. Last year's fee never counts in it.
 */
export function enrolmentFeeLessDiscountsPaise(
  partFeesPaise: readonly number[],
  head: Pick<HeadMoney, 'discountPaise' | 'adjustmentPaise'>,
): number {
  const feePaise = partFeesPaise.reduce((sum, fee) => sum + fee, 0);
  const own = splitHeadOverParts(partFeesPaise, { ...head, feePaise, paidPaise: 0 }).at(-1);
  return own ? own.feePaise - own.discountPaise - own.adjustmentPaise : 0;
}

/**
 * The most a new share may be: a share belongs to the student's current enrolment, so it is that enrolment's own fee
 * of the head less its own discounts (`enrolmentFeeLessDiscountsPaise`) and less the other sponsors' shares of the
 * same enrolment and head (net of their shortfalls); never below 0.
 */
export function shareLimitPaise(
  partFeesPaise: readonly number[],
  head: Pick<HeadMoney, 'discountPaise' | 'adjustmentPaise'>,
  otherSharesPaise: number,
): number {
  return Math.max(0, enrolmentFeeLessDiscountsPaise(partFeesPaise, head) - otherSharesPaise);
}

/** The shares as concessions of the dues computation: the whole share, the shortfall coming back on its own date. */
export function sponsorConcessions(shares: readonly SponsorShare[]): Concession[] {
  return shares.map((s) => ({ feeHeadId: s.feeHeadId, amountPaise: s.amountPaise }));
}

export const SHORTFALL_INSTALMENT_NAME = 'Scholarship shortfall';

/**
 * The shortfalls as the student's own instalments, one per date (`shortfall-<date>`), under the plan's fine rule from
 * that date on.
 */
export function shortfallInstalments(shares: readonly SponsorShare[]): PlanInstalment[] {
  const byDate = new Map<string, PlanInstalment>();
  for (const s of shares) {
    if (s.shortfallPaise === 0 || s.shortfallDate === null) continue;
    let inst = byDate.get(s.shortfallDate);
    if (inst === undefined) {
      inst = {
        id: `shortfall-${s.shortfallDate}`,
        name: SHORTFALL_INSTALMENT_NAME,
        dueDate: s.shortfallDate,
        fineRule: null,
        amounts: [],
        noConcession: true,
      };
      byDate.set(s.shortfallDate, inst);
    }
    const same = inst.amounts.find((a) => a.feeHeadId === s.feeHeadId);
    if (same) same.amountPaise += s.shortfallPaise;
    else inst.amounts.push({ feeHeadId: s.feeHeadId, amountPaise: s.shortfallPaise });
  }
  return [...byDate.values()].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
}

/** What the student owes on a head once the sponsors' shares (net of shortfalls) are left out. */
export function studentOwesPaise(head: HeadMoney, sponsoredHeadPaise: number): number {
  return headBalancePaise(head) - sponsoredHeadPaise;
}

/** What a sponsor still owes on one share, given what its receipts allocated to it. */
export function receivablePaise(share: SponsorShare, receivedPaise: number): number {
  return sponsoredPaise(share) - receivedPaise;
}

export const RECEIVABLE_AGES = ['0-30', '31-90', '91-180', 'over 180'] as const;
export type ReceivableAge = (typeof RECEIVABLE_AGES)[number];

/** The age bucket of a receivable recorded on `since`, as of `asOf` (days between them). */
export function receivableAge(since: string, asOf: string): ReceivableAge {
  const days = dayNumber(asOf) - dayNumber(since);
  if (days <= 30) return '0-30';
  if (days <= 90) return '31-90';
  if (days <= 180) return '91-180';
  return 'over 180';
}
