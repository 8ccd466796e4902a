import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duesAsOfCalculator, type FineSettlements, preparePlan } from './allocation';
import { addDays, dayNumber } from './dates';
import { allocateStudent, clearedOn, instalmentDuesAsOf, studentDuesAsOf } from './test/oracle';
import type { Concession, FineRule, Payment, Plan } from './types';

/** The payments as the calculator takes them: dates as day numbers. */
const withDays = (payments: readonly Payment[]) =>
  payments.map(({ receiptDate, ...p }) => ({ ...p, day: dayNumber(receiptDate) }));

const START = '2026-04-01';
const dateArb = fc.integer({ min: 0, max: 500 }).map((d) => addDays(START, d));

const ruleArb: fc.Arbitrary<FineRule> = fc.oneof(
  fc.constant<FineRule>({ type: 'none' }),
  fc.record({
    type: fc.constant('fixed' as const),
    amountPaise: fc.integer({ min: 0, max: 100_000 }),
    graceDays: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({
    type: fc.constant('per_day' as const),
    perDayPaise: fc.integer({ min: 0, max: 10_000 }),
    capPaise: fc.integer({ min: 0, max: 500_000 }),
    graceDays: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({
    type: fc.constant('percent' as const),
    percentBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    graceDays: fc.integer({ min: 0, max: 30 }),
  }),
);

const HEADS = [1, 2, 3];

const planArb: fc.Arbitrary<Plan> = fc
  .record({
    fineRule: ruleArb,
    instalments: fc.array(
      fc.record({
        dueDate: dateArb,
        fineRule: fc.option(ruleArb, { nil: null }),
        amounts: fc.tuple(...HEADS.map(() => fc.integer({ min: 0, max: 5_000_000 }))),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map((p) => ({
    fineRule: p.fineRule,
    instalments: p.instalments.map((inst, i) => ({
      id: String(i),
      name: `I${i}`,
      dueDate: inst.dueDate,
      fineRule: inst.fineRule,
      amounts: HEADS.map((feeHeadId, j) => ({ feeHeadId, amountPaise: inst.amounts[j]! })),
    })),
  }));

/** Receipts as issued, then some edited to another date and some voided: the live lines that remain. */
const paymentsArb: fc.Arbitrary<Payment[]> = fc
  .array(
    fc.record({
      date: dateArb,
      lines: fc.array(
        fc.record({ feeHeadId: fc.constantFrom(...HEADS, 99), amountPaise: fc.integer({ min: 1, max: 3_000_000 }) }),
        { minLength: 1, maxLength: 3 },
      ),
      editedTo: fc.option(dateArb, { nil: null }),
      voided: fc.boolean(),
    }),
    { maxLength: 10 },
  )
  .map((receipts) =>
    receipts.flatMap((r, number) =>
      r.voided ? [] : r.lines.map((l) => ({ receiptDate: r.editedTo ?? r.date, receiptNumber: number + 1, ...l })),
    ),
  );

const concessionsArb: fc.Arbitrary<Concession[]> = fc.array(
  fc.record({ feeHeadId: fc.constantFrom(...HEADS), amountPaise: fc.integer({ min: 0, max: 8_000_000 }) }),
  { maxLength: 3 },
);

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const NONE: FineSettlements = { lateFeePaid: [], waived: [] };

/** The product's computation, with every instalment (due and upcoming) and the allocation's cells. */
function dues(
  plan: Plan,
  student: { concessions: Concession[]; payments: Payment[] },
  asOf: string,
  settlements = NONE,
) {
  return duesAsOfCalculator(preparePlan(plan), asOf, { detail: true })(
    { concessions: student.concessions, payments: withDays(student.payments) },
    settlements,
  );
}

const allInstalments = (d: ReturnType<typeof dues>) => [...d.instalments, ...d.upcoming];

describe('allocation properties', () => {
  it('per head, the instalments add up to fee - discount - paid, and the whole plan to the balance', () => {
    fc.assert(
      fc.property(planArb, paymentsArb, concessionsArb, (plan, payments, concessions) => {
        const d = dues(plan, { concessions, payments }, '2099-12-31');
        let balance = 0;
        for (const h of HEADS) {
          const fee = sum(plan.instalments.map((i) => i.amounts.find((a) => a.feeHeadId === h)!.amountPaise));
          const discount = sum(concessions.filter((c) => c.feeHeadId === h).map((c) => c.amountPaise));
          const paid = sum(payments.filter((p) => p.feeHeadId === h).map((p) => p.amountPaise));
          const cells = d.cells.map((i) => i.heads.find((x) => x.feeHeadId === h)!);
          expect(sum(cells.map((x) => x.amountPaise - x.concessionPaise - x.paidPaise))).toBe(fee - discount - paid);
          expect(d.heads.find((x) => x.feeHeadId === h)!.balance).toBe(fee - discount - paid);
          balance += fee - discount - paid;
        }
        expect(d.outstanding).toBe(balance);
      }),
    );
  });

  it('fines never decrease as the date grows', () => {
    fc.assert(
      fc.property(planArb, paymentsArb, concessionsArb, dateArb, dateArb, (plan, payments, concessions, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const before = allInstalments(dues(plan, { concessions, payments }, early));
        const after = allInstalments(dues(plan, { concessions, payments }, late));
        for (const [i, inst] of before.entries()) expect(inst.fine).toBeLessThanOrEqual(after[i]!.fine);
      }),
    );
  });

  it('a per-day fine stops growing on the date of the clearing receipt', () => {
    fc.assert(
      fc.property(
        planArb,
        paymentsArb,
        concessionsArb,
        fc.integer({ min: 0, max: 400 }),
        (plan, payments, concessions, after) => {
          for (const [i, inst] of allocateStudent(plan, { concessions, payments }).entries()) {
            const cleared = clearedOn(inst);
            if (inst.fineRule.type !== 'per_day' || cleared === null) continue;
            const fineOn = (date: string) => allInstalments(dues(plan, { concessions, payments }, date))[i]!.fine;
            expect(fineOn(addDays(cleared, after))).toBe(fineOn(cleared));
          }
        },
      ),
    );
  });

  it('computing twice gives the same answer and leaves the inputs as they were', () => {
    fc.assert(
      fc.property(planArb, paymentsArb, concessionsArb, dateArb, (plan, payments, concessions, asOf) => {
        const before = JSON.stringify({ plan, payments, concessions });
        const settlements = { lateFeePaid: [{ date: START, amountPaise: 100 }], waived: [] };
        const duesOf = duesAsOfCalculator(preparePlan(plan), asOf, { detail: true });
        const student = { concessions, payments: withDays(payments) };
        const first = duesOf(student, settlements);
        expect(duesOf(student, settlements)).toEqual(first);
        expect(JSON.stringify({ plan, payments, concessions })).toBe(before);
      }),
    );
  });

  it('payments given in receipt order or shuffled allocate alike', () => {
    fc.assert(
      fc.property(planArb, paymentsArb, concessionsArb, dateArb, (plan, payments, concessions, asOf) => {
        const ordered = [...payments].sort((a, b) =>
          a.receiptDate < b.receiptDate ? -1 : a.receiptDate > b.receiptDate ? 1 : a.receiptNumber - b.receiptNumber,
        );
        expect(dues(plan, { concessions, payments: ordered }, asOf)).toEqual(
          dues(plan, { concessions, payments: [...ordered].reverse() }, asOf),
        );
      }),
    );
  });

  it('the calculator, over many students, equals the plain computation for each', () => {
    const settlementsArb = fc.record({
      lateFeePaid: fc.array(fc.record({ date: dateArb, amountPaise: fc.integer({ min: 1, max: 50_000 }) }), {
        maxLength: 2,
      }),
      waived: fc.array(fc.record({ date: dateArb, amountPaise: fc.integer({ min: 1, max: 50_000 }) }), {
        maxLength: 1,
      }),
    });
    // Lines of zero, or below zero, too: the calculator sums a receipt's parts per instalment as the allocation does.
    const linesArb = paymentsArb.chain((payments) =>
      fc
        .tuple(...payments.map(() => fc.integer({ min: -3, max: 20 })))
        .map((signs) =>
          payments.map((p, k) =>
            signs[k]! < 0 ? { ...p, amountPaise: -p.amountPaise } : signs[k] === 0 ? { ...p, amountPaise: 0 } : p,
          ),
        ),
    );
    const studentArb = fc.record({ payments: linesArb, concessions: concessionsArb, settlements: settlementsArb });
    fc.assert(
      fc.property(planArb, fc.array(studentArb, { minLength: 1, maxLength: 4 }), dateArb, (plan, students, asOf) => {
        const duesOf = duesAsOfCalculator(preparePlan(plan), asOf, { detail: true });
        const lean = duesAsOfCalculator(preparePlan(plan), asOf);
        for (const s of students) {
          const student = { concessions: s.concessions, payments: withDays(s.payments) };
          const { upcoming, heads, cells, ...figures } = duesOf(student, s.settlements);
          const plain = allocateStudent(plan, s);
          expect(figures).toEqual(studentDuesAsOf(plain, asOf, s.settlements));
          expect(lean(student, s.settlements)).toEqual(figures);
          expect(upcoming).toEqual(plain.filter((i) => i.dueDate > asOf).map((i) => instalmentDuesAsOf(i, asOf)));
          expect(cells).toEqual(plain.map((i) => ({ instalmentId: i.id, heads: i.heads })));
        }
      }),
    );
  });

  it('for lines above zero (as receipts hold them) the receipt numbers change nothing once the lines are in date order', () => {
    fc.assert(
      fc.property(planArb, paymentsArb, concessionsArb, dateArb, (plan, payments, concessions, asOf) => {
        const byDate = [...payments]
          .sort((a, b) => (a.receiptDate < b.receiptDate ? -1 : a.receiptDate > b.receiptDate ? 1 : 0))
          .map((p) => ({ ...p, receiptNumber: 0 }));
        expect(dues(plan, { concessions, payments: byDate }, asOf)).toEqual(
          dues(plan, { concessions, payments }, asOf),
        );
      }),
    );
  });

  it('lines dated after the date change none of the dues as of it', () => {
    fc.assert(
      fc.property(planArb, paymentsArb, concessionsArb, dateArb, (plan, payments, concessions, asOf) => {
        const duesOf = duesAsOfCalculator(preparePlan(plan), asOf);
        const until = payments.filter((p) => p.receiptDate <= asOf);
        expect(duesOf({ concessions, payments: withDays(until) }, NONE)).toEqual(
          duesOf({ concessions, payments: withDays(payments) }, NONE),
        );
      }),
    );
  });
});
