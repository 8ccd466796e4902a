import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duesAsOfCalculator, preparePlan } from './allocation';
import { addDays, dayNumber } from './dates';
import { type OptIn, optInKey, optionalFeePaise, studentInstalments } from './optional';
import type { Plan, PlanInstalment } from './types';

const TUITION = 1;
const TRANSPORT = 2;
const rs = (rupees: number) => rupees * 100;
const none = { lateFeePaid: [], waived: [] };

/** Tuition 30,000 and Transport 6,000 in three terms (June, September, December), a fine of 100 after 10 days. */
const plan: Plan = {
  fineRule: { type: 'fixed', amountPaise: rs(100), graceDays: 10 },
  instalments: ['2026-06-10', '2026-09-10', '2026-12-10'].map((dueDate, i) => ({
    id: String(i + 1),
    name: `Term ${i + 1}`,
    dueDate,
    fineRule: null,
    amounts: [
      { feeHeadId: TUITION, amountPaise: rs(10_000) },
      { feeHeadId: TRANSPORT, amountPaise: rs(2_000) },
    ],
  })),
};
const optional = new Set([TRANSPORT]);

function duesOf(optIns: OptIn[], asOf: string, paid: Array<[string, number, number]> = []) {
  const mine = { ...plan, instalments: studentInstalments(plan.instalments, optional, optIns) };
  const payments = paid.map(([date, feeHeadId, rupees], k) => ({
    day: dayNumber(date),
    receiptNumber: k + 1,
    feeHeadId,
    amountPaise: rs(rupees),
  }));
  return duesAsOfCalculator(preparePlan(mine), asOf, { detail: true })({ concessions: [], payments }, none);
}

describe('an optional head (worked example of docs/fee-plans.md)', () => {
  it('is not owed by a student who did not opt in: no amount, no fine', () => {
    const dues = duesOf([], '2026-10-01');
    expect(dues.instalments.map((i) => i.due)).toEqual([rs(10_000), rs(10_000)]);
    expect(dues.outstanding).toBe(rs(20_000));
    expect(dues.fine.accrued).toBe(rs(200));
    expect(dues.heads.map((h) => h.feeHeadId)).toEqual([TUITION]);
  });

  it('from mid-year: only the terms due from the opt-in on, fined like the rest', () => {
    const optIns = [{ feeHeadId: TRANSPORT, from: '2026-08-01', to: null }];
    expect(optionalFeePaise(plan.instalments, TRANSPORT, optIns)).toBe(rs(4_000));
    const dues = duesOf(optIns, '2026-10-01', [['2026-06-05', TUITION, 10_000]]);
    // Term 1: tuition paid on time, no transport; term 2: 10,000 + 2,000 open and 10+ days late.
    expect(dues.instalments.map((i) => [i.due, i.outstanding, i.fine])).toEqual([
      [rs(10_000), 0, 0],
      [rs(12_000), rs(12_000), rs(100)],
    ]);
    expect(dues.upcoming.map((i) => i.due)).toEqual([rs(12_000)]);
    expect(dues.heads.find((h) => h.feeHeadId === TRANSPORT)).toEqual({
      feeHeadId: TRANSPORT,
      outstanding: rs(2_000),
      balance: rs(4_000),
    });
  });

  it('until a date: the terms due after it are not owed', () => {
    const optIns = [{ feeHeadId: TRANSPORT, from: '2026-06-01', to: '2026-09-30' }];
    expect(optionalFeePaise(plan.instalments, TRANSPORT, optIns)).toBe(rs(4_000));
    expect(duesOf(optIns, '2027-01-01').instalments.map((i) => i.due)).toEqual([rs(12_000), rs(12_000), rs(10_000)]);
  });

  it('drops an instalment holding only optional heads the student does not owe', () => {
    const busOnly: PlanInstalment[] = [
      {
        id: 'b',
        name: 'Bus',
        dueDate: '2026-07-01',
        fineRule: null,
        amounts: [{ feeHeadId: TRANSPORT, amountPaise: 5 }],
      },
    ];
    expect(studentInstalments(busOnly, optional, [])).toEqual([]);
  });

  it('names equal opt-ins by the same key, whatever their order', () => {
    const a = { feeHeadId: 2, from: '2026-06-01', to: null };
    const b = { feeHeadId: 3, from: '2026-07-01', to: '2026-12-31' };
    expect(optInKey([a, b])).toBe(optInKey([b, a]));
    expect(optInKey([a])).not.toBe(optInKey([b]));
  });
});

describe('the optional head of docs/fee-plans.md, its figures as written', () => {
  // The same plan a year earlier: terms due 10-06-2025, 10-09-2025 and 10-12-2025; nothing paid.
  const plan2025: Plan = {
    ...plan,
    instalments: plan.instalments.map((i) => ({ ...i, dueDate: `2025${i.dueDate.slice(4)}` })),
  };
  const figures = (optIns: OptIn[], asOf: string) => {
    const mine = { ...plan2025, instalments: studentInstalments(plan2025.instalments, optional, optIns) };
    const dues = duesAsOfCalculator(preparePlan(mine), asOf, { detail: true })({ concessions: [], payments: [] }, none);
    return { mine, dues };
  };
  const fee = (instalments: PlanInstalment[]) =>
    instalments.reduce((s, i) => s + i.amounts.reduce((t, a) => t + a.amountPaise, 0), 0);

  it('Rahul takes no bus: 10,000 a term; as of 01-10-2025 outstanding 20,000, fines 200, to collect 20,200', () => {
    const { mine, dues } = figures([], '2025-10-01');
    expect(mine.instalments.map((i) => i.amounts.map((a) => a.feeHeadId))).toEqual([[TUITION], [TUITION], [TUITION]]);
    expect([dues.outstanding, dues.fine.accrued, dues.toCollect]).toEqual([rs(20_000), rs(200), rs(20_200)]);
    expect(fee(mine.instalments)).toBe(rs(30_000));
  });

  it('Devika from 01-08-2025: 10,000, 12,000, 12,000; outstanding 22,000, fines 200, Transport 4,000 (2,000 due)', () => {
    const optIns = [{ feeHeadId: TRANSPORT, from: '2025-08-01', to: null }];
    const { mine, dues } = figures(optIns, '2025-10-01');
    expect(mine.instalments.map((i) => fee([i]))).toEqual([rs(10_000), rs(12_000), rs(12_000)]);
    expect([dues.outstanding, dues.fine.accrued, dues.toCollect]).toEqual([rs(22_000), rs(200), rs(22_200)]);
    expect(dues.heads.find((h) => h.feeHeadId === TRANSPORT)).toEqual({
      feeHeadId: TRANSPORT,
      outstanding: rs(2_000),
      balance: rs(4_000),
    });
    expect(fee(mine.instalments)).toBe(rs(34_000));
    expect(rs(30_000) + optionalFeePaise(plan2025.instalments, TRANSPORT, optIns)).toBe(rs(34_000));
  });

  it('Devika until 30-11-2025: December’s Transport is not owed (10,000, 12,000, 10,000; fee 32,000)', () => {
    const optIns = [{ feeHeadId: TRANSPORT, from: '2025-08-01', to: '2025-11-30' }];
    const { mine } = figures(optIns, '2026-01-01');
    expect(mine.instalments.map((i) => fee([i]))).toEqual([rs(10_000), rs(12_000), rs(10_000)]);
    expect(fee(mine.instalments)).toBe(rs(32_000));
  });
});

describe('optional heads (properties)', () => {
  const dateArb = fc.integer({ min: 0, max: 400 }).map((d) => addDays('2026-04-01', d));
  const optInArb = fc
    .tuple(fc.constantFrom(1, 2, 3), dateArb, fc.option(dateArb, { nil: null }))
    .map(([feeHeadId, a, b]) => ({ feeHeadId, from: b !== null && b < a ? b : a, to: b !== null && b < a ? a : b }));
  const instArb = fc.array(
    fc.record({ dueDate: dateArb, amounts: fc.tuple(fc.nat(10_000), fc.nat(10_000), fc.nat(10_000)) }),
    { minLength: 1, maxLength: 6 },
  );

  it('a student owes the compulsory heads whole and each optional head only within the opt-ins', () => {
    fc.assert(
      fc.property(instArb, fc.subarray([1, 2, 3]), fc.array(optInArb, { maxLength: 4 }), (raw, opt, optIns) => {
        const instalments = raw.map((r, i) => ({
          id: String(i),
          name: `I${i}`,
          dueDate: r.dueDate,
          fineRule: null,
          amounts: r.amounts.map((amountPaise, j) => ({ feeHeadId: j + 1, amountPaise })),
        }));
        const optionalIds = new Set(opt);
        const mine = studentInstalments(instalments, optionalIds, optIns);
        for (const head of [1, 2, 3]) {
          const owed = mine.flatMap((i) => i.amounts.filter((a) => a.feeHeadId === head));
          const total = owed.reduce((s, a) => s + a.amountPaise, 0);
          const whole = instalments.reduce((s, i) => s + i.amounts[head - 1]!.amountPaise, 0);
          expect(total).toBe(optionalIds.has(head) ? optionalFeePaise(instalments, head, optIns) : whole);
        }
      }),
    );
  });
});
