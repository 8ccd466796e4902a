import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headBalancePaise } from './balance';
import { duesAsOfCalculator, preparePlan } from './plans/allocation';
import { dayNumber } from './plans/dates';
import type { Plan } from './plans/types';
import {
  percentSharePaise,
  receivableAge,
  receivablePaise,
  type SponsorShare,
  enrolmentFeeLessDiscountsPaise,
  shareLimitPaise,
  shortfallInstalments,
  sponsorConcessions,
  sponsoredPaise,
  studentOwesPaise,
} from './sponsors';

const TUITION = 1;
const EXAM = 2;
const rs = (rupees: number) => rupees * 100;
const none = { lateFeePaid: [], waived: [] };

/** Tuition 30,000 in three terms (June, September, December 2025), a fine of 100 ten days after each due date. */
const plan: Plan = {
  fineRule: { type: 'fixed', amountPaise: rs(100), graceDays: 10 },
  instalments: ['2025-06-10', '2025-09-10', '2025-12-10'].map((dueDate, i) => ({
    id: String(i + 1),
    name: `Term ${i + 1}`,
    dueDate,
    fineRule: null,
    amounts: [{ feeHeadId: TUITION, amountPaise: rs(10_000) }],
  })),
};

function duesOf(shares: SponsorShare[], asOf: string, paid: Array<[string, number]>) {
  const mine = { ...plan, instalments: [...plan.instalments, ...shortfallInstalments(shares)] };
  const payments = paid.map(([date, rupees], k) => ({
    day: dayNumber(date),
    receiptNumber: k + 1,
    feeHeadId: TUITION,
    amountPaise: rs(rupees),
  }));
  return duesAsOfCalculator(preparePlan(mine), asOf, { detail: true })(
    { concessions: sponsorConcessions(shares), payments },
    none,
  );
}

describe('a late scholarship (worked example of docs/fee-plans.md)', () => {
  const share: SponsorShare = { feeHeadId: TUITION, amountPaise: rs(12_000), shortfallPaise: 0, shortfallDate: null };
  const paid: Array<[string, number]> = [
    ['2025-06-05', 10_000],
    ['2025-09-05', 8_000],
  ];

  it('without a scholarship, as of 01-01-2026: outstanding 12,000 (2,000 of term 2, all of term 3), fines 200', () => {
    const dues = duesOf([], '2026-01-01', paid);
    expect(dues.instalments.map((i) => i.outstanding)).toEqual([0, rs(2_000), rs(10_000)]);
    expect([dues.outstanding, dues.fine.accrued, dues.toCollect]).toEqual([rs(12_000), rs(200), rs(12_200)]);
  });

  it('leaves the share out of the terms, from the last backwards: nothing to collect, no fine, while it is awaited', () => {
    const dues = duesOf([share], '2026-01-01', paid);
    expect(dues.instalments.map((i) => [i.due, i.concession, i.outstanding, i.fine])).toEqual([
      [rs(10_000), 0, 0, 0],
      [rs(10_000), rs(2_000), 0, 0],
      [rs(10_000), rs(10_000), 0, 0],
    ]);
    expect(dues.toCollect).toBe(0);
    expect(receivablePaise(share, 0)).toBe(rs(12_000));
  });

  it('a sanction 3,000 short returns it due on the day recorded, fined only from then', () => {
    const short = { ...share, shortfallPaise: rs(3_000), shortfallDate: '2026-01-20' };
    expect(sponsoredPaise(short)).toBe(rs(9_000));
    expect(receivablePaise(short, rs(9_000))).toBe(0);
    const before = duesOf([short], '2026-01-25', paid);
    expect(before.instalments.map((i) => [i.name, i.dueDate, i.outstanding, i.fine])).toEqual([
      ['Term 1', '2025-06-10', 0, 0],
      ['Term 2', '2025-09-10', 0, 0],
      ['Term 3', '2025-12-10', 0, 0],
      ['Scholarship shortfall', '2026-01-20', rs(3_000), 0],
    ]);
    expect(before.toCollect).toBe(rs(3_000));
    const later = duesOf([short], '2026-03-01', paid);
    expect([later.outstanding, later.fine.accrued, later.toCollect]).toEqual([rs(3_000), rs(100), rs(3_100)]);
    // The whole fee: 30,000 - 9,000 from the sponsor - 18,000 paid = 3,000 the student owes.
    const head = { feePaise: rs(30_000), discountPaise: 0, adjustmentPaise: 0, paidPaise: rs(18_000) };
    expect(studentOwesPaise(head, sponsoredPaise(short))).toBe(rs(3_000));
  });
});

describe('the share and its limit', () => {
  it('a percent share is of the fee less discounts, rounded to the paisa', () => {
    expect(percentSharePaise(rs(9_999), 3_333)).toBe(333_267);
    expect(percentSharePaise(rs(10_000), 10_000)).toBe(rs(10_000));
  });

  it('the limit is the fee less discounts and the other shares, never below 0', () => {
    const head = { discountPaise: rs(1_000), adjustmentPaise: rs(500) };
    expect(shareLimitPaise([rs(10_000)], head, rs(2_000))).toBe(rs(6_500));
    expect(shareLimitPaise([rs(10_000)], head, rs(9_000))).toBe(0);
  });

  it('a promoted student: the limit is this year’s own fee, never last year’s (docs/fee-plans.md)', () => {
    // Tuition 30,000 in 2025-2027 (12,000 of it sanctioned) and 20,000 in 2026-27, a discount of 1,000.
    const years = [rs(30_000), rs(20_000)];
    const discount = { discountPaise: rs(1_000), adjustmentPaise: 0 };
    expect(enrolmentFeeLessDiscountsPaise(years, discount)).toBe(rs(19_000));
    // Not 50,000 - 1,000 - 12,000 = 37,000: last year's fee and share are last year's.
    expect(shareLimitPaise(years, discount, 0)).toBe(rs(19_000));
    // The scholarship's 15,000 of 2026-27 leaves the trust 4,000.
    expect(shareLimitPaise(years, discount, rs(15_000))).toBe(rs(4_000));
    // An opening balance is a part of its own, before the years: it widens nothing either.
    expect(shareLimitPaise([rs(2_000), ...years], discount, rs(15_000))).toBe(rs(4_000));
    // A discount of 23,000 comes off 2026-27 first (20,000), then 2025-2027 (3,000): nothing is left to cover.
    expect(shareLimitPaise(years, { discountPaise: rs(23_000), adjustmentPaise: 0 }, 0)).toBe(0);
    expect(enrolmentFeeLessDiscountsPaise([], discount)).toBe(0);
  });

  it('the limit never exceeds this year’s fee less discounts, whatever last year charged', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: rs(50_000) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: rs(60_000) }),
        fc.integer({ min: 0, max: rs(60_000) }),
        (parts, discountPaise, others) => {
          const limit = shareLimitPaise(parts, { discountPaise, adjustmentPaise: 0 }, others);
          const own = parts.at(-1)!;
          expect(limit).toBeGreaterThanOrEqual(0);
          expect(limit).toBeLessThanOrEqual(Math.max(0, own - Math.min(discountPaise, own) - others));
        },
      ),
    );
  });

  it('ages a receivable from the day it was recorded', () => {
    expect(receivableAge('2025-07-01', '2025-07-31')).toBe('0-30');
    expect(receivableAge('2025-07-01', '2025-08-01')).toBe('31-90');
    expect(receivableAge('2025-07-01', '2025-12-28')).toBe('91-180');
    expect(receivableAge('2025-07-01', '2025-12-29')).toBe('over 180');
  });
});

describe('the money identity', () => {
  const arbitraryShare = fc.record({
    feeHeadId: fc.constantFrom(TUITION, EXAM),
    amountPaise: fc.integer({ min: 1, max: rs(5_000) }),
    shortfallPercent: fc.integer({ min: 0, max: 100 }),
    shortfallDate: fc.constantFrom('2025-07-15', '2025-10-01', '2026-02-01'),
  });

  it('over the whole plan: fee - discount - (share - shortfall) - paid = what the student owes', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryShare, { maxLength: 3 }),
        fc.array(
          fc.tuple(fc.constantFrom('2025-06-01', '2025-09-01', '2026-01-05'), fc.integer({ min: 1, max: 9_000 })),
          {
            maxLength: 4,
          },
        ),
        fc.integer({ min: 0, max: rs(2_000) }),
        (raw, paid, discountPaise) => {
          const shares: SponsorShare[] = raw.map((r) => {
            const shortfallPaise = Math.floor((r.amountPaise * r.shortfallPercent) / 100);
            return {
              feeHeadId: r.feeHeadId,
              amountPaise: r.amountPaise,
              shortfallPaise,
              shortfallDate: shortfallPaise > 0 ? r.shortfallDate : null,
            };
          });
          const withExam: Plan = {
            ...plan,
            instalments: plan.instalments.map((i) => ({
              ...i,
              amounts: [...i.amounts, { feeHeadId: EXAM, amountPaise: rs(1_000) }],
            })),
          };
          const mine = { ...withExam, instalments: [...withExam.instalments, ...shortfallInstalments(shares)] };
          const payments = paid.map(([date, rupees], k) => ({
            day: dayNumber(date),
            receiptNumber: k + 1,
            feeHeadId: TUITION,
            amountPaise: rs(rupees),
          }));
          const concessions = [{ feeHeadId: TUITION, amountPaise: discountPaise }, ...sponsorConcessions(shares)];
          const dues = duesAsOfCalculator(preparePlan(mine), '2030-01-01', { detail: true })(
            { concessions, payments },
            none,
          );
          for (const headId of [TUITION, EXAM]) {
            const sponsored = shares.filter((s) => s.feeHeadId === headId).reduce((t, s) => t + sponsoredPaise(s), 0);
            const head = {
              feePaise: rs(headId === TUITION ? 30_000 : 3_000),
              discountPaise: headId === TUITION ? discountPaise : 0,
              adjustmentPaise: 0,
              paidPaise: headId === TUITION ? payments.reduce((t, p) => t + p.amountPaise, 0) : 0,
            };
            expect(dues.heads.find((h) => h.feeHeadId === headId)?.balance).toBe(studentOwesPaise(head, sponsored));
            expect(studentOwesPaise(head, sponsored)).toBe(headBalancePaise(head) - sponsored);
          }
        },
      ),
    );
  });

  it('no fine ever runs on a shortfall before the day it was recorded', () => {
    fc.assert(
      fc.property(fc.array(arbitraryShare, { minLength: 1, maxLength: 3 }), (raw) => {
        const shares = raw.map((r) => ({
          feeHeadId: TUITION,
          amountPaise: r.amountPaise,
          shortfallPaise: r.amountPaise,
          shortfallDate: r.shortfallDate,
        }));
        for (const inst of shortfallInstalments(shares)) {
          const dues = duesOf(shares, inst.dueDate, []);
          expect(dues.instalments.find((i) => i.id === inst.id)?.fine).toBe(0);
        }
      }),
    );
  });
});
