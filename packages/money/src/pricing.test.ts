import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PAISE } from './limits';
import {
  amountLeftForLine,
  largestPart,
  priceReceipt,
  ratePercentText,
  lineTaxPaise,
  taxByRate,
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
const NONE = new Map<number, { rateBasisPoints: number; code: string | null }>();
/** Every head of the batch taxed at one rate. */
const allAt = (rateBasisPoints: number) =>
  new Map([TUITION, EXAM, LIBRARY].map((id) => [id, { rateBasisPoints, code: '999293' }]));

describe('priceReceipt', () => {
  it('adds several lines on one head into one per-head sum', () => {
    const priced = priceReceipt({
      lines: [line(TUITION, 10_000_00), line(EXAM, 500_00), line(TUITION, 15_000_00)],
      taxes: NONE,
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
    const priced = priceReceipt({ lines: [line(TUITION, total)], taxes: allAt(rateBasisPoints), balances });
    expect([priced.taxPaise, priced.netPaise]).toEqual([tax, total + tax]);
    expect(lineTaxPaise(total, rateBasisPoints)).toBe(tax);
  });

  it('names a head whose lines add up to more than its balance, with what was available', () => {
    const priced = priceReceipt({
      lines: [line(EXAM, 1_000_00), line(TUITION, 100_00), line(EXAM, 600_00)],
      taxes: NONE,
      balances,
    });
    expect(priced.overpaid).toEqual([
      { feeHeadId: EXAM, feeHead: 'Exam Fee', amountPaise: 1_600_00, availablePaise: 1_500_00 },
    ]);
    expect(priceReceipt({ lines: [line(LIBRARY, 1)], taxes: NONE, balances }).overpaid).toEqual([
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
    const unchanged = priceReceipt({ lines: stored, taxes: allAt(1800), balances: afterIt, alreadyOnReceipt });
    expect(unchanged.overpaid).toEqual([]);
    expect([...unchanged.available]).toEqual([
      [TUITION, 25_000_00],
      [EXAM, 1_500_00],
    ]);
    const raised = priceReceipt({
      lines: [line(EXAM, 1_500_01)],
      taxes: allAt(1800),
      balances: afterIt,
      alreadyOnReceipt,
    });
    expect(raised.overpaid).toEqual([
      { feeHeadId: EXAM, feeHead: 'Exam Fee', amountPaise: 1_500_01, availablePaise: 1_500_00 },
    ]);
    // Without its own lines the same edit would look like an overpayment.
    expect(
      priceReceipt({ lines: stored, taxes: allAt(1800), balances: afterIt }).overpaid.map((o) => o.feeHeadId),
    ).toEqual([EXAM]);
  });

  it('prices the smallest amount, one paisa', () => {
    const priced = priceReceipt({ lines: [line(EXAM, 1)], taxes: allAt(1800), balances });
    expect([priced.totalPaise, priced.taxPaise, priced.netPaise, priced.tooLarge]).toEqual([1, 0, 1, false]);
    expect(priced.words).toBe('Rupees Zero and One Paise Only');
  });

  it('prices the largest receipt, 99,99,99,999.99, exactly, and flags one paisa more', () => {
    const rich = [{ feeHeadId: TUITION, feeHead: 'Tuition Fee', balancePaise: MAX_PAISE }];
    const plain = priceReceipt({ lines: [line(TUITION, MAX_PAISE)], taxes: NONE, balances: rich });
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
    const taxed = priceReceipt({ lines: [line(TUITION, MAX_PAISE)], taxes: allAt(1800), balances: rich });
    expect([taxed.taxPaise, taxed.netPaise]).toEqual([18_000_000_000, 117_999_999_999]); // 17,99,99,999.9982 rounds up to 18,00,00,000.00
    expect(lineTaxPaise(MAX_PAISE, 10000)).toBe(MAX_PAISE);
    expect(
      priceReceipt({ lines: [line(TUITION, MAX_PAISE), line(EXAM, 1)], taxes: NONE, balances: rich }).tooLarge,
    ).toBe(true);
  });

  it('lists heads that are not in the batch and leaves lines without a head out of the sums', () => {
    const priced = priceReceipt({
      lines: [line(99, 100), line(null, 0), line(EXAM, 100)],
      taxes: NONE,
      balances,
    });
    expect(priced.unknownHeads).toEqual([99]);
    expect(priced.overpaid).toEqual([]);
    expect(priced.totalPaise).toBe(200);
  });
});

describe('GST per taxable line', () => {
  const TRANSPORT = 4;
  const UNIFORM = 5;
  const CANTEEN = 6;
  const heads = [
    ...balances,
    { feeHeadId: TRANSPORT, feeHead: 'Transport Fee', balancePaise: 10_000_00 },
    { feeHeadId: UNIFORM, feeHead: 'Uniform', balancePaise: 5_000_00 },
    { feeHeadId: CANTEEN, feeHead: 'Canteen', balancePaise: 5_000_00 },
  ];
  const taxes = new Map([
    [TRANSPORT, { rateBasisPoints: 1800, code: '996411' }],
    [UNIFORM, { rateBasisPoints: 1200, code: '6203' }],
    [CANTEEN, { rateBasisPoints: 500, code: '996331' }],
  ]);

  it('taxes each taxable line on its own, rounded half up to the paisa, and shows the tax per rate', () => {
    const priced = priceReceipt({
      lines: [
        line(TUITION, 25_000_00), // exempt
        line(TRANSPORT, 3_333_33), // 18%: 599.9994 -> 600.00
        line(UNIFORM, 1_234_56), // 12%: 148.1472 -> 148.15
        line(CANTEEN, 999_99), // 5%: 49.9995 -> 50.00
        line(TRANSPORT, 25), // 18%: 0.045 -> 0.05 (half a paisa rounds up)
      ],
      taxes,
      balances: heads,
    });
    expect(priced.lineTaxes).toEqual([
      { rateBasisPoints: 0, code: null, taxPaise: 0 },
      { rateBasisPoints: 1800, code: '996411', taxPaise: 600_00 },
      { rateBasisPoints: 1200, code: '6203', taxPaise: 148_15 },
      { rateBasisPoints: 500, code: '996331', taxPaise: 50_00 },
      { rateBasisPoints: 1800, code: '996411', taxPaise: 5 },
    ]);
    expect(priced.taxByRate).toEqual([
      { rateBasisPoints: 500, taxablePaise: 999_99, taxPaise: 50_00 },
      { rateBasisPoints: 1200, taxablePaise: 1_234_56, taxPaise: 148_15 },
      // Per line: 600.00 + 0.05. Rounding the rate's sum once (18% of 3,333.58 = 600.0444) would give 600.04.
      { rateBasisPoints: 1800, taxablePaise: 3_333_58, taxPaise: 600_05 },
    ]);
    expect([priced.totalPaise, priced.taxPaise, priced.netPaise]).toEqual([30_568_13, 798_20, 31_366_33]);
    expect(priced.words).toBe('Rupees Thirty-One Thousand Three Hundred Sixty-Six and Thirty-Three Paise Only');
  });

  it('charges nothing on a receipt adjusted from advance, nor on exempt heads', () => {
    const lines = [line(TRANSPORT, 1_000_00), line(TUITION, 500_00)];
    const untaxed = priceReceipt({ lines, taxes, untaxed: true, balances: heads });
    expect([untaxed.taxPaise, untaxed.taxByRate, untaxed.lineTaxes.map((t) => t.rateBasisPoints)]).toEqual([
      0,
      [],
      [0, 0],
    ]);
    expect(priceReceipt({ lines, taxes: NONE, balances: heads }).taxPaise).toBe(0);
  });

  it('on an edit keeps the GST each head was issued with; a head new to the receipt takes today’s', () => {
    const issuedTaxes = new Map([
      [TRANSPORT, { rateBasisPoints: 500, code: '996411' }],
      [TUITION, { rateBasisPoints: 0, code: null }],
    ]);
    const priced = priceReceipt({
      lines: [line(TRANSPORT, 1_000_00), line(UNIFORM, 100_00), line(TUITION, 100_00)],
      taxes: new Map([...taxes, [TUITION, { rateBasisPoints: 1800, code: '999293' }]]),
      issuedTaxes,
      balances: heads,
    });
    expect(priced.lineTaxes.map((t) => [t.rateBasisPoints, t.taxPaise])).toEqual([
      [500, 50_00],
      [1200, 12_00],
      [0, 0],
    ]);
  });

  it('adds up: the tax per rate sums to the receipt’s tax, each line within half a paisa of amount x rate', () => {
    const rates = [0, 25, 300, 500, 1200, 1250, 1800, 2800];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 1_00_00_000_00 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.constantFrom(...rates), { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        (drawn, headRates, untaxed) => {
          const headIds = [1, 2, 3, 4, 5, 6, 7, 8];
          const taxesOf = new Map(headIds.map((id, i) => [id, { rateBasisPoints: headRates[i]!, code: null }]));
          const open = headIds.map((id) => ({ feeHeadId: id, feeHead: `Head ${id}`, balancePaise: 0, open: true }));
          const priced = priceReceipt({
            lines: drawn.map(([head, amount]) => line(head, amount)),
            taxes: taxesOf,
            untaxed,
            balances: open,
          });
          const byRate = priced.taxByRate.reduce((sum, r) => sum + r.taxPaise, 0);
          const byLine = priced.lineTaxes.reduce((sum, t) => sum + t.taxPaise, 0);
          expect(byRate).toBe(priced.taxPaise);
          expect(byLine).toBe(priced.taxPaise);
          expect(priced.netPaise).toBe(priced.totalPaise + priced.taxPaise);
          const taxable = priced.taxByRate.reduce((sum, r) => sum + r.taxablePaise, 0);
          const taxedLines = drawn.filter(([head]) => !untaxed && headRates[head - 1]! > 0);
          expect(taxable).toBe(taxedLines.reduce((sum, [, amount]) => sum + amount, 0));
          drawn.forEach(([head, amount], i) => {
            const rate = untaxed ? 0 : headRates[head - 1]!;
            // |tax x 10000 - amount x rate| <= 5000: rounded to the nearest paisa, half up.
            const exact = BigInt(amount) * BigInt(rate);
            const stored = BigInt(priced.lineTaxes[i]!.taxPaise) * 10000n;
            expect(stored - exact <= 5000n && exact - stored < 5000n).toBe(true);
          });
        },
      ),
    );
  });
});

describe('taxByRate', () => {
  it('gathers stored lines per rate and leaves exempt lines out', () => {
    expect(
      taxByRate([
        { amountPaise: 100_00, taxRateBasisPoints: 1800, taxPaise: 18_00 },
        { amountPaise: 500_00, taxRateBasisPoints: 0, taxPaise: 0 },
        { amountPaise: 50_00, taxRateBasisPoints: 1800, taxPaise: 9_00 },
      ]),
    ).toEqual([{ rateBasisPoints: 1800, taxablePaise: 150_00, taxPaise: 27_00 }]);
  });
});

describe('amountLeftForLine', () => {
  it('is the available balance less the other lines on that head, never below zero', () => {
    const input = { lines: [line(TUITION, 10_000_00), line(EXAM, 0), line(null, 0)], taxes: NONE, balances };
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
