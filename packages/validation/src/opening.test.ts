import { dayNumber, duesAsOfCalculator, preparePlan } from '@fees/money';
import { describe, expect, it } from 'vitest';
import { openingInstalments, ZOpeningAmount } from './opening';

describe('opening amounts', () => {
  it('reads rupees as paise, a leading minus as an advance, and refuses 0 and bad text', () => {
    expect(ZOpeningAmount.parse('1200.5')).toBe(1_200_50);
    expect(ZOpeningAmount.parse(' -500 ')).toBe(-500_00);
    expect(ZOpeningAmount.parse(75)).toBe(75_00);
    const message = (v: unknown) => ZOpeningAmount.safeParse(v).error?.issues[0]?.message;
    expect(message('0.00')).toBe('An opening balance cannot be 0');
    expect(message('12.345')).toBe('Not valid number with up to 2 decimal places (a minus sign for an advance)');
    expect(message('--5')).toBe('Not valid number with up to 2 decimal places (a minus sign for an advance)');
    expect(message('')).toBe('Required');
    expect(message('100000000000')).toBe('Amount is too large');
  });
});

describe('opening instalments', () => {
  it('make one instalment per due date, without a fine, and keep the plan adding up', () => {
    const opening = openingInstalments([
      { feeHeadId: 9, amountPaise: 1_000_00, dueDate: '2026-04-01' },
      { feeHeadId: 1, amountPaise: 300_00, dueDate: '2026-04-01' },
      { feeHeadId: 9, amountPaise: -200_00, dueDate: '2026-05-01' },
    ]);
    expect(opening.map((i) => [i.id, i.name, i.dueDate, i.fineRule, i.amounts])).toEqual([
      [
        'opening-2026-04-01',
        'Opening balance',
        '2026-04-01',
        { type: 'none' },
        [
          { feeHeadId: 9, amountPaise: 1_000_00 },
          { feeHeadId: 1, amountPaise: 300_00 },
        ],
      ],
      [
        'opening-2026-05-01',
        'Opening balance',
        '2026-05-01',
        { type: 'none' },
        [{ feeHeadId: 9, amountPaise: -200_00 }],
      ],
    ]);
    const batch = {
      id: 'v-2025-06-01',
      name: 'Fees',
      dueDate: '2025-06-01',
      fineRule: null,
      amounts: [{ feeHeadId: 1, amountPaise: 5_000_00 }],
    };
    const dues = duesAsOfCalculator(
      preparePlan({ fineRule: { type: 'none' }, instalments: [batch, ...opening] }),
      '2026-12-31',
    )(
      {
        concessions: [],
        payments: [{ day: dayNumber('2026-04-02'), receiptNumber: 1, feeHeadId: 9, amountPaise: 500_00 }],
      },
      { lateFeePaid: [], waived: [] },
    );
    expect(dues.outstanding).toBe(5_000_00 + 1_000_00 + 300_00 - 200_00 - 500_00);
  });
});
