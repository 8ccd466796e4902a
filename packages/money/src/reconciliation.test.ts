import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './plans/dates';
import {
  allocateCredit,
  type CreditOutcome,
  matchStatement,
  type ReceiptPartCandidate,
  type StatementCredit,
  statementTotals,
} from './reconciliation';

const credit = (
  key: number,
  date: string,
  amountPaise: number,
  narration: string,
  reference = '',
): StatementCredit => ({
  key,
  date,
  narration,
  reference,
  amountPaise,
});

const part = (
  receiptId: number,
  date: string,
  mode: string,
  amountPaise: number,
  ref: string,
): ReceiptPartCandidate => ({
  receiptId,
  partNo: 1,
  date,
  mode,
  reference: mode === 'cheque' || mode === 'dd' ? null : ref,
  instrumentNo: mode === 'cheque' || mode === 'dd' ? ref : null,
  amountPaise,
});

describe('matchStatement: worked examples', () => {
  const students = [
    { studentId: 1, admissionNo: 'UG-001' },
    { studentId: 2, admissionNo: 'UG-002' },
    { studentId: 3, admissionNo: '12' },
  ];

  it('matches a cheque by its number (leading zeros aside) and amount, a UPI credit by its UTR', () => {
    const outcomes = matchStatement({
      credits: [
        credit(1, '2026-06-12', 5_000_00, 'CLG CHQ 4411 SBI THRISSUR'),
        credit(2, '2026-06-12', 2_500_00, 'UPI/612345678901/ANJALI/okaxis', '612345678901'),
        credit(3, '2026-06-13', 1_000_00, 'NEFT-SBIN0001234-RAHUL NAIR-N123456789012'),
      ],
      parts: [
        part(10, '2026-06-05', 'cheque', 5_000_00, '004411'),
        part(11, '2026-06-12', 'upi', 2_500_00, '6123 4567 8901'),
        part(12, '2026-06-13', 'bank_transfer', 1_000_00, 'N123456789012'),
      ],
      students,
      openDues: [],
    });
    expect(outcomes).toEqual([
      { key: 1, state: 'matched', receiptId: 10, partNo: 1, rule: 'instrument' },
      { key: 2, state: 'matched', receiptId: 11, partNo: 1, rule: 'reference' },
      { key: 3, state: 'matched', receiptId: 12, partNo: 1, rule: 'reference' },
    ]);
  });

  it('never matches another amount, a receipt far from the credit, or the same receipt twice', () => {
    const outcomes = matchStatement({
      credits: [
        credit(1, '2026-06-12', 2_500_01, 'UPI 612345678901', '612345678901'),
        credit(2, '2026-09-12', 2_500_00, 'UPI 612345678901', '612345678901'),
        credit(3, '2026-06-12', 2_500_00, 'UPI 612345678901', '612345678901'),
        credit(4, '2026-06-12', 2_500_00, 'UPI 612345678901', '612345678901'),
      ],
      parts: [part(11, '2026-06-12', 'upi', 2_500_00, '612345678901')],
      students,
      openDues: [],
    });
    expect(outcomes.map((o) => o.state)).toEqual(['unmatched', 'unmatched', 'matched', 'unmatched']);
  });

  it('proposes the one student whose admission number the narration names, else the one whose dues are the amount', () => {
    const outcomes = matchStatement({
      credits: [
        credit(1, '2026-06-12', 7_000_00, 'UPI/600000000001/FEE UG-002/okicici'),
        credit(2, '2026-06-12', 7_000_00, 'UPI/600000000002/FEES UG-001 UG-002'),
        credit(3, '2026-06-12', 3_300_00, 'IMPS 600000000003 FROM A PARENT'),
        credit(4, '2026-06-12', 4_400_00, 'IMPS 600000000004 UG-0012'),
        credit(5, '2026-06-12', 1_200_00, 'IMPS 600000000005 12 MONTHS'),
      ],
      parts: [],
      students,
      openDues: [
        { studentId: 1, amountPaise: 3_300_00 },
        { studentId: 2, amountPaise: 4_400_00 },
        { studentId: 3, amountPaise: 4_400_00 },
      ],
    });
    expect(outcomes).toEqual<CreditOutcome[]>([
      { key: 1, state: 'unmatched', proposal: { studentId: 2, rule: 'admission_no' } },
      { key: 2, state: 'unmatched', proposal: null },
      { key: 3, state: 'unmatched', proposal: { studentId: 1, rule: 'dues_amount' } },
      { key: 4, state: 'unmatched', proposal: null },
      { key: 5, state: 'unmatched', proposal: null },
    ]);
  });
});

describe('matchStatement: gateway settlements', () => {
  const settlement = (id: string, settledOn: string, netPaise: number, utr = `UTR${id}0000`) => ({
    settlementId: id,
    utr,
    settledOn,
    netPaise,
  });

  it("matches a credit of a settlement's net by its UTR, or within a day of it, never before it", () => {
    const outcomes = matchStatement({
      credits: [
        credit(1, '2026-06-15', 13_669_60, 'NEFT RAZORPAY SOFTWARE UTRA0000'),
        credit(2, '2026-06-13', 9_800_00, 'NEFT RAZORPAY SOFTWARE'),
        credit(3, '2026-06-11', 4_900_00, 'NEFT RAZORPAY SOFTWARE'),
        credit(4, '2026-06-16', 4_900_00, 'NEFT RAZORPAY SOFTWARE'),
        credit(5, '2026-06-12', 4_900_00, 'NEFT RAZORPAY SOFTWARE'),
      ],
      parts: [],
      students: [],
      openDues: [],
      settlements: [
        // Settled on the 12th, reaching the bank on the 15th (a weekend between): its UTR is on the line.
        settlement('A', '2026-06-12', 13_669_60),
        settlement('B', '2026-06-12', 9_800_00),
        settlement('C', '2026-06-12', 4_900_00),
      ],
    });
    expect(outcomes).toEqual<CreditOutcome[]>([
      { key: 1, state: 'matched', settlementId: 'A', rule: 'settlement' },
      { key: 2, state: 'matched', settlementId: 'B', rule: 'settlement' },
      // Before the settlement; then four days after it without its UTR: neither is it.
      { key: 3, state: 'unmatched', proposal: null },
      { key: 4, state: 'unmatched', proposal: null },
      { key: 5, state: 'matched', settlementId: 'C', rule: 'settlement' },
    ]);
  });

  it('a receipt part is matched before a settlement of the same amount, and a settlement only once', () => {
    const outcomes = matchStatement({
      credits: [
        credit(1, '2026-06-12', 2_500_00, 'UPI 612345678901', '612345678901'),
        credit(2, '2026-06-12', 2_500_00, 'NEFT RAZORPAY'),
        credit(3, '2026-06-12', 2_500_00, 'NEFT RAZORPAY'),
      ],
      parts: [part(11, '2026-06-12', 'upi', 2_500_00, '612345678901')],
      students: [],
      openDues: [],
      settlements: [settlement('A', '2026-06-12', 2_500_00)],
    });
    expect(outcomes.map((o) => (o.state === 'matched' ? o.rule : o.state))).toEqual([
      'reference',
      'settlement',
      'unmatched',
    ]);
  });
});

describe('allocateCredit', () => {
  it('fills heads in order up to their balances and leaves the rest on the Advance', () => {
    const heads = [
      { feeHeadId: 1, balancePaise: 3_000_00 },
      { feeHeadId: 2, balancePaise: 0 },
      { feeHeadId: 3, balancePaise: 1_500_00 },
      { feeHeadId: 9, balancePaise: 0, open: true },
    ];
    expect(allocateCredit(4_000_00, heads)).toEqual([
      { feeHeadId: 1, amountPaise: 3_000_00 },
      { feeHeadId: 3, amountPaise: 1_000_00 },
    ]);
    expect(allocateCredit(5_000_00, heads)).toEqual([
      { feeHeadId: 1, amountPaise: 3_000_00 },
      { feeHeadId: 3, amountPaise: 1_500_00 },
      { feeHeadId: 9, amountPaise: 500_00 },
    ]);
    expect(allocateCredit(5_000_00, heads.slice(0, 3))).toBeNull();
  });
});

const START = '2026-06-01';
const creditsArb = fc.array(
  fc.record({
    day: fc.integer({ min: 0, max: 60 }),
    amount: fc.integer({ min: 1, max: 5 }).map((n) => n * 1_000_00),
    ref: fc.integer({ min: 0, max: 8 }),
    adm: fc.integer({ min: 0, max: 6 }),
  }),
  { maxLength: 25 },
);
const partsArb = fc.array(
  fc.record({
    day: fc.integer({ min: 0, max: 60 }),
    amount: fc.integer({ min: 1, max: 5 }).map((n) => n * 1_000_00),
    ref: fc.integer({ min: 0, max: 8 }),
    mode: fc.constantFrom('upi', 'bank_transfer', 'cheque', 'dd', 'cash'),
  }),
  { maxLength: 25 },
);

const settlementsArb = fc.array(
  fc.record({
    day: fc.integer({ min: 0, max: 60 }),
    amount: fc.integer({ min: 1, max: 5 }).map((n) => n * 1_000_00),
    ref: fc.integer({ min: 0, max: 8 }),
  }),
  { maxLength: 8 },
);

describe('matchStatement: properties', () => {
  it('every line ends in exactly one state, the sums by state equal the credits, no receipt part is taken twice', () => {
    fc.assert(
      fc.property(creditsArb, partsArb, settlementsArb, (rawCredits, rawParts, rawSettlements) => {
        const credits = rawCredits.map((c, i) =>
          credit(i + 1, addDays(START, c.day), c.amount, `TRF ${100000 + c.ref} UG-00${c.adm}`, `${100000 + c.ref}`),
        );
        const parts = rawParts.map((p, i) => ({
          ...part(i + 1, addDays(START, p.day), p.mode, p.amount, `${100000 + p.ref}`),
          partNo: (i % 3) + 1,
        }));
        const settlements = rawSettlements.map((s, i) => ({
          settlementId: `setl_${i}`,
          utr: `UTR${100000 + s.ref}`,
          settledOn: addDays(START, s.day),
          netPaise: s.amount,
        }));
        const outcomes = matchStatement({
          credits,
          parts,
          students: [1, 2, 3].map((n) => ({ studentId: n, admissionNo: `UG-00${n}` })),
          openDues: [{ studentId: 1, amountPaise: 2_000_00 }],
          settlements,
        });
        expect(outcomes.map((o) => o.key)).toEqual(credits.map((c) => c.key));
        const matched = outcomes.flatMap((o) =>
          o.state === 'matched' && o.rule !== 'settlement' ? [`${o.receiptId}:${o.partNo}`] : [],
        );
        expect(new Set(matched).size).toBe(matched.length);
        const settled = outcomes.flatMap((o) =>
          o.state === 'matched' && o.rule === 'settlement' ? [o.settlementId] : [],
        );
        expect(new Set(settled).size).toBe(settled.length);
        for (const o of outcomes) {
          if (o.state !== 'matched') continue;
          const c = credits.find((x) => x.key === o.key)!;
          if (o.rule === 'settlement') {
            const s = settlements.find((x) => x.settlementId === o.settlementId)!;
            expect(s.netPaise).toBe(c.amountPaise);
            expect(c.date >= s.settledOn).toBe(true);
            continue;
          }
          const p = parts.find((x) => x.receiptId === o.receiptId && x.partNo === o.partNo)!;
          expect(p.amountPaise).toBe(c.amountPaise);
          expect(p.mode).not.toBe('cash');
        }
        const totals = statementTotals(
          outcomes.map((o, i) => ({ state: o.state, amountPaise: credits[i]!.amountPaise })),
        );
        const sum = credits.reduce((s, c) => s + c.amountPaise, 0);
        expect(totals.all).toEqual({ count: credits.length, amountPaise: sum });
        expect(totals.matched.amountPaise + totals.unmatched.amountPaise).toBe(sum);
        expect(totals.matched.count + totals.unmatched.count).toBe(credits.length);
      }),
      { numRuns: 300 },
    );
  });
});
