import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advancePaise } from './advance';
import { headBalancePaise, type HeadMoney } from './balance';
import { duesAsOfCalculator, preparePlan } from './plans/allocation';
import { dayNumber } from './plans/dates';
import type { Plan } from './plans/types';
import { shortfallInstalments, sponsorConcessions, type SponsorShare } from './sponsors';
import { feeTakeBackPaise, headsAfterTakeBack, paymentsAfterTakeBack, takeBackPaise } from './take-back';

const TUITION = 1;
const BUS = 2;
const rs = (rupees: number) => rupees * 100;
const head = (balanceRupees: number, paidRupees: number) => ({
  balancePaise: rs(balanceRupees),
  paidPaise: rs(paidRupees),
});
const settled = (appliedRupees: number, refundedRupees: number) => ({
  appliedPaise: rs(appliedRupees),
  refundedPaise: rs(refundedRupees),
});
const figures = (heads: { balancePaise: number; paidPaise: number }[]) =>
  heads.map((h) => [h.balancePaise / 100, h.paidPaise / 100]);

describe('the take-back, worked by hand', () => {
  it('a refunded credit leaves its head: Tuition 10,000 paid, sponsored 10,000 late, 10,000 refunded', () => {
    // Before: balance 10,000 - 10,000 - 10,000 = -10,000 (a credit), advance 10,000. The refund takes it all back.
    expect(takeBackPaise([head(-10_000, 10_000)], 0, settled(0, 10_000))).toEqual([rs(10_000)]);
    expect(figures(headsAfterTakeBack([head(-10_000, 10_000)], 0, settled(0, 10_000)))).toEqual([[0, 0]]);
  });

  it('refund, then a shortfall of 4,000: the family owes 4,000 on Tuition, not a credit of 6,000', () => {
    // Sponsored now 10,000 - 4,000 = 6,000: balance 10,000 - 6,000 - 10,000 = -6,000, yet 10,000 was refunded.
    // Net: -6,000 + 0 settled + 10,000 refunded = 4,000. Taken: 6,000 of credit, then 4,000 of what was paid.
    const after = headsAfterTakeBack([head(-6_000, 10_000)], 0, settled(0, 10_000));
    expect(figures(after)).toEqual([[4_000, 0]]);
  });

  it('adjusted from advance onto another head: the credit on Tuition pays Bus, and leaves Tuition', () => {
    // Tuition 10,000 paid 15,000 (-5,000); Bus 3,000 paid 3,000 by a receipt "Adjusted from advance" (0).
    // Net: -5,000 + 0 + 3,000 settled = -2,000: the advance left is 2,000, on Tuition.
    const heads = [head(0, 3_000), head(-5_000, 15_000)];
    expect(figures(headsAfterTakeBack(heads, 0, settled(3_000, 0)))).toEqual([
      [0, 3_000],
      [-2_000, 12_000],
    ]);
  });

  it('a voided receipt that was paid from the advance gives the credit back to its head', () => {
    // The Bus receipt "Adjusted from advance" is voided: Bus is owed 3,000 again, nothing is settled, Tuition keeps
    // its whole credit of 5,000. Net: 3,000 - 5,000 = -2,000, the advance 5,000 beside Bus's 3,000 owed.
    const heads = [head(3_000, 0), head(-5_000, 15_000)];
    expect(takeBackPaise(heads, 0, settled(0, 0))).toEqual([0, 0]);
    expect(figures(headsAfterTakeBack(heads, 0, settled(0, 0)))).toEqual([
      [3_000, 0],
      [-5_000, 15_000],
    ]);
  });

  it('two heads in credit: the first in the counter order is taken back first', () => {
    // Tuition -2,000 and Exam -1,000; 2,500 refunded: Tuition 0, Exam -500 (the 500 left to refund).
    expect(figures(headsAfterTakeBack([head(-2_000, 12_000), head(-1_000, 3_000)], 0, settled(0, 2_500)))).toEqual([
      [0, 10_000],
      [-500, 2_500],
    ]);
  });

  it('an advance paid on the Advance head is given back first: the fee heads keep their credit', () => {
    // 2,000 paid on the Advance head, Tuition -1,000; 2,500 refunded: 2,000 from the Advance head, 500 from Tuition.
    // Net: -2,000 - 1,000 + 2,500 = -500, the advance left.
    expect(takeBackPaise([head(-1_000, 11_000)], rs(2_000), settled(0, 2_500))).toEqual([rs(500)]);
    expect(takeBackPaise([head(-1_000, 11_000)], rs(2_000), settled(0, 1_500))).toEqual([0]);
  });

  it('what was paid is taken back from the latest payment first', () => {
    const payments = [
      { day: 1, receiptNumber: 1, feeHeadId: TUITION, amountPaise: rs(6_000) },
      { day: 2, receiptNumber: 2, feeHeadId: BUS, amountPaise: rs(1_000) },
      { day: 3, receiptNumber: 3, feeHeadId: TUITION, amountPaise: rs(4_000) },
    ];
    expect(paymentsAfterTakeBack(payments, new Map([[TUITION, rs(5_000)]]))).toEqual([
      { day: 1, receiptNumber: 1, feeHeadId: TUITION, amountPaise: rs(5_000) },
      { day: 2, receiptNumber: 2, feeHeadId: BUS, amountPaise: rs(1_000) },
    ]);
  });
});

describe('the refund then shortfall case in the dues', () => {
  /** Tuition 10,000 due 10-06-2025, a fine of 100 ten days after a due date. */
  const plan: Plan = {
    fineRule: { type: 'fixed', amountPaise: rs(100), graceDays: 10 },
    instalments: [
      {
        id: '1',
        name: 'Year',
        dueDate: '2025-06-10',
        fineRule: null,
        amounts: [{ feeHeadId: TUITION, amountPaise: rs(10_000) }],
      },
    ],
  };
  const share: SponsorShare = {
    feeHeadId: TUITION,
    amountPaise: rs(10_000),
    shortfallPaise: rs(4_000),
    shortfallDate: '2026-01-20',
  };
  const paid = [{ day: dayNumber('2025-06-05'), receiptNumber: 1, feeHeadId: TUITION, amountPaise: rs(10_000) }];

  function duesOf(asOf: string, payments: typeof paid) {
    const mine = { ...plan, instalments: [...plan.instalments, ...shortfallInstalments([share])] };
    return duesAsOfCalculator(preparePlan(mine), asOf, { detail: true })(
      { concessions: sponsorConcessions([share]), payments },
      { lateFeePaid: [], waived: [] },
    );
  }

  it('owes the 4,000 from the shortfall date, fined only from then', () => {
    const taken = takeBackPaise([head(-6_000, 10_000)], 0, settled(0, 10_000));
    const payments = paymentsAfterTakeBack(paid, new Map([[TUITION, taken[0]!]]));
    expect(payments).toEqual([]);
    expect(duesOf('2026-01-25', payments).toCollect).toBe(rs(4_000));
    expect(duesOf('2026-02-05', payments).toCollect).toBe(rs(4_100));
  });

  it('without the take-back the dues would show the refunded family a credit of 6,000', () => {
    expect(duesOf('2026-02-05', paid).toCollect).toBe(rs(-6_000));
  });
});

const money = fc.integer({ min: 0, max: 1_000_000 });
const headMoney = fc.record({ feePaise: money, discountPaise: money, adjustmentPaise: money, paidPaise: money });

describe('the take-back over random heads', () => {
  const heads = fc.array(headMoney, { minLength: 1, maxLength: 6 });
  it('sums to the student-level identity, never makes a credit, and leaves the advance advancePaise gives', () => {
    fc.assert(
      fc.property(heads, fc.array(money, { maxLength: 2 }), money, money, (fee: HeadMoney[], outside, a, r) => {
        const rows = fee.map((h) => ({ balancePaise: headBalancePaise(h), paidPaise: h.paidPaise }));
        const outsideCredit = outside.reduce((s, p) => s + p, 0);
        const settledFigures = { appliedPaise: a, refundedPaise: r };
        const after = headsAfterTakeBack(rows, outsideCredit, settledFigures);
        const outsideLeft = Math.max(0, outsideCredit - a - r);
        const sum = (xs: { balancePaise: number }[]) => xs.reduce((s, x) => s + x.balancePaise, 0);
        expect(sum(after) - outsideLeft).toBe(sum(rows) - outsideCredit + a + r);
        expect(sum(after) - sum(rows)).toBe(feeTakeBackPaise(outsideCredit, settledFigures));
        for (const [k, h] of after.entries()) {
          expect(h.balancePaise).toBeGreaterThanOrEqual(rows[k]!.balancePaise);
          if (rows[k]!.balancePaise >= 0) expect(h.balancePaise).toBeGreaterThanOrEqual(0);
        }
        const outsideHeads = outside.map((p) => ({ feePaise: 0, discountPaise: 0, adjustmentPaise: 0, paidPaise: p }));
        const creditLeft = outsideLeft + after.reduce((s, h) => s + Math.max(0, -h.balancePaise), 0);
        expect(creditLeft).toBe(advancePaise([...fee, ...outsideHeads], settledFigures));
      }),
    );
  });

  it('un-pays a head no more than was paid on it, when every credit was paid in', () => {
    fc.assert(
      fc.property(heads, money, (fee: HeadMoney[], r) => {
        const rows = fee.map((h) => ({ balancePaise: headBalancePaise(h), paidPaise: h.paidPaise }));
        const paidTotal = fee.reduce((s, h) => s + h.paidPaise, 0);
        fc.pre(r <= paidTotal && rows.every((h) => -h.balancePaise <= h.paidPaise));
        for (const h of headsAfterTakeBack(rows, 0, { appliedPaise: 0, refundedPaise: r }))
          expect(h.paidPaise).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
