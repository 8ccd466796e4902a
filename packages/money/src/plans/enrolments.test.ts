import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DetailedDues,
  duesAsOfCalculator,
  type FineSettlements,
  type InstalmentDues,
  preparePlan,
} from './allocation';
import { addDays, dayNumber } from './dates';
import { enrolmentOfInstalment, type PastEnrolment, studentPlan } from './enrolments';
import type { Concession, FineRule, Payment, Plan } from './types';

const TUITION = 1;
const rs = (rupees: number) => Math.round(rupees * 100);
const none: FineSettlements = { lateFeePaid: [], waived: [] };

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

const withDays = (payments: readonly Payment[]) =>
  payments.map(({ receiptDate, ...p }) => ({ ...p, day: dayNumber(receiptDate) }));

function dues(plan: Plan, payments: Payment[], asOf: string, concessions: Concession[] = []): DetailedDues {
  return duesAsOfCalculator(preparePlan(plan), asOf, { detail: true })(
    { concessions, payments: withDays(payments) },
    none,
  );
}

const pay = (receiptDate: string, rupees: number, receiptNumber: number): Payment => ({
  receiptDate,
  receiptNumber,
  feeHeadId: TUITION,
  amountPaise: rs(rupees),
});

/** 2025-26: 20,000 in two terms, a fixed fine of 200 after 5 days; 2026-27: 22,000 in two terms, no fine. */
const YEAR_2025 = tuitionPlan(
  { type: 'fixed', amountPaise: rs(200), graceDays: 5 },
  ['2025-06-10', '2025-11-10'],
  [10000, 10000],
);
const YEAR_2026 = tuitionPlan({ type: 'none' }, ['2026-06-10', '2026-11-10'], [11000, 11000]);
const promotedOutOf2025: PastEnrolment = { enrolmentId: 7, batchName: '2025-26', plan: YEAR_2025 };

describe('the promoted student of docs/fee-plans.md', () => {
  // Paid 10,000 on 05-06-2025 and 15,000 on 08-06-2026; promoted into 2026-27 on 01-06-2026.
  const plan = studentPlan({ current: YEAR_2026, leftOn: null, past: [promotedOutOf2025] });
  const payments = [pay('2025-06-05', 10000, 1), pay('2026-06-08', 15000, 2)];
  const d = dues(plan, payments, '2026-07-01');

  it('last year’s instalments come first, named with their batch and keeping their own fine rule', () => {
    expect(d.instalments.map((i) => [i.id, i.name, i.paid, i.outstanding, i.fine])).toEqual([
      ['e7:1', '2025-26 · Term 1', rs(10000), 0, 0],
      // Unpaid at the end of 15-11-2025: the fixed fine of its own plan, although this year's plan has none.
      ['e7:2', '2025-26 · Term 2', rs(10000), 0, rs(200)],
      ['1', 'Term 1', rs(5000), rs(6000), 0],
    ]);
  });

  it('the payment of 08-06-2026 settles last year’s 10,000 first; 6,000 and the fine of 200 are left to collect', () => {
    expect(d.outstanding).toBe(rs(6000));
    expect(d.fine.outstanding).toBe(rs(200));
    expect(d.toCollect).toBe(rs(6200));
    expect(d.upcoming.map((i) => [i.name, i.due])).toEqual([['Term 2', rs(11000)]]);
  });

  it('over the whole plan: fee 42,000 - paid 25,000 = 17,000, all of it on this year’s enrolment', () => {
    expect(d.heads).toEqual([expect.objectContaining({ feeHeadId: TUITION, balance: rs(17000) })]);
    const owedOn = (enrolment: number | null) =>
      [...d.instalments, ...d.upcoming]
        .filter((i) => enrolmentOfInstalment(i.id) === enrolment)
        .reduce((s, i) => s + i.due - i.concession - i.paid, 0);
    expect(owedOn(7)).toBe(0);
    expect(owedOn(null)).toBe(rs(17000));
  });
});

describe('the promoted student of docs/fee-plans.md, last year still unpaid', () => {
  // Paid 10,000 on 05-06-2025 and only 5,000 on 08-06-2026.
  const plan = studentPlan({ current: YEAR_2026, leftOn: null, past: [promotedOutOf2025] });
  const d = dues(plan, [pay('2025-06-05', 10000, 1), pay('2026-06-08', 5000, 2)], '2026-07-01');

  it('owes last year’s Term 2 with its own due date and fine beside this year’s Term 1', () => {
    expect(d.instalments.map((i) => [i.name, i.dueDate, i.due, i.paid, i.outstanding, i.fine])).toEqual([
      ['2025-26 · Term 1', '2025-06-10', rs(10000), rs(10000), 0, 0],
      ['2025-26 · Term 2', '2025-11-10', rs(10000), rs(5000), rs(5000), rs(200)],
      ['Term 1', '2026-06-10', rs(11000), 0, rs(11000), 0],
    ]);
    expect([d.outstanding, d.fine.outstanding, d.toCollect]).toEqual([rs(16000), rs(200), rs(16200)]);
    expect(d.upcoming.map((i) => [i.name, i.due])).toEqual([['Term 2', rs(11000)]]);
  });

  it('over the whole plan 42,000 - 15,000 = 27,000: 5,000 on 2025-26 and 22,000 on 2026-27', () => {
    expect(d.heads[0]!.balance).toBe(rs(27000));
    const owedOn = (enrolment: number | null) =>
      [...d.instalments, ...d.upcoming]
        .filter((i) => enrolmentOfInstalment(i.id) === enrolment)
        .reduce((s, i) => s + i.due - i.concession - i.paid, 0);
    expect([owedOn(7), owedOn(null)]).toEqual([rs(5000), rs(22000)]);
  });
});

describe('the leaver of docs/fee-plans.md', () => {
  // In 2026-27, paid 5,000 on 08-06-2026, a discount of 1,000, left on 31-08-2026.
  const plan = studentPlan({ current: YEAR_2026, leftOn: '2026-08-31', past: [] });
  const d = dues(plan, [pay('2026-06-08', 5000, 1)], '2026-12-31', [{ feeHeadId: TUITION, amountPaise: rs(1000) }]);

  it('owes term 1 (due before leaving) less the discount and the payment, and never term 2', () => {
    expect(d.instalments.map((i) => [i.name, i.due, i.concession, i.paid, i.outstanding])).toEqual([
      ['Term 1', rs(11000), rs(1000), rs(5000), rs(5000)],
    ]);
    expect(d.upcoming).toEqual([]);
    expect(d.heads[0]!.balance).toBe(rs(5000));
  });

  it('an instalment due on the leaving day itself is owed', () => {
    const onTheDay = studentPlan({ current: YEAR_2026, leftOn: '2026-11-10', past: [] });
    expect(onTheDay.instalments.map((i) => i.name)).toEqual(['Term 1', 'Term 2']);
  });
});

describe('the leaver with fines of docs/fee-plans.md', () => {
  // 2025-26: 30,000 in three terms due 20-06-2025, 10-10-2025 and 10-01-2026, a fixed fine of 200 after 5 days;
  // paid 4,000 on 15-06-2025, left on 30-11-2025.
  const YEAR = tuitionPlan(
    { type: 'fixed', amountPaise: rs(200), graceDays: 5 },
    ['2025-06-20', '2025-10-10', '2026-01-10'],
    [10000, 10000, 10000],
  );
  const plan = studentPlan({ current: YEAR, leftOn: '2025-11-30', past: [] });
  const d = dues(plan, [pay('2025-06-15', 4000, 1)], '2026-11-27');

  it('terms 1 and 2 stay owed with their fines of 200 each; term 3, due after the leaving, is not owed', () => {
    expect(d.instalments.map((i) => [i.name, i.due, i.paid, i.outstanding, i.fine])).toEqual([
      ['Term 1', rs(10000), rs(4000), rs(6000), rs(200)],
      ['Term 2', rs(10000), 0, rs(10000), rs(200)],
    ]);
    expect(d.upcoming).toEqual([]);
    expect([d.outstanding, d.fine.outstanding, d.toCollect]).toEqual([rs(16000), rs(400), rs(16400)]);
    // Fee 20,000 (what fell due) - paid 4,000 = 16,000.
    expect(d.heads[0]!.balance).toBe(rs(16000));
  });
});

const START = '2024-04-01';
const dateArb = fc.integer({ min: 0, max: 900 }).map((d) => addDays(START, d));
const HEADS = [1, 2];
const ruleArb: fc.Arbitrary<FineRule> = fc.oneof(
  fc.constant<FineRule>({ type: 'none' }),
  fc.record({
    type: fc.constant('fixed' as const),
    amountPaise: fc.integer({ min: 0, max: 50_000 }),
    graceDays: fc.integer({ min: 0, max: 30 }),
  }),
);
const planArb: fc.Arbitrary<Plan> = fc
  .record({
    fineRule: ruleArb,
    instalments: fc.array(
      fc.record({ dueDate: dateArb, amounts: fc.tuple(...HEADS.map(() => fc.integer({ min: 0, max: 3_000_000 }))) }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map((p) => ({
    fineRule: p.fineRule,
    instalments: p.instalments.map((inst, i) => ({
      id: String(i),
      name: `I${i}`,
      dueDate: inst.dueDate,
      fineRule: null,
      amounts: HEADS.map((feeHeadId, j) => ({ feeHeadId, amountPaise: inst.amounts[j]! })),
    })),
  }));

const sumOf = (plan: Plan) =>
  plan.instalments.reduce((s, inst) => s + inst.amounts.reduce((t, a) => t + a.amountPaise, 0), 0);

describe('a student’s dues over random promotions, leaving dates, concessions and receipts', () => {
  it('per enrolment and in total: fee - discount - paid = owed; each enrolment is charged its own plan', () => {
    fc.assert(
      fc.property(
        fc.array(planArb, { minLength: 0, maxLength: 3 }),
        planArb,
        fc.option(dateArb, { nil: null }),
        fc.array(
          fc.record({ date: dateArb, head: fc.constantFrom(...HEADS), amount: fc.integer({ min: 1, max: 4_000_000 }) }),
          { maxLength: 8 },
        ),
        fc.array(fc.record({ head: fc.constantFrom(...HEADS), amount: fc.integer({ min: 0, max: 2_000_000 }) }), {
          maxLength: 2,
        }),
        dateArb,
        (pastPlans, current, leftOn, receipts, discounts, asOf) => {
          const past = pastPlans.map((plan, k) => ({ enrolmentId: k + 1, batchName: `Y${k}`, plan }));
          const plan = studentPlan({ current, leftOn, past });
          const concessions = [...new Map(discounts.map((c) => [c.head, c.amount])).entries()].map(
            ([feeHeadId, amountPaise]) => ({ feeHeadId, amountPaise }),
          );
          const payments = receipts.map((r, n) => ({
            receiptDate: r.date,
            receiptNumber: n + 1,
            feeHeadId: r.head,
            amountPaise: r.amount,
          }));
          const d = dues(plan, payments, asOf, concessions);
          const all = [...d.instalments, ...d.upcoming];
          const owed = (list: typeof all) => list.reduce((s, i) => s + i.due - i.concession - i.paid, 0);
          const outstanding = (list: typeof all) => list.reduce((s, i) => s + i.outstanding, 0);
          const ofEnrolment = (e: number | null) => all.filter((i) => enrolmentOfInstalment(i.id) === e);
          for (const p of past) {
            expect(ofEnrolment(p.enrolmentId).reduce((s, i) => s + i.due, 0)).toBe(sumOf(p.plan));
            expect(outstanding(ofEnrolment(p.enrolmentId))).toBe(owed(ofEnrolment(p.enrolmentId)));
          }
          const owedNow = current.instalments.filter((i) => leftOn === null || i.dueDate <= leftOn);
          expect(ofEnrolment(null).reduce((s, i) => s + i.due, 0)).toBe(sumOf({ ...current, instalments: owedNow }));
          const fee = sumOf(plan);
          const heads = new Set(plan.instalments.flatMap((i) => i.amounts.map((a) => a.feeHeadId)));
          const given = concessions.filter((c) => heads.has(c.feeHeadId)).reduce((s, c) => s + c.amountPaise, 0);
          // The figures are as of the date: receipts dated after it are not paid yet.
          const paid = payments
            .filter((p) => heads.has(p.feeHeadId) && p.receiptDate <= asOf)
            .reduce((s, p) => s + p.amountPaise, 0);
          const total = fee - given - paid;
          expect(owed(all)).toBe(total);
          expect(outstanding(all)).toBe(total);
          // A head's balance is over the whole plan, every receipt counted.
          const paidEver = payments.filter((p) => heads.has(p.feeHeadId)).reduce((s, p) => s + p.amountPaise, 0);
          expect(d.heads.reduce((s, h) => s + h.balance, 0)).toBe(fee - given - paidEver);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('a promoted student and an optional head', () => {
  const TRANSPORT = 2;
  // Transport (optional) 3,000 a term in both years; opted in from 01-08-2025 until 31-12-2026.
  const withTransport = (plan: Plan): Plan => ({
    ...plan,
    instalments: plan.instalments.map((inst) => ({
      ...inst,
      amounts: [...inst.amounts, { feeHeadId: TRANSPORT, amountPaise: rs(3000) }],
    })),
  });
  const optional = new Set([TRANSPORT]);
  const plan = studentPlan({
    current: withTransport(YEAR_2026),
    currentOptional: optional,
    optIns: [{ feeHeadId: TRANSPORT, from: '2025-08-01', to: '2026-07-31' }],
    leftOn: null,
    past: [{ ...promotedOutOf2025, plan: withTransport(YEAR_2025), optionalHeadIds: optional }],
  });

  it('each year owes the optional head only in the terms due while opted in', () => {
    expect(plan.instalments.map((i) => [i.id, i.amounts.map((a) => [a.feeHeadId, a.amountPaise])])).toEqual([
      ['e7:1', [[TUITION, rs(10000)]]],
      [
        'e7:2',
        [
          [TUITION, rs(10000)],
          [TRANSPORT, rs(3000)],
        ],
      ],
      [
        '1',
        [
          [TUITION, rs(11000)],
          [TRANSPORT, rs(3000)],
        ],
      ],
      ['2', [[TUITION, rs(11000)]]],
    ]);
  });

  it('over the whole plan: tuition 42,000 and transport 6,000 owed', () => {
    const d = dues(plan, [], '2027-01-01');
    expect(d.heads.map((x) => [x.feeHeadId, x.balance])).toEqual([
      [TUITION, rs(42000)],
      [TRANSPORT, rs(6000)],
    ]);
  });
});

describe('leaving on a date, over random plans and receipts', () => {
  it('never changes what was due on or before the date (due, still owed, fine); nothing due after it is owed', () => {
    fc.assert(
      fc.property(
        planArb,
        dateArb,
        fc.array(
          fc.record({ date: dateArb, head: fc.constantFrom(...HEADS), amount: fc.integer({ min: 1, max: 4_000_000 }) }),
          { maxLength: 8 },
        ),
        dateArb,
        (current, leftOn, receipts, asOf) => {
          const payments = receipts.map((r, n) => ({
            receiptDate: r.date,
            receiptNumber: n + 1,
            feeHeadId: r.head,
            amountPaise: r.amount,
          }));
          const stayed = dues(studentPlan({ current, leftOn: null, past: [] }), payments, asOf);
          const left = dues(studentPlan({ current, leftOn, past: [] }), payments, asOf);
          const byLeaving = (list: readonly InstalmentDues[]) => list.filter((i) => i.dueDate <= leftOn);
          const leftList = [...left.instalments, ...left.upcoming];
          const stayedList = byLeaving([...stayed.instalments, ...stayed.upcoming]);
          expect(leftList.map((i) => [i.id, i.due])).toEqual(stayedList.map((i) => [i.id, i.due]));
          // A payment beyond a head's total stays on its last instalment as credit, and a leaver's last one is
          // earlier: where no head is paid beyond what the leaver owes on it, nothing owed or fined moves.
          const owedOn = (head: number) =>
            current.instalments
              .filter((i) => i.dueDate <= leftOn)
              .reduce(
                (s, i) => s + i.amounts.filter((a) => a.feeHeadId === head).reduce((t, a) => t + a.amountPaise, 0),
                0,
              );
          const paidOn = (head: number) =>
            payments
              .filter((p) => p.feeHeadId === head && p.receiptDate <= asOf)
              .reduce((s, p) => s + p.amountPaise, 0);
          if (HEADS.every((head) => paidOn(head) <= owedOn(head))) {
            const figures = (i: InstalmentDues) => [i.id, i.outstanding, i.fine];
            expect(leftList.map(figures)).toEqual(stayedList.map(figures));
          }
          expect([...left.instalments, ...left.upcoming].every((i) => i.dueDate <= leftOn)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
