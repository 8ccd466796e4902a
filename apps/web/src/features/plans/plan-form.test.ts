import type { FineRule } from '@fees/money';
import { describe, expect, it } from 'vitest';
import { copiedPlan } from './CopyPlan';
import { fineFields, fineRuleOf, instalmentFields, planInstalmentsOf } from './plan-form';

describe('fine rule fields', () => {
  it.each<FineRule>([
    { type: 'none' },
    { type: 'fixed', amountPaise: 25_000, graceDays: 0 },
    { type: 'per_day', perDayPaise: 1_000, capPaise: 50_000, graceDays: 5 },
    { type: 'per_day', perDayPaise: 1_050, capPaise: 0, graceDays: 3 },
    { type: 'percent', percentBasisPoints: 250, graceDays: 10 },
    { type: 'percent', percentBasisPoints: 1_000, graceDays: 0 },
  ])('%o comes back from its text fields', (rule) => expect(fineRuleOf(fineFields(rule))).toEqual(rule));

  it('text that is not a number reaches the schema as NaN, never as 0', () => {
    const rule = fineRuleOf({ type: 'fixed', graceDays: 'x', amount: '12a', perDay: '', cap: '', percent: '' });
    expect(rule).toEqual({ type: 'fixed', amountPaise: Number.NaN, graceDays: Number.NaN });
  });
});

describe('the plan as sent', () => {
  const heads = [
    { feeHeadId: 1, amountPaise: 3_000_000 },
    { feeHeadId: 2, amountPaise: 150_050 },
  ];
  it('gives every head of the batch an amount in every instalment, and the own fine rule only when chosen', () => {
    const term1 = instalmentFields(
      {
        id: '7',
        name: 'Term 1',
        dueDate: '2026-06-10',
        fineRule: null,
        amounts: [{ feeHeadId: 1, amountPaise: 1_000_000 }],
      },
      heads,
    );
    const term2 = instalmentFields(
      {
        id: '8',
        name: 'Term 2',
        dueDate: '2026-09-10',
        fineRule: { type: 'fixed', amountPaise: 10_000, graceDays: 0 },
        amounts: [{ feeHeadId: 2, amountPaise: 150_050 }],
      },
      heads,
    );
    expect(term2.override).toBe(true);
    term1.amounts['1'] = '12a';
    expect(planInstalmentsOf({ fine: fineFields(null), instalments: [term1, term2] }, heads)).toEqual([
      {
        id: 7,
        name: 'Term 1',
        dueDate: '2026-06-10',
        fineRule: null,
        amounts: [
          { feeHeadId: 1, amountPaise: Number.NaN },
          { feeHeadId: 2, amountPaise: 0 },
        ],
      },
      {
        id: 8,
        name: 'Term 2',
        dueDate: '2026-09-10',
        fineRule: { type: 'fixed', amountPaise: 10_000, graceDays: 0 },
        amounts: [
          { feeHeadId: 1, amountPaise: 0 },
          { feeHeadId: 2, amountPaise: 150_050 },
        ],
      },
    ]);
  });
});

describe('copying a plan from another batch', () => {
  const source = {
    batchId: 1,
    hasPlan: true,
    version: 1,
    fineRule: { type: 'per_day', perDayPaise: 1_000, capPaise: 50_000, graceDays: 5 } as FineRule,
    heads: [{ feeHeadId: 1, feeHead: 'Tuition Fee', amountPaise: 3_000_000 }],
    instalments: [
      {
        id: '1',
        name: 'Term 1',
        dueDate: '2025-06-10',
        fineRule: null,
        amounts: [{ feeHeadId: 1, amountPaise: 1_000_000 }],
      },
      {
        id: '2',
        name: 'Term 2',
        dueDate: '2025-09-10',
        fineRule: null,
        amounts: [{ feeHeadId: 1, amountPaise: 1_000_000 }],
      },
      {
        id: '3',
        name: 'Term 3',
        dueDate: '2025-12-31',
        fineRule: null,
        amounts: [{ feeHeadId: 1, amountPaise: 1_000_000 }],
      },
    ],
  };
  it('moves due dates by the months between the batches and puts a head difference on the last instalment', () => {
    const copy = copiedPlan(source, '2025-06-01', {
      startDate: '2026-06-01',
      heads: [{ feeHeadId: 1, feeHead: 'Tuition Fee', amountPaise: 3_300_000 }],
    });
    expect(copy.fineRule).toEqual(source.fineRule);
    expect(copy.instalments.map((i) => [i.dueDate, i.amounts[0]!.amountPaise])).toEqual([
      ['2026-06-10', 1_000_000],
      ['2026-09-10', 1_000_000],
      ['2026-12-31', 1_300_000],
    ]);
  });
});
