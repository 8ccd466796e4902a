import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headBalancePaise } from './balance';
import { splitHeadOverParts } from './enrolment-balances';

const rs = (rupees: number) => rupees * 100;
const money = (fee: number, discount: number, adjustment: number, paid: number) => ({
  feePaise: rs(fee),
  discountPaise: rs(discount),
  adjustmentPaise: rs(adjustment),
  paidPaise: rs(paid),
});

describe('splitHeadOverParts', () => {
  it('the worked example of a promoted student: 25,000 paid settles 2025-26 first, 17,000 stays on 2026-27', () => {
    // Tuition 20,000 in 2025-26, 22,000 in 2026-27 (Fees Info: 42,000), paid 10,000 + 15,000.
    expect(splitHeadOverParts([rs(20_000), rs(22_000)], money(42_000, 0, 0, 25_000))).toEqual([
      money(20_000, 0, 0, 20_000),
      money(22_000, 0, 0, 5_000),
    ]);
  });

  it('the promoted student with last year unpaid: 15,000 paid leaves 5,000 on 2025-26 and 22,000 on 2026-27', () => {
    expect(splitHeadOverParts([rs(20_000), rs(22_000)], money(42_000, 0, 0, 15_000))).toEqual([
      money(20_000, 0, 0, 15_000),
      money(22_000, 0, 0, 0),
    ]);
  });

  it('a concession comes off this year first; last year keeps what is unpaid of it', () => {
    // 2025-26 18,000, 2026-27 20,000; concession 1,000 and adjustment 500; paid 12,000.
    const [past, current] = splitHeadOverParts([rs(18_000), rs(20_000)], money(38_000, 1_000, 500, 12_000));
    expect(past).toEqual(money(18_000, 0, 0, 12_000));
    expect(headBalancePaise(past!)).toBe(rs(6_000));
    expect(current).toEqual(money(20_000, 1_000, 500, 0));
    expect(headBalancePaise(current!)).toBe(rs(18_500));
  });

  it('a concession larger than this year spills onto last year; an overpayment stays on the latest part', () => {
    const [past, current] = splitHeadOverParts([rs(10_000), rs(3_000)], money(13_000, 4_000, 0, 10_000));
    expect(past).toEqual(money(10_000, 1_000, 0, 9_000));
    expect(current).toEqual(money(3_000, 3_000, 0, 1_000));
    expect(headBalancePaise(current!)).toBe(-rs(1_000));
  });

  it('the parts always add up to the head, and only the latest part can go below zero', () => {
    const paise = fc.integer({ min: 0, max: 5_000_000 });
    fc.assert(
      fc.property(fc.array(paise, { minLength: 1, maxLength: 5 }), paise, paise, paise, (fees, d, a, p) => {
        const head = { feePaise: fees.reduce((s, f) => s + f, 0), discountPaise: d, adjustmentPaise: a, paidPaise: p };
        const parts = splitHeadOverParts(fees, head);
        for (const key of ['feePaise', 'discountPaise', 'adjustmentPaise', 'paidPaise'] as const)
          expect(parts.reduce((s, x) => s + x[key], 0)).toBe(head[key]);
        for (const part of parts.slice(0, -1)) expect(headBalancePaise(part)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
