import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generalLedger, sharesByMode } from './ledger';
import { type ExportLogEntry, planExport } from './plan';
import type { BooksReceipt, BooksSettlement, BooksSponsorReceipt, LedgerMapping } from './types';

const TUITION = 1;
const EXAM = 2;
const ADVANCE = 3;

const mapping: LedgerMapping = {
  heads: new Map([
    [TUITION, 'Tuition Fee'],
    [EXAM, 'Exam Fee'],
    [ADVANCE, 'Advance from students'],
  ]),
  headNames: new Map([
    [TUITION, 'Tuition Fee'],
    [EXAM, 'Exam Fee'],
    [ADVANCE, 'Advance'],
    [9, 'Transport'],
  ]),
  modes: new Map([
    ['cash', 'Cash'],
    ['cheque', 'Bank'],
    ['upi', 'Bank'],
    ['advance', 'Advance from students'],
  ]),
  refundLedger: 'Advance from students',
  gstLedgers: new Map([[1800, 'Output GST 18%']]),
  gstLedgerBase: 'Output GST',
  gateway: { charges: 'Payment gateway charges', inputGst: 'Input GST', bank: 'Bank' },
};

const scope = { from: '2026-07-01', to: '2026-07-02' };

function receipt(over: Partial<BooksReceipt> & Pick<BooksReceipt, 'number' | 'lines' | 'parts'>): BooksReceipt {
  return {
    label: `#000${over.number}`,
    date: '2026-07-01',
    admissionNo: 'A1',
    studentName: 'Asha',
    bouncedOn: null,
    ...over,
  };
}

// Receipt 7: Tuition 10,000.00 at 18% GST (1,800.00) + Exam 500.00 at 5% (25.00): GST 1,825.00, net 12,325.00,
// paid 2,325.00 in cash and 10,000.00 by cheque. Receipt 8: 1,000.00 of Tuition settled from the advance. The 18%
// GST goes to the ledger the mapping names for it, the 5% to the default named after the rate.
const seven = receipt({
  number: 7,
  lines: [
    { feeHeadId: TUITION, amountPaise: 1_000_000, rateBasisPoints: 1800, taxPaise: 180_000 },
    { feeHeadId: EXAM, amountPaise: 50_000, rateBasisPoints: 500, taxPaise: 2_500 },
  ],
  parts: [
    { mode: 'cash', amountPaise: 232_500 },
    { mode: 'cheque', amountPaise: 1_000_000 },
  ],
});
const eight = receipt({
  number: 8,
  lines: [{ feeHeadId: TUITION, amountPaise: 100_000, rateBasisPoints: 0, taxPaise: 0 }],
  parts: [{ mode: 'advance', amountPaise: 100_000 }],
});
const refund = {
  number: 3,
  label: 'R3',
  date: '2026-07-02',
  admissionNo: 'A1',
  studentName: 'Asha',
  mode: 'cash',
  amountPaise: 25_000,
};

describe('the general ledger, worked by hand', () => {
  it('makes a Receipt voucher per receipt, a Payment per refund, each balanced', () => {
    const { vouchers, unmapped } = generalLedger({
      receipts: [seven, eight],
      refunds: [refund],
      mapping,
      granularity: 'receipt',
      scope,
    });
    expect(unmapped).toEqual([]);
    expect(vouchers.map((v) => [v.date, v.type, v.number])).toEqual([
      ['2026-07-01', 'Receipt', '#0007'],
      ['2026-07-01', 'Receipt', '#0008'],
      ['2026-07-02', 'Payment', 'R3'],
    ]);
    expect(vouchers[0]!.entries).toEqual([
      { ledger: 'Cash', amountPaise: 232_500 },
      { ledger: 'Bank', amountPaise: 1_000_000 },
      { ledger: 'Tuition Fee', amountPaise: -1_000_000 },
      { ledger: 'Exam Fee', amountPaise: -50_000 },
      { ledger: 'Output GST 18%', amountPaise: -180_000 },
      { ledger: 'Output GST 5%', amountPaise: -2_500 },
    ]);
    expect(vouchers[1]!.entries).toEqual([
      { ledger: 'Advance from students', amountPaise: 100_000 },
      { ledger: 'Tuition Fee', amountPaise: -100_000 },
    ]);
    expect(vouchers[2]!.entries).toEqual([
      { ledger: 'Advance from students', amountPaise: 25_000 },
      { ledger: 'Cash', amountPaise: -25_000 },
    ]);
  });

  it('books a bounce as a Journal on the bounce date that reverses the receipt', () => {
    const bounced = { ...seven, bouncedOn: '2026-07-02' };
    const { vouchers } = generalLedger({ receipts: [bounced], refunds: [], mapping, granularity: 'receipt', scope });
    expect(vouchers.map((v) => [v.date, v.type, v.number])).toEqual([
      ['2026-07-01', 'Receipt', '#0007'],
      ['2026-07-02', 'Journal', 'B#0007'],
    ]);
    expect(vouchers[1]!.entries).toEqual([
      { ledger: 'Tuition Fee', amountPaise: 1_000_000 },
      { ledger: 'Exam Fee', amountPaise: 50_000 },
      { ledger: 'Output GST 18%', amountPaise: 180_000 },
      { ledger: 'Output GST 5%', amountPaise: 2_500 },
      { ledger: 'Cash', amountPaise: -232_500 },
      { ledger: 'Bank', amountPaise: -1_000_000 },
    ]);
  });

  it('by day: a voucher per day, type and mode with a row per head, a split receipt shared out between its modes', () => {
    const { vouchers } = generalLedger({
      receipts: [seven, eight],
      refunds: [refund],
      mapping,
      granularity: 'day',
      scope,
      modeLabels: new Map([['cash', 'Cash']]),
    });
    expect(vouchers.map((v) => [v.key, v.type, v.number])).toEqual([
      ['D:2026-07-01:R:cash', 'Receipt', 'DR20260701-CASH'],
      ['D:2026-07-01:R:cheque', 'Receipt', 'DR20260701-CHEQUE'],
      ['D:2026-07-01:R:advance', 'Receipt', 'DR20260701-ADVANCE'],
      ['D:2026-07-02:P:cash', 'Payment', 'DP20260702-CASH'],
    ]);
    // Receipt 7's cash (2,325.00) pays the first 2,325.00 of Tuition; its cheque (10,000.00) the other 7,675.00 of
    // Tuition, Tuition's GST 1,800.00, Exam 500.00 and Exam's GST 25.00.
    expect(vouchers[0]!.entries).toEqual([
      { ledger: 'Cash', amountPaise: 232_500 },
      { ledger: 'Tuition Fee', amountPaise: -232_500 },
    ]);
    expect(vouchers[0]!.narration).toBe('Fees received in Cash on 01-07-2026: 1 receipt(s), #0007 to #0007');
    expect(vouchers[1]!.entries).toEqual([
      { ledger: 'Bank', amountPaise: 1_000_000 },
      { ledger: 'Tuition Fee', amountPaise: -767_500 },
      { ledger: 'Output GST 18%', amountPaise: -180_000 },
      { ledger: 'Exam Fee', amountPaise: -50_000 },
      { ledger: 'Output GST 5%', amountPaise: -2_500 },
    ]);
    expect(vouchers[2]!.entries).toEqual([
      { ledger: 'Advance from students', amountPaise: 100_000 },
      { ledger: 'Tuition Fee', amountPaise: -100_000 },
    ]);
    expect(vouchers[3]!.entries).toEqual([
      { ledger: 'Advance from students', amountPaise: 25_000 },
      { ledger: 'Cash', amountPaise: -25_000 },
    ]);
  });

  it('shares a receipt out between its modes to the paisa, whatever the split', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amountPaise: fc.integer({ min: 1, max: 10_000_000 }),
            rateBasisPoints: fc.constantFrom(0, 500, 1800),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 0, maxLength: 2 }),
        (raw, cuts) => {
          const lines = raw.map((l, i) => ({
            feeHeadId: i % 2 === 0 ? TUITION : EXAM,
            ...l,
            taxPaise: Math.round((l.amountPaise * l.rateBasisPoints) / 10_000),
          }));
          const net = lines.reduce((sum, l) => sum + l.amountPaise + l.taxPaise, 0);
          const modes = ['cash', 'upi', 'cheque'];
          const marks = [...new Set(cuts.map((c) => Math.floor((net * c) / 100)))].filter((m) => m > 0 && m < net);
          const bounds = [0, ...marks.sort((a, b) => a - b), net];
          const parts = bounds.slice(1).map((end, i) => ({ mode: modes[i]!, amountPaise: end - bounds[i]! }));
          const shares = sharesByMode({ lines, parts });
          for (const part of parts) {
            const share = shares.get(part.mode)!;
            expect(share.paidPaise).toBe(part.amountPaise);
            expect(share.lines.reduce((sum, l) => sum + l.amountPaise + l.taxPaise, 0)).toBe(part.amountPaise);
          }
          for (const feeHeadId of [TUITION, EXAM])
            for (const field of ['amountPaise', 'taxPaise'] as const) {
              const all = [...shares.values()].flatMap((s) => s.lines).filter((l) => l.feeHeadId === feeHeadId);
              const whole = lines.filter((l) => l.feeHeadId === feeHeadId);
              expect(all.reduce((sum, l) => sum + l[field], 0)).toBe(whole.reduce((sum, l) => sum + l[field], 0));
            }
          const byDay = generalLedger({
            receipts: [receipt({ number: 1, lines, parts })],
            refunds: [],
            mapping,
            granularity: 'day',
            scope,
          });
          expect(byDay.vouchers).toHaveLength(parts.length);
        },
      ),
    );
  });

  it('names the heads and modes that have no ledger, and gives no vouchers', () => {
    const transport = receipt({
      number: 9,
      lines: [{ feeHeadId: 9, amountPaise: 100, rateBasisPoints: 0, taxPaise: 0 }],
      parts: [{ mode: 'online', amountPaise: 100 }],
    });
    const ledger = generalLedger({ receipts: [transport], refunds: [], mapping, granularity: 'receipt', scope });
    expect(ledger).toEqual({
      vouchers: [],
      unmapped: [
        { kind: 'mode', name: 'online' },
        { kind: 'head', name: 'Transport' },
      ],
    });
  });
});

// SP4: the Mar Thoma Trust pays 30,000.00 by cheque on 01-07-2026 for two students: 20,000.00 of Tuition and
// 10,000.00 of Exam fees (a sponsor's share carries no GST of its own).
const sp4: BooksSponsorReceipt = {
  number: 4,
  label: 'SP4',
  date: '2026-07-01',
  sponsorName: 'Mar Thoma Trust',
  mode: 'cheque',
  amountPaise: 3_000_000,
  lines: [
    { feeHeadId: TUITION, amountPaise: 2_000_000 },
    { feeHeadId: EXAM, amountPaise: 1_000_000 },
  ],
};

describe("a sponsor's receipt", () => {
  it('is a Receipt voucher of its own: its mode debited, the heads it was allocated to credited', () => {
    const { vouchers } = generalLedger({
      receipts: [seven],
      refunds: [],
      sponsorReceipts: [sp4],
      mapping,
      granularity: 'receipt',
      scope,
    });
    expect(vouchers.map((v) => [v.key, v.type, v.number, v.narration])).toEqual([
      ['R:7', 'Receipt', '#0007', 'Receipt #0007: A1 Asha'],
      ['S:4', 'Receipt', 'SP4', 'Sponsor receipt SP4: Mar Thoma Trust'],
    ]);
    expect(vouchers[1]!.entries).toEqual([
      { ledger: 'Bank', amountPaise: 3_000_000 },
      { ledger: 'Tuition Fee', amountPaise: -2_000_000 },
      { ledger: 'Exam Fee', amountPaise: -1_000_000 },
    ]);
  });

  it("by day: joins the day's voucher of its mode, whose debit is the day book's figure for the mode", () => {
    const { vouchers } = generalLedger({
      receipts: [seven],
      refunds: [],
      sponsorReceipts: [sp4],
      mapping,
      granularity: 'day',
      scope,
    });
    const cheque = vouchers.find((v) => v.key === 'D:2026-07-01:R:cheque')!;
    // Receipt 7's cheque (10,000.00: 7,675.00 Tuition, 1,800.00 its GST, 500.00 Exam, 25.00 its GST) and SP4.
    expect(cheque.entries).toEqual([
      { ledger: 'Bank', amountPaise: 4_000_000 },
      { ledger: 'Tuition Fee', amountPaise: -2_767_500 },
      { ledger: 'Output GST 18%', amountPaise: -180_000 },
      { ledger: 'Exam Fee', amountPaise: -1_050_000 },
      { ledger: 'Output GST 5%', amountPaise: -2_500 },
    ]);
    expect(cheque.narration).toBe(
      'Fees received in cheque on 01-07-2026: 1 receipt(s), #0007 to #0007; sponsor receipt(s) SP4',
    );
  });

  it('names a head it was allocated to that has no ledger', () => {
    const transport = { ...sp4, lines: [{ feeHeadId: 9, amountPaise: 3_000_000 }] };
    const ledger = generalLedger({
      receipts: [],
      refunds: [],
      sponsorReceipts: [transport],
      mapping,
      granularity: 'receipt',
      scope,
    });
    expect(ledger.unmapped).toEqual([{ kind: 'head', name: 'Transport' }]);
  });
});

// Settlement setl_A of 02-07-2026, UTR UTIB0001: the department's three payments of 10,000.00, 5,000.00 and 2,500.00
// (17,500.00), the gateway's fee 2% of each (200.00 + 100.00 + 50.00 = 350.00) and 18% GST on it (63.00): the bank
// got 17,500.00 - 350.00 - 63.00 = 17,087.00.
const setlA: BooksSettlement = {
  settlementId: 'setl_A',
  utr: 'UTIB0001',
  date: '2026-07-02',
  payments: 3,
  amountPaise: 1_750_000,
  feePaise: 35_000,
  taxPaise: 6_300,
};
const withClearing: LedgerMapping = {
  ...mapping,
  modes: new Map([...mapping.modes, ['online', 'Razorpay clearing']]),
};

describe("a gateway settlement's charges", () => {
  it('are a Journal on the settlement day: the bank and the charges debited, the clearing ledger credited', () => {
    for (const granularity of ['receipt', 'day'] as const) {
      const { vouchers } = generalLedger({
        receipts: [],
        refunds: [],
        settlements: [setlA],
        mapping: withClearing,
        granularity,
        scope,
      });
      expect(vouchers).toEqual([
        {
          key: 'G:setl_A',
          date: '2026-07-02',
          type: 'Journal',
          number: 'GS-UTIB0001',
          narration: 'Gateway settlement setl_A, UTR UTIB0001: 3 payment(s), fee and GST on it',
          entries: [
            { ledger: 'Bank', amountPaise: 1_708_700 },
            { ledger: 'Payment gateway charges', amountPaise: 35_000 },
            { ledger: 'Input GST', amountPaise: 6_300 },
            { ledger: 'Razorpay clearing', amountPaise: -1_750_000 },
          ],
        },
      ]);
    }
  });

  it('with Online mapped to the bank itself, only the charges move out of it', () => {
    const onBank: LedgerMapping = { ...mapping, modes: new Map([...mapping.modes, ['online', 'Bank']]) };
    const { vouchers } = generalLedger({
      receipts: [],
      refunds: [],
      settlements: [setlA, { ...setlA, settlementId: 'setl_B', date: '2026-07-09' }],
      mapping: onBank,
      granularity: 'receipt',
      scope,
    });
    expect(vouchers.map((v) => v.entries)).toEqual([
      [
        { ledger: 'Payment gateway charges', amountPaise: 35_000 },
        { ledger: 'Input GST', amountPaise: 6_300 },
        { ledger: 'Bank', amountPaise: -41_300 },
      ],
    ]);
  });

  it('need a ledger for the Online mode', () => {
    const ledger = generalLedger({
      receipts: [],
      refunds: [],
      settlements: [setlA],
      mapping,
      granularity: 'receipt',
      scope,
    });
    expect(ledger.unmapped).toEqual([{ kind: 'mode', name: 'online' }]);
  });
});

describe('an export after an earlier one', () => {
  const first = generalLedger({ receipts: [seven, eight], refunds: [], mapping, granularity: 'receipt', scope });
  const log: ExportLogEntry[] = first.vouchers.map((v) => ({ kind: 'voucher', voucher: { ...v, revision: 0 } }));
  const days = new Set(['2026-07-01', '2026-07-02']);

  it('sends nothing again unless asked to repeat', () => {
    const plan = planExport({ current: first.vouchers, log, days, repeat: false });
    expect(plan).toEqual({ vouchers: [], alreadySent: 2 });
    expect(planExport({ current: first.vouchers, log, days, repeat: true }).vouchers.map((v) => v.reason)).toEqual([
      'repeat',
      'repeat',
    ]);
  });

  it('reverses a voided receipt, and reverses then replaces an edited one', () => {
    const edited = { ...eight, lines: [{ feeHeadId: EXAM, amountPaise: 100_000, rateBasisPoints: 0, taxPaise: 0 }] };
    const now = generalLedger({ receipts: [edited], refunds: [], mapping, granularity: 'receipt', scope });
    const plan = planExport({ current: now.vouchers, log, days, repeat: false });
    expect(plan.vouchers.map((v) => [v.type, v.number, v.reason])).toEqual([
      ['Payment', '#0007/REV', 'reversal'],
      ['Payment', '#0008/REV', 'reversal'],
      ['Receipt', '#0008/1', 'replacement'],
    ]);
    expect(plan.vouchers[0]!.entries).toEqual([
      { ledger: 'Tuition Fee', amountPaise: 1_000_000 },
      { ledger: 'Exam Fee', amountPaise: 50_000 },
      { ledger: 'Output GST 18%', amountPaise: 180_000 },
      { ledger: 'Output GST 5%', amountPaise: 2_500 },
      { ledger: 'Cash', amountPaise: -232_500 },
      { ledger: 'Bank', amountPaise: -1_000_000 },
    ]);
    expect(plan.vouchers[2]!.entries).toEqual([
      { ledger: 'Advance from students', amountPaise: 100_000 },
      { ledger: 'Exam Fee', amountPaise: -100_000 },
    ]);
  });
});

describe('concessions', () => {
  const booked: LedgerMapping = { ...mapping, concessionLedger: 'Fee concession' };
  const concessions = [
    // 1 July: 1,000.00 granted on tuition, 250.50 withdrawn from exam; 2 July: 99.99 more on exam; 3 July: outside.
    { date: '2026-07-01', feeHeadId: TUITION, changePaise: 1_000_00 },
    { date: '2026-07-01', feeHeadId: EXAM, changePaise: -250_50 },
    { date: '2026-07-02', feeHeadId: EXAM, changePaise: 99_99 },
    { date: '2026-07-03', feeHeadId: EXAM, changePaise: 5_00 },
  ];

  it('are left out unless the mapping books them', () => {
    const input = { receipts: [], refunds: [], concessions, mapping, granularity: 'receipt' as const, scope };
    expect(generalLedger(input).vouchers).toEqual([]);
  });

  it("book each day's net per head as one Journal, the same by receipt or by day", () => {
    const input = { receipts: [], refunds: [], concessions, mapping: booked, scope };
    const { vouchers } = generalLedger({ ...input, granularity: 'receipt' });
    expect(vouchers).toEqual([
      {
        key: 'C:2026-07-01',
        date: '2026-07-01',
        type: 'Journal',
        number: 'FC20260701',
        narration: 'Concessions granted less withdrawn on 01-07-2026, by fee head',
        // 1,000.00 - 250.50 = 749.50 net to the concession ledger; the exam income debited back with 250.50.
        entries: [
          { ledger: 'Fee concession', amountPaise: 749_50 },
          { ledger: 'Exam Fee', amountPaise: 250_50 },
          { ledger: 'Tuition Fee', amountPaise: -1_000_00 },
        ],
      },
      {
        key: 'C:2026-07-02',
        date: '2026-07-02',
        type: 'Journal',
        number: 'FC20260702',
        narration: 'Concessions granted less withdrawn on 02-07-2026, by fee head',
        entries: [
          { ledger: 'Fee concession', amountPaise: 99_99 },
          { ledger: 'Exam Fee', amountPaise: -99_99 },
        ],
      },
    ]);
    expect(generalLedger({ ...input, granularity: 'day' }).vouchers).toEqual(vouchers);
  });

  it('balance, touch no cash or bank ledger, and name a head with no ledger', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            date: fc.constantFrom('2026-07-01', '2026-07-02'),
            feeHeadId: fc.constantFrom(TUITION, EXAM),
            changePaise: fc.integer({ min: -5_000_00, max: 5_000_00 }),
          }),
        ),
        (changes) => {
          const { vouchers } = generalLedger({
            receipts: [],
            refunds: [],
            concessions: changes,
            mapping: booked,
            granularity: 'receipt',
            scope,
          });
          for (const v of vouchers) {
            expect(v.entries.reduce((sum, e) => sum + e.amountPaise, 0)).toBe(0);
            expect(v.entries.some((e) => e.ledger === 'Cash' || e.ledger === 'Bank')).toBe(false);
          }
          const net = changes.reduce((sum, c) => sum + c.changePaise, 0);
          const toLedger = vouchers.flatMap((v) => v.entries).filter((e) => e.ledger === 'Fee concession');
          expect(toLedger.reduce((sum, e) => sum + e.amountPaise, 0)).toBe(net);
        },
      ),
    );
    const unmapped = generalLedger({
      receipts: [],
      refunds: [],
      concessions: [{ date: '2026-07-01', feeHeadId: 9, changePaise: 1_00 }],
      mapping: booked,
      granularity: 'receipt',
      scope,
    });
    expect(unmapped.unmapped).toEqual([{ kind: 'head', name: 'Transport' }]);
  });
});
