import { describe, expect, it } from 'vitest';
import { MAX_PAISE } from './limits';
import {
  amountLeftForLine,
  largestPart,
  priceReceipt,
  ratePercentText,
  receiptTaxPaise,
  sumByHead,
  taxShares,
} from './pricing';

const TUITION = 1;
const EXAM = 2;
const LIBRARY = 3;
const balances = [
  { feeHeadId: TUITION, feeHead: 'Tuition Fee', balancePaise: 25_000_00 },
  { feeHeadId: EXAM, feeHead: 'Exam Fee', balancePaise: 1_500_00 },
  { feeHeadId: LIBRARY, feeHead: 'Library Fee', balancePaise: 0 },
];
const line = (feeHeadId: number | null, amountPaise: number) => ({ feeHeadId, amountPaise });

describe('priceReceipt', () => {
  it('adds several lines on one head into one per-head sum', () => {
    const priced = priceReceipt({
      lines: [line(TUITION, 10_000_00), line(EXAM, 500_00), line(TUITION, 15_000_00)],
      rateBasisPoints: 0,
      balances,
    });
    expect([...priced.perHead]).toEqual([
      [TUITION, 25_000_00],
      [EXAM, 500_00],
    ]);
    expect([priced.totalPaise, priced.taxPaise, priced.netPaise]).toEqual([25_500_00, 0, 25_500_00]);
    expect(priced.overpaid).toEqual([]);
    expect(priced.unknownHeads).toEqual([]);
    expect(priced.words).toBe('Rupees Twenty-Five Thousand Five Hundred Only');
  });

  it.each([
    // rate in basis points, total, tax: half a paisa and more rounds up, less rounds down
    [0, 12_345, 0],
    [500, 9, 0], // 0.45
    [500, 10, 1], // 0.5
    [500, 30, 2], // 1.5
    [500, 1_000_00, 5_000],
    [1250, 3, 0], // 0.375
    [1250, 4, 1], // 0.5
    [1250, 12, 2], // 1.5
    [1250, 1_234_56, 15_432], // 15,432
    [1800, 25, 5], // 4.5
    [1800, 333, 60], // 59.94
    [1800, 1_334_567, 240_222], // 2,40,222.06
  ])('GST at %i bp on %i paise is %i paise, net their sum', (rateBasisPoints, total, tax) => {
    const priced = priceReceipt({ lines: [line(TUITION, total)], rateBasisPoints, balances });
    expect([priced.taxPaise, priced.netPaise]).toEqual([tax, total + tax]);
    expect(receiptTaxPaise(total, rateBasisPoints)).toBe(tax);
  });

  it('names a head whose lines add up to more than its balance, with what was available', () => {
    const priced = priceReceipt({
      lines: [line(EXAM, 1_000_00), line(TUITION, 100_00), line(EXAM, 600_00)],
      rateBasisPoints: 0,
      balances,
    });
    expect(priced.overpaid).toEqual([
      { feeHeadId: EXAM, feeHead: 'Exam Fee', amountPaise: 1_600_00, availablePaise: 1_500_00 },
    ]);
    expect(priceReceipt({ lines: [line(LIBRARY, 1)], rateBasisPoints: 0, balances }).overpaid).toEqual([
      { feeHeadId: LIBRARY, feeHead: 'Library Fee', amountPaise: 1, availablePaise: 0 },
    ]);
  });

  it('on an edit counts the receipt’s own lines back into the balance', () => {
    // The stored receipt paid the whole exam fee and 5,000 of tuition: the balances no longer hold them.
    const stored = [line(EXAM, 1_500_00), line(TUITION, 5_000_00)];
    const alreadyOnReceipt = sumByHead(stored);
    const afterIt = [
      { feeHeadId: TUITION, feeHead: 'Tuition Fee', balancePaise: 20_000_00 },
      { feeHeadId: EXAM, feeHead: 'Exam Fee', balancePaise: 0 },
    ];
    const unchanged = priceReceipt({ lines: stored, rateBasisPoints: 1800, balances: afterIt, alreadyOnReceipt });
    expect(unchanged.overpaid).toEqual([]);
    expect([...unchanged.available]).toEqual([
      [TUITION, 25_000_00],
      [EXAM, 1_500_00],
    ]);
    const raised = priceReceipt({
      lines: [line(EXAM, 1_500_01)],
      rateBasisPoints: 1800,
      balances: afterIt,
      alreadyOnReceipt,
    });
    expect(raised.overpaid).toEqual([
      { feeHeadId: EXAM, feeHead: 'Exam Fee', amountPaise: 1_500_01, availablePaise: 1_500_00 },
    ]);
    // Without its own lines the same edit would look like an overpayment.
    expect(
      priceReceipt({ lines: stored, rateBasisPoints: 1800, balances: afterIt }).overpaid.map((o) => o.feeHeadId),
    ).toEqual([EXAM]);
  });

  it('prices the smallest amount, one paisa', () => {
    const priced = priceReceipt({ lines: [line(EXAM, 1)], rateBasisPoints: 1800, balances });
    expect([priced.totalPaise, priced.taxPaise, priced.netPaise, priced.tooLarge]).toEqual([1, 0, 1, false]);
    expect(priced.words).toBe('Rupees Zero and One Paise Only');
  });

  it('prices the largest receipt, 99,99,99,999.99, exactly, and flags one paisa more', () => {
    const rich = [{ feeHeadId: TUITION, feeHead: 'Tuition Fee', balancePaise: MAX_PAISE }];
    const plain = priceReceipt({ lines: [line(TUITION, MAX_PAISE)], rateBasisPoints: 0, balances: rich });
    expect([plain.totalPaise, plain.taxPaise, plain.netPaise, plain.tooLarge, plain.overpaid]).toEqual([
      MAX_PAISE,
      0,
      MAX_PAISE,
      false,
      [],
    ]);
    expect(plain.words).toBe(
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    );
    const taxed = priceReceipt({ lines: [line(TUITION, MAX_PAISE)], rateBasisPoints: 1800, balances: rich });
    expect([taxed.taxPaise, taxed.netPaise]).toEqual([18_000_000_000, 117_999_999_999]); // 17,99,99,999.9982 rounds up to 18,00,00,000.00
    expect(receiptTaxPaise(MAX_PAISE, 10000)).toBe(MAX_PAISE);
    expect(
      priceReceipt({ lines: [line(TUITION, MAX_PAISE), line(EXAM, 1)], rateBasisPoints: 0, balances: rich }).tooLarge,
    ).toBe(true);
  });

  it('lists heads that are not in the batch and leaves lines without a head out of the sums', () => {
    const priced = priceReceipt({
      lines: [line(99, 100), line(null, 0), line(EXAM, 100)],
      rateBasisPoints: 0,
      balances,
    });
    expect(priced.unknownHeads).toEqual([99]);
    expect(priced.overpaid).toEqual([]);
    expect(priced.totalPaise).toBe(200);
  });
});

describe('amountLeftForLine', () => {
  it('is the available balance less the other lines on that head, never below zero', () => {
    const input = { lines: [line(TUITION, 10_000_00), line(EXAM, 0), line(null, 0)], rateBasisPoints: 0, balances };
    expect(amountLeftForLine(input, 2, TUITION)).toBe(15_000_00);
    expect(amountLeftForLine(input, 0, TUITION)).toBe(25_000_00);
    expect(amountLeftForLine(input, 2, EXAM)).toBe(1_500_00);
    expect(amountLeftForLine({ ...input, lines: [line(TUITION, 30_000_00), line(null, 0)] }, 1, TUITION)).toBe(0);
    expect(amountLeftForLine({ ...input, alreadyOnReceipt: new Map([[LIBRARY, 700]]) }, 2, LIBRARY)).toBe(700);
  });
});

describe('ratePercentText', () => {
  it('shows the rate as a percent', () => {
    expect([ratePercentText(1800), ratePercentText(1250), ratePercentText(500), ratePercentText(0)]).toEqual([
      '18',
      '12.5',
      '5',
      '0',
    ]);
  });
});

describe('a receipt paid in several modes', () => {
  it('stands for its largest part where one mode is known, the first of equal parts', () => {
    expect(largestPart([{ amount: 100 }, { amount: 300 }, { amount: 300 }])).toEqual({ amount: 300 });
    const parts = [
      { amount: 500, id: 'a' },
      { amount: 500, id: 'b' },
    ];
    expect(largestPart(parts).id).toBe('a');
  });

  it('shares the GST in proportion to the parts, the paise left over on the largest part', () => {
    // 18% of 12,500.00 is 2,250.00 (net 14,750.00): cash 10,000.00 + UPI 4,750.00.
    expect(taxShares(2_250_00, [{ amount: 10_000_00 }, { amount: 4_750_00 }])).toEqual([1_525_43, 724_57]);
    expect(taxShares(1, [{ amount: 1 }, { amount: 2 }])).toEqual([0, 1]);
    expect(taxShares(0, [{ amount: 7 }, { amount: 3 }])).toEqual([0, 0]);
  });

  it('shares exactly at the largest receipt, where tax times amount passes 2^53', () => {
    const net = 99_99_99_999_99;
    const tax = 15_25_42_372_87;
    const shares = taxShares(tax, [{ amount: net - 1_00 }, { amount: 1_00 }]);
    expect(shares[0]! + shares[1]!).toBe(tax);
    expect(shares[1]).toBe(15);
  });
});
