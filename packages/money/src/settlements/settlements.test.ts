import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  lineGrossPaise,
  lineNetPaise,
  type OnlineReceipt,
  SETTLEMENT_LINE_STATES,
  type SettlementLine,
  settlementExceptions,
  settlementLineProblem,
  settlementLineState,
  summariseSettlements,
} from './settlements';

const line = (over: Partial<SettlementLine>): SettlementLine => ({
  entityId: 'pay_A',
  type: 'payment',
  paymentId: 'pay_A',
  amountPaise: 100000,
  feePaise: 2000,
  taxPaise: 360,
  creditPaise: 97640,
  debitPaise: 0,
  settlementId: 'setl_1',
  utr: 'UTR1',
  settledOn: '2026-11-24',
  ...over,
});

describe('a settlement added up', () => {
  it('a payment of 1,000.00 with a 2% fee (20.00) and 18% GST on it (3.60) credits 976.40', () => {
    expect(settlementLineProblem(line({}))).toBeNull();
    const [s] = summariseSettlements([line({})]);
    expect(s).toMatchObject({ grossPaise: 100000, feePaise: 2000, taxPaise: 360, netPaise: 97640, lineCount: 1 });
  });

  it("the documented sample's four lines: payment, refund, transfer and adjustment", () => {
    // Fees as the product keeps them, without GST: the transfer's 2.96 included 0.46 of GST.
    const lines = [
      line({ amountPaise: 100000, feePaise: 2900, taxPaise: 0, creditPaise: 97100 }),
      line({
        entityId: 'rfnd_B',
        type: 'refund',
        paymentId: 'pay_B',
        amountPaise: 242500,
        feePaise: 0,
        taxPaise: 0,
        creditPaise: 0,
        debitPaise: 242500,
      }),
      line({
        entityId: 'trf_C',
        type: 'transfer',
        paymentId: 'pay_C',
        amountPaise: 100000,
        feePaise: 250,
        taxPaise: 46,
        creditPaise: 0,
        debitPaise: 100296,
      }),
      line({
        entityId: 'adj_D',
        type: 'adjustment',
        paymentId: null,
        amountPaise: 1012,
        feePaise: 0,
        taxPaise: 0,
        creditPaise: 1012,
        utr: '',
      }),
    ];
    for (const l of lines) expect(settlementLineProblem(l)).toBeNull();
    const [s] = summariseSettlements(lines);
    // 1,000.00 - 2,425.00 - 1,000.00 + 10.12 = -2,414.88 gross; fee 29.00 + 2.50; GST 0.46.
    expect(s).toMatchObject({ grossPaise: -241488, feePaise: 3150, taxPaise: 46, netPaise: -244684, utr: 'UTR1' });
    expect(s!.grossPaise - s!.feePaise - s!.taxPaise).toBe(s!.netPaise);
  });

  it('refuses a line whose credit is not its amount less the charges, or a credit and a debit at once', () => {
    expect(settlementLineProblem(line({ creditPaise: 97641 }))).toMatch(/not the amount less the fee/);
    expect(settlementLineProblem(line({ debitPaise: 1 }))).toMatch(/credit or a debit/);
    expect(settlementLineProblem(line({ feePaise: -1 }))).toMatch(/not negative/);
  });
});

describe('working days', () => {
  it('counts past Sundays: a Friday receipt is due for settlement by Tuesday', () => {
    expect(addWorkingDays('2026-11-27', 3)).toBe('2026-12-01'); // Fri -> Sat, Mon, Tue
    expect(addWorkingDays('2026-11-23', 3)).toBe('2026-11-26'); // Mon -> Thu
    expect(addWorkingDays('2026-11-29', 1)).toBe('2026-11-30'); // Sun -> Mon
  });
});

describe('exceptions', () => {
  const receipt = (over: Partial<OnlineReceipt>): OnlineReceipt => ({
    receiptId: 1,
    paymentId: 'pay_A',
    date: '2026-11-20',
    amountPaise: 100000,
    ...over,
  });

  it('a settled payment without a receipt, one at another amount, and a receipt never settled', () => {
    const found = settlementExceptions({
      lines: [
        line({}),
        line({ entityId: 'pay_B', paymentId: 'pay_B' }),
        line({ entityId: 'pay_C', paymentId: 'pay_C' }),
      ],
      receipts: [
        receipt({}),
        receipt({ receiptId: 2, paymentId: 'pay_B', amountPaise: 90000 }),
        receipt({ receiptId: 3, paymentId: 'pay_D', date: '2026-11-20' }),
        receipt({ receiptId: 4, paymentId: 'pay_E', date: '2026-11-24' }),
      ],
      today: '2026-11-27',
    });
    expect(found.map((e) => e.kind)).toEqual(['amount_differs', 'no_receipt', 'not_settled']);
    // Received Friday 20th: Saturday, Monday, Tuesday; overdue from Wednesday. The 24th's is not yet due.
    expect(found[2]).toMatchObject({ receipt: { receiptId: 3 }, settleBy: '2026-11-24' });
  });
});

const arbLine = fc
  .record({
    n: fc.integer({ min: 0, max: 6 }),
    type: fc.constantFrom('payment', 'payment', 'refund', 'transfer', 'adjustment'),
    amountPaise: fc.integer({ min: 100, max: 10_000_000 }),
    feePaise: fc.integer({ min: 0, max: 50_000 }),
    taxPaise: fc.integer({ min: 0, max: 9_000 }),
    debit: fc.boolean(),
    settlement: fc.constantFrom('setl_1', 'setl_2', 'setl_3'),
  })
  .map((r): SettlementLine => {
    const gross = r.debit ? -r.amountPaise : r.amountPaise;
    const net = gross - r.feePaise - r.taxPaise;
    return line({
      entityId: `${r.type}_${r.n}_${r.settlement}`,
      type: r.type,
      paymentId: `pay_${r.n}`,
      amountPaise: r.amountPaise,
      feePaise: r.feePaise,
      taxPaise: r.taxPaise,
      creditPaise: r.debit ? 0 : Math.max(net, 0),
      debitPaise: r.debit ? -net : Math.max(-net, 0),
      settlementId: r.settlement,
    });
  })
  .filter((l) => settlementLineProblem(l) === null);

describe('properties', () => {
  it('every line is in exactly one state, and every settlement has gross - fee - tax = net', () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { maxLength: 30 }),
        fc.array(
          fc.record({ n: fc.integer({ min: 0, max: 6 }), amountPaise: fc.integer({ min: 100, max: 10_000_000 }) }),
        ),
        (lines, receipts) => {
          const byPayment = new Map(receipts.map((r) => [`pay_${r.n}`, r]));
          const states = lines.map((l) => settlementLineState(l, byPayment.get(l.entityId) ?? null));
          for (const s of states) expect(SETTLEMENT_LINE_STATES).toContain(s);
          const counts = SETTLEMENT_LINE_STATES.map((s) => states.filter((x) => x === s).length);
          expect(counts.reduce((a, b) => a + b, 0)).toBe(lines.length);
          const summaries = summariseSettlements(lines);
          expect(summaries.reduce((a, s) => a + s.lineCount, 0)).toBe(lines.length);
          for (const s of summaries) expect(s.grossPaise - s.feePaise - s.taxPaise).toBe(s.netPaise);
          const total = lines.reduce((a, l) => a + lineNetPaise(l), 0);
          expect(summaries.reduce((a, s) => a + s.netPaise, 0)).toBe(total);
          expect(lines.every((l) => lineGrossPaise(l) - l.feePaise - l.taxPaise === lineNetPaise(l))).toBe(true);
        },
      ),
    );
  });
});
