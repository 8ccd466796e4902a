import { describe, expect, it } from 'vitest';
import { emptyLine, emptyPayment, type ReceiptFormValues } from './receipt-form';
import { checkReceiptForm } from './receipt-schema';

function form(values: Partial<ReceiptFormValues> = {}): ReceiptFormValues {
  return {
    date: '2026-11-27',
    phone: '9847012345',
    email: '',
    items: [{ ...emptyLine(), feeHeadId: 3, amount: '12500' }],
    paymentMode: 'cash',
    paymentReference: '',
    bank: '',
    instrumentNo: '',
    instrumentDate: '',
    extraPayments: [],
    confirm: true,
    ...values,
  };
}

describe('the receipt form check, loaded apart from the screen', () => {
  it('passes a cash receipt with one line', () => {
    expect(checkReceiptForm(form())).toEqual({});
  });

  it('names the line without a fee head, and Confirm left unticked', () => {
    const errors = checkReceiptForm(form({ items: [{ ...emptyLine(), amount: '100' }], confirm: false }));
    expect(Object.keys(errors).sort()).toEqual(['confirm', 'items.0.feeHeadId']);
  });

  it('asks a UPI part of a split payment for its reference', () => {
    const upi = { ...emptyPayment('upi'), amount: '2500' };
    const errors = checkReceiptForm(form({ extraPayments: [upi] }));
    expect(Object.keys(errors)).toEqual(['extraPayments.0.paymentReference']);
  });
});
