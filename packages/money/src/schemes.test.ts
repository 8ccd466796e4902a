import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PAISE } from './limits';
import { schemeDiscountPaise, schemeRuleFor } from './schemes';

const percent = (percentBasisPoints: number) => ({ percentBasisPoints, amountPaise: null });
const fixed = (amountPaise: number) => ({ percentBasisPoints: null, amountPaise });

describe('schemeDiscountPaise', () => {
  it.each([
    ['25% of 25,000.00 = 6,250.00', 25_000_00, percent(2500), 6_250_00],
    ['25% of 1,000.02 = 250.005, half up to 250.01', 1_000_02, percent(2500), 250_01],
    ['12.5% of 1,500.00 = 187.50', 1_500_00, percent(1250), 187_50],
    ['33.33% of 0.01 = 0.003333, down to 0.00', 1, percent(3333), 0],
    ['50% of 0.01 = 0.005, half up to 0.01', 1, percent(5000), 1],
    ['100% of 9,999.99 is the whole fee', 9_999_99, percent(10_000), 9_999_99],
    ['fixed 500.00 of a 1,500.00 fee', 1_500_00, fixed(500_00), 500_00],
    ['fixed 2,000.00 of a 1,500.00 fee stops at the fee', 1_500_00, fixed(2_000_00), 1_500_00],
    ['nothing on a head without a fee', 0, fixed(500_00), 0],
    [
      '25% of the largest amount 99,99,99,999.99 = 24,99,99,999.9975, half up to 25,00,00,000.00',
      MAX_PAISE,
      percent(2500),
      25_000_000_000,
    ],
  ])('%s', (_label, fee, rule, expected) => {
    expect(schemeDiscountPaise(fee, rule)).toBe(expected);
  });

  it('is an integer between 0 and the fee, the exact percentage within half a paisa, and grows with the fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_PAISE }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000_00 }),
        (fee, bp, extra) => {
          const d = schemeDiscountPaise(fee, percent(bp));
          expect(Number.isInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(fee);
          // |d - fee x bp / 10000| <= 1/2, in exact integers: |20000 d - 2 fee bp| <= 10000.
          const gap = 20000n * BigInt(d) - 2n * BigInt(fee) * BigInt(bp);
          expect(gap <= 10000n && gap >= -10000n).toBe(true);
          expect(schemeDiscountPaise(fee + extra, percent(bp))).toBeGreaterThanOrEqual(d);
          const f = schemeDiscountPaise(fee, fixed(extra));
          expect(f).toBe(Math.min(fee, extra));
        },
      ),
    );
  });
});

describe('schemeRuleFor', () => {
  const rules = [
    { id: 1, feeHeadId: 7, courseId: 1003, batchId: null, ...percent(2500) },
    { id: 2, feeHeadId: 7, courseId: 1003, batchId: 40, ...fixed(100_00) },
    { id: 3, feeHeadId: 8, courseId: 1004, batchId: null, ...fixed(50_00) },
  ];
  it('takes the batch rule before the course rule, and nothing for another course', () => {
    expect(schemeRuleFor(rules, { courseId: 1003, batchId: 40 }, 7)?.id).toBe(2);
    expect(schemeRuleFor(rules, { courseId: 1003, batchId: 41 }, 7)?.id).toBe(1);
    expect(schemeRuleFor(rules, { courseId: 1003, batchId: 41 }, 8)).toBeUndefined();
    expect(schemeRuleFor(rules, { courseId: 1004, batchId: 50 }, 8)?.id).toBe(3);
  });
});
