import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadPayment } from './apply-payment';

const TUITION = 1;
const EXAM = 2;

const inst = (id: string) => ({
  id,
  name: id,
  dueDate: '2026-06-01',
  due: 0,
  concession: 0,
  paid: 0,
  outstanding: 0,
  daysLate: 0,
  fine: 0,
});

/** Term 1 (due): tuition 10,000 with 2,000 paid, exam 1,000; term 2 (not yet due): tuition 10,000, exam 1,000. */
const dues = {
  instalments: [inst('t1')],
  upcoming: [inst('t2')],
  cells: [
    {
      instalmentId: 't1',
      heads: [
        { feeHeadId: TUITION, amountPaise: 10_000_00, concessionPaise: 0, paidPaise: 2_000_00 },
        { feeHeadId: EXAM, amountPaise: 1_000_00, concessionPaise: 0, paidPaise: 0 },
      ],
    },
    {
      instalmentId: 't2',
      heads: [
        { feeHeadId: TUITION, amountPaise: 10_000_00, concessionPaise: 1_000_00, paidPaise: 0 },
        { feeHeadId: EXAM, amountPaise: 1_000_00, concessionPaise: 0, paidPaise: 0 },
      ],
    },
  ],
  fine: { accrued: 500_00, paid: 0, waived: 0, outstanding: 500_00 },
};

describe('a payment spread over the heads like the counter', () => {
  it('fills the due instalment first, then the fine (worked example)', () => {
    // 8,000 + 1,000 due on term 1, then 500 of fine: 9,500 exactly.
    expect(spreadPayment(dues, 9_500_00)).toEqual({
      heads: [
        { feeHeadId: TUITION, amountPaise: 8_000_00 },
        { feeHeadId: EXAM, amountPaise: 1_000_00 },
      ],
      finePaise: 500_00,
      advancePaise: 0,
    });
  });

  it('stops inside the oldest instalment when the payment is short', () => {
    expect(spreadPayment(dues, 3_000_00)).toEqual({
      heads: [{ feeHeadId: TUITION, amountPaise: 3_000_00 }],
      finePaise: 0,
      advancePaise: 0,
    });
  });

  it('goes on to the instalments not yet due, then to the advance', () => {
    // 9,500 as above, then term 2: tuition 9,000 (after its 1,000 concession) and exam 1,000; 500 left over.
    expect(spreadPayment(dues, 20_000_00)).toEqual({
      heads: [
        { feeHeadId: TUITION, amountPaise: 17_000_00 },
        { feeHeadId: EXAM, amountPaise: 2_000_00 },
      ],
      finePaise: 500_00,
      advancePaise: 500_00,
    });
  });

  it('always accounts for every paisa, never above a cell', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_00 }), (amount) => {
        const spread = spreadPayment(dues, amount);
        const sum = spread.heads.reduce((s, h) => s + h.amountPaise, 0) + spread.finePaise + spread.advancePaise;
        expect(sum).toBe(amount);
        expect(spread.heads.every((h) => h.amountPaise > 0)).toBe(true);
        expect(spread.advancePaise > 0 ? spread.finePaise : 500_00).toBe(500_00);
      }),
    );
  });
});
