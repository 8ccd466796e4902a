import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { ZCreateReceiptInput } from './receipts';

const valid = {
  depId: 100,
  studentId: 7,
  date: '2026-01-15',
  items: [{ feeHeadId: 3, particulars: ' Term 1 ', amount: '1250.50' }],
  paymentMode: 'cash',
  total: '1250.50',
  tax: '0',
  net: '1250.50',
  confirm: true,
};

/** The first message per field, as the form shows them. */
const messages = (input: unknown) => {
  const first = new Map<string, string>();
  for (const issue of ZCreateReceiptInput.safeParse(input).error?.issues ?? []) {
    const path = issue.path.join('.');
    if (!first.has(path)) first.set(path, issue.message);
  }
  return [...first];
};

describe('ZCreateReceiptInput', () => {
  it('parses amounts to paise and trims particulars', () => {
    const parsed = ZCreateReceiptInput.parse(valid);
    expect(parsed.items).toEqual([{ feeHeadId: 3, particulars: 'Term 1', amount: 125050 }]);
    expect([parsed.total, parsed.tax, parsed.net, parsed.allowOverpayment, parsed.paymentReference]).toEqual([
      125050,
      0,
      125050,
      false,
      null,
    ]);
  });

  it.each([
    ['no items', { items: [] }, [['items', MSG.itemsRequired]]],
    ['no fee type', { items: [{ feeHeadId: '', amount: '10' }] }, [['items.0.feeHeadId', MSG.required]]],
    [
      'long particulars',
      { items: [{ feeHeadId: 3, particulars: 'x'.repeat(51), amount: '10' }] },
      [['items.0.particulars', MSG.particularsMax]],
    ],
    ['3 decimals', { items: [{ feeHeadId: 3, amount: '10.001' }] }, [['items.0.amount', MSG.amountFormat]]],
    ['amount 0', { items: [{ feeHeadId: 3, amount: '0.00' }] }, [['items.0.amount', MSG.required]]],
    ['no date', { date: '' }, [['date', MSG.required]]],
    ['no Confirm', { confirm: false }, [['confirm', MSG.required]]],
  ])('%s', (_name, change, expected) => expect(messages({ ...valid, ...change })).toEqual(expected));

  it('requires a reference number for every payment mode but cash, cheque and demand draft', () => {
    for (const paymentMode of ['upi', 'bank_transfer', 'card']) {
      expect(messages({ ...valid, paymentMode, paymentReference: ' ' })).toEqual([
        ['paymentReference', MSG.paymentReferenceRequired],
      ]);
      expect(ZCreateReceiptInput.safeParse({ ...valid, paymentMode, paymentReference: 'REF-1' }).success).toBe(true);
    }
    expect(ZCreateReceiptInput.safeParse({ ...valid, paymentMode: 'cash' }).success).toBe(true);
  });

  it("requires a cheque's or draft's bank, number and date instead", () => {
    for (const paymentMode of ['cheque', 'dd']) {
      expect(messages({ ...valid, paymentMode, paymentReference: 'REF-1', bank: ' ' })).toEqual([
        ['bank', MSG.bankRequired],
        ['instrumentNo', MSG.instrumentNoRequired],
        ['instrumentDate', MSG.instrumentDateRequired],
      ]);
      expect(
        messages({ ...valid, paymentMode, bank: 'Canara Bank', instrumentNo: '004411', instrumentDate: '2025-02-30' }),
      ).toEqual([['instrumentDate', MSG.invalidDate]]);
      expect(
        ZCreateReceiptInput.safeParse({
          ...valid,
          paymentMode,
          bank: 'Canara Bank',
          instrumentNo: '004411',
          instrumentDate: '2025-08-01',
        }).success,
      ).toBe(true);
    }
  });
});
