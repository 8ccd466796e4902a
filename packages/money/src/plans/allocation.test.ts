import { describe, expect, it } from 'vitest';
import { duesAsOfCalculator, type FineSettlements, preparePlan } from './allocation';
import { dayNumber } from './dates';
import { equalInstalments, oneInstalment, percentSplit, planDifferences, virtualPlanInstalments } from './generators';
import type { Concession, FineRule, Payment, Plan } from './types';

const TUITION = 1;
const EXAM = 2;
const rs = (rupees: number) => Math.round(rupees * 100);

/** A one-head plan: instalments of `amounts` rupees due on `dates`. */
function tuitionPlan(fineRule: FineRule, dates: string[], amounts: number[]): Plan {
  return {
    fineRule,
    instalments: dates.map((dueDate, i) => ({
      id: String(i + 1),
      name: `Term ${i + 1}`,
      dueDate,
      fineRule: null,
      amounts: [{ feeHeadId: TUITION, amountPaise: rs(amounts[i]!) }],
    })),
  };
}

let nextNumber = 1;
const pay = (receiptDate: string, rupees: number, feeHeadId = TUITION, receiptNumber = nextNumber++): Payment => ({
  receiptDate,
  receiptNumber,
  feeHeadId,
  amountPaise: rs(rupees),
});
const none: FineSettlements = { lateFeePaid: [], waived: [] };

function dues(plan: Plan, payments: Payment[], asOf: string, concessions: Concession[] = [], settlements = none) {
  const days = payments.map(({ receiptDate, ...p }) => ({ ...p, day: dayNumber(receiptDate) }));
  return duesAsOfCalculator(preparePlan(plan), asOf, { detail: true })({ concessions, payments: days }, settlements);
}

describe('the worked example of docs/fee-plans.md', () => {
  const plan = tuitionPlan(
    { type: 'per_day', perDayPaise: rs(10), capPaise: rs(500), graceDays: 5 },
    ['2026-06-10', '2026-09-10', '2026-12-10'],
    [10000, 10000, 10000],
  );
  const d = dues(plan, [pay('2026-06-01', 5000), pay('2026-07-20', 12000)], '2026-10-01');

  it('instalment 1 cleared on 20-07, late from 16-06: 35 days, fine 350.00', () => {
    expect(d.instalments[0]).toMatchObject({
      due: rs(10000),
      paid: rs(10000),
      outstanding: 0,
      daysLate: 35,
      fine: rs(350),
    });
  });
  it('instalment 2 has 7,000 paid, 3,000 outstanding, late from 16-09: 16 days, fine 160.00', () => {
    expect(d.instalments[1]).toMatchObject({ paid: rs(7000), outstanding: rs(3000), daysLate: 16, fine: rs(160) });
  });
  it('instalment 3 is not yet due; fine outstanding 510.00, to collect 3,510.00', () => {
    expect(d.instalments).toHaveLength(2);
    expect(d.fine).toEqual({ accrued: rs(510), paid: 0, waived: 0, outstanding: rs(510) });
    expect(d.outstanding).toBe(rs(3000));
    expect(d.toCollect).toBe(rs(3510));
    expect(d.daysLate).toBe(16);
  });
});

const JUN10 = ['2026-06-10'];
const THREE = ['2026-06-10', '2026-09-10', '2026-12-10'];

/** Hand-computed: [case, plan, payments, concessions, as of, expected fines per listed instalment, outstanding per listed instalment]. */
const cases: Array<[string, Plan, Payment[], Concession[], string, number[], number[]]> = [
  [
    'fixed, grace 0, on day L itself: not late',
    tuitionPlan({ type: 'fixed', amountPaise: rs(200), graceDays: 0 }, JUN10, [10000]),
    [],
    [],
    '2026-06-10',
    [0],
    [rs(10000)],
  ],
  [
    'fixed, grace 0, the day after: 200.00',
    tuitionPlan({ type: 'fixed', amountPaise: rs(200), graceDays: 0 }, JUN10, [10000]),
    [],
    [],
    '2026-06-11',
    [rs(200)],
    [rs(10000)],
  ],
  [
    'percent 2%, grace 5: of the 6,000 outstanding at the end of L, 120.00',
    tuitionPlan({ type: 'percent', percentBasisPoints: 200, graceDays: 5 }, JUN10, [10000]),
    [pay('2026-06-12', 4000)],
    [],
    '2026-07-01',
    [rs(120)],
    [rs(6000)],
  ],
  [
    'percent 25% of 1,000.02 = 250.005, half up to 250.01',
    tuitionPlan({ type: 'percent', percentBasisPoints: 2500, graceDays: 0 }, JUN10, [1000.02]),
    [],
    [],
    '2026-06-11',
    [25001],
    [100002],
  ],
  [
    'per day 10, cap 500 reached after 50 days: 500.00',
    tuitionPlan({ type: 'per_day', perDayPaise: rs(10), capPaise: rs(500), graceDays: 0 }, JUN10, [10000]),
    [],
    [],
    '2026-09-01',
    [rs(500)],
    [rs(10000)],
  ],
  [
    'per day 5, no cap, 20 days: 100.00',
    tuitionPlan({ type: 'per_day', perDayPaise: rs(5), capPaise: 0, graceDays: 0 }, JUN10, [10000]),
    [],
    [],
    '2026-06-30',
    [rs(100)],
    [rs(10000)],
  ],
  [
    'per day, paid in full on day L: never late',
    tuitionPlan({ type: 'per_day', perDayPaise: rs(10), capPaise: 0, graceDays: 5 }, JUN10, [10000]),
    [pay('2026-06-15', 10000)],
    [],
    '2026-12-31',
    [0],
    [0],
  ],
  [
    'fixed, paid before the due date: nothing',
    tuitionPlan({ type: 'fixed', amountPaise: rs(100), graceDays: 0 }, JUN10, [10000]),
    [pay('2026-06-01', 10000)],
    [],
    '2026-12-31',
    [0],
    [0],
  ],
  [
    'per day, grace 0, cleared the day after due: 1 day, 10.00',
    tuitionPlan({ type: 'per_day', perDayPaise: rs(10), capPaise: 0, graceDays: 0 }, JUN10, [10000]),
    [pay('2026-06-11', 10000)],
    [],
    '2026-12-31',
    [rs(10)],
    [0],
  ],
  [
    'a discount of 10,000 zeroes the last instalment: only the first two are fined',
    tuitionPlan({ type: 'fixed', amountPaise: rs(100), graceDays: 0 }, THREE, [10000, 10000, 10000]),
    [],
    [{ feeHeadId: TUITION, amountPaise: rs(10000) }],
    '2027-01-31',
    [rs(100), rs(100), 0],
    [rs(10000), rs(10000), 0],
  ],
  [
    'a discount of 12,000 zeroes the last and takes 2,000 from the second',
    tuitionPlan({ type: 'none' }, THREE, [10000, 10000, 10000]),
    [],
    [{ feeHeadId: TUITION, amountPaise: rs(12000) }],
    '2027-01-31',
    [0, 0, 0],
    [rs(10000), rs(8000), 0],
  ],
  [
    'an overpaid head: the excess 2,000 stays on the last instalment as credit',
    tuitionPlan({ type: 'fixed', amountPaise: rs(100), graceDays: 0 }, ['2026-06-10', '2026-07-10'], [5000, 5000]),
    [pay('2026-06-01', 12000)],
    [],
    '2026-12-31',
    [0, 0],
    [0, rs(-2000)],
  ],
  [
    'a voided receipt reopens the instalment: 10 days late as of 20-06, 100.00',
    tuitionPlan({ type: 'per_day', perDayPaise: rs(10), capPaise: 0, graceDays: 0 }, JUN10, [10000]),
    [],
    [],
    '2026-06-20',
    [rs(100)],
    [rs(10000)],
  ],
  [
    'an edited receipt date (20-06 to 10-07): 30 days, 300.00',
    tuitionPlan({ type: 'per_day', perDayPaise: rs(10), capPaise: 0, graceDays: 0 }, JUN10, [10000]),
    [pay('2026-07-10', 10000)],
    [],
    '2026-12-31',
    [rs(300)],
    [0],
  ],
];

describe('hand-computed cases', () => {
  it.each(cases)('%s', (_name, plan, payments, concessions, asOf, fines, outstanding) => {
    const d = dues(plan, payments, asOf, concessions);
    expect(d.instalments.map((i) => i.fine)).toEqual(fines);
    expect(d.instalments.map((i) => i.outstanding)).toEqual(outstanding);
  });

  it('a voided receipt: with it the instalment is clear, without it late, and a later receipt stops the count', () => {
    const plan = tuitionPlan({ type: 'per_day', perDayPaise: rs(10), capPaise: 0, graceDays: 0 }, JUN10, [10000]);
    const early = pay('2026-06-05', 10000);
    expect(dues(plan, [early], '2026-06-20').fine.accrued).toBe(0);
    expect(dues(plan, [], '2026-06-20').fine.accrued).toBe(rs(100));
    expect(dues(plan, [pay('2026-06-25', 10000)], '2026-07-31').fine.accrued).toBe(rs(150));
  });

  it('an edited receipt date moves the fine both ways', () => {
    const plan = tuitionPlan({ type: 'per_day', perDayPaise: rs(10), capPaise: 0, graceDays: 0 }, JUN10, [10000]);
    expect(dues(plan, [pay('2026-06-20', 10000)], '2026-12-31').fine.accrued).toBe(rs(100));
    expect(dues(plan, [pay('2026-06-08', 10000)], '2026-12-31').fine.accrued).toBe(0);
  });

  it('receipts fill the instalments in order: 3,000 and 4,000 against two of 5,000 leave 3,000 on the second', () => {
    const plan = tuitionPlan({ type: 'none' }, ['2026-06-10', '2026-07-10'], [5000, 5000]);
    const d = dues(plan, [pay('2026-06-01', 3000, TUITION, 7), pay('2026-06-01', 4000, TUITION, 5)], '2026-07-31');
    expect(d.cells.map((c) => c.heads[0]!.paidPaise)).toEqual([rs(5000), rs(2000)]);
    expect(d.instalments.map((i) => i.outstanding)).toEqual([0, rs(3000)]);
  });

  it('two heads, an instalment with its own rule, Late fee paid and a waiver', () => {
    const plan: Plan = {
      fineRule: { type: 'fixed', amountPaise: rs(250), graceDays: 10 },
      instalments: [
        {
          id: 'a',
          name: 'Term 1',
          dueDate: '2026-06-10',
          fineRule: null,
          amounts: [
            { feeHeadId: TUITION, amountPaise: rs(6000) },
            { feeHeadId: EXAM, amountPaise: rs(1000) },
          ],
        },
        {
          id: 'b',
          name: 'Term 2',
          dueDate: '2026-10-10',
          fineRule: { type: 'percent', percentBasisPoints: 150, graceDays: 0 },
          amounts: [
            { feeHeadId: TUITION, amountPaise: rs(4000) },
            { feeHeadId: EXAM, amountPaise: 0 },
          ],
        },
      ],
    };
    // Exam is paid; tuition 1,000 short in term 1 at L = 20-06; term 2 has 5,000 - 1,000 discount = 3,000 open.
    const payments = [pay('2026-06-15', 1000, EXAM), pay('2026-06-15', 5000, TUITION)];
    const settlements: FineSettlements = {
      lateFeePaid: [{ date: '2026-11-01', amountPaise: rs(100) }],
      waived: [{ date: '2026-11-02', amountPaise: rs(50) }],
    };
    const d = dues(plan, payments, '2026-11-30', [{ feeHeadId: TUITION, amountPaise: rs(1000) }], settlements);
    expect(d.instalments.map((i) => [i.concession, i.paid, i.outstanding, i.fine])).toEqual([
      [0, rs(6000), rs(1000), rs(250)],
      [rs(1000), 0, rs(3000), rs(45)],
    ]);
    expect(d.fine).toEqual({ accrued: rs(295), paid: rs(100), waived: rs(50), outstanding: rs(145) });
    expect(d.toCollect).toBe(rs(4145));
    expect(d.daysLate).toBe(163);
    const asOfOct = dues(plan, payments, '2026-10-31', [{ feeHeadId: TUITION, amountPaise: rs(1000) }], settlements);
    expect(asOfOct.fine).toEqual({ accrued: rs(295), paid: 0, waived: 0, outstanding: rs(295) });
  });

  it('an instalment past due with a zero amount is never late', () => {
    const plan = tuitionPlan({ type: 'fixed', amountPaise: rs(100), graceDays: 0 }, JUN10, [0]);
    expect(dues(plan, [], '2027-01-01').instalments[0]).toMatchObject({ outstanding: 0, daysLate: 0, fine: 0 });
  });
});

describe('generators', () => {
  const heads = [
    { feeHeadId: TUITION, amountPaise: rs(10001) },
    { feeHeadId: EXAM, amountPaise: rs(1500.5) },
  ];
  const amountsOf = (insts: Plan['instalments'], head: number) =>
    insts.map((i) => i.amounts.find((a) => a.feeHeadId === head)!.amountPaise);

  it('one instalment holds every head whole', () => {
    const [only] = oneInstalment(heads, '2026-06-10');
    expect(only).toMatchObject({ dueDate: '2026-06-10', amounts: heads });
  });

  it('N equal every M months: rupees rounded down, the remainder on the last', () => {
    const insts = equalInstalments(heads, { count: 3, everyMonths: 4, firstDueDate: '2026-06-10' });
    expect(insts.map((i) => i.dueDate)).toEqual(['2026-06-10', '2026-10-10', '2027-02-10']);
    expect(insts.map((i) => i.name)).toEqual(['Instalment 1', 'Instalment 2', 'Instalment 3']);
    expect(amountsOf(insts, TUITION)).toEqual([rs(3333), rs(3333), rs(3335)]);
    expect(amountsOf(insts, EXAM)).toEqual([rs(500), rs(500), rs(500.5)]);
    expect(planDifferences(heads, insts)).toEqual(heads.map((h) => ({ feeHeadId: h.feeHeadId, amountPaise: 0 })));
  });

  it('monthly instalments are named by month and keep to the month end', () => {
    const insts = equalInstalments(heads, { count: 3, everyMonths: 1, firstDueDate: '2027-01-31' });
    expect(insts.map((i) => [i.name, i.dueDate])).toEqual([
      ['January 2027', '2027-01-31'],
      ['February 2027', '2027-02-28'],
      ['March 2027', '2027-03-31'],
    ]);
  });

  it('a 40/30/30 split', () => {
    const insts = percentSplit(heads, { percents: [40, 30, 30], dueDates: ['2026-06-10', '2026-09-10', '2026-12-10'] });
    expect(amountsOf(insts, TUITION)).toEqual([rs(4000), rs(3000), rs(3001)]);
    expect(amountsOf(insts, EXAM)).toEqual([rs(600), rs(450), rs(450.5)]);
  });

  it('a batch without a plan: one instalment per distinct start date', () => {
    const insts = virtualPlanInstalments([
      { feeHeadId: TUITION, amountPaise: rs(100), startDate: '2026-06-01' },
      { feeHeadId: EXAM, amountPaise: rs(50), startDate: '2026-11-01' },
      { feeHeadId: 3, amountPaise: rs(20), startDate: '2026-06-01' },
    ]);
    expect(insts.map((i) => [i.id, i.dueDate, i.amounts.map((a) => a.feeHeadId)])).toEqual([
      ['v-2026-06-01', '2026-06-01', [TUITION, 3]],
      ['v-2026-11-01', '2026-11-01', [EXAM]],
    ]);
  });
});
