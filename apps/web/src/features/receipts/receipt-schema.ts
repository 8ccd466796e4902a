/**
 * The receipt form's check, derived from the server's schema. Loaded apart from the screen (the form
 * fetches it once it is on screen, and waits for it at the first Submit if it has not come yet), so the
 * counter's first visit carries no zod.
 */
import { receiptPaymentRule, ZReceiptFields, ZReceiptPaymentPart } from '@fees/validation';
import { type FormErrors, schemaResolver } from '@mantine/form';
import { z } from 'zod';
import type { ReceiptFormValues } from './receipt-form';

const ZReceiptForm = ZReceiptFields.pick({
  date: true,
  phone: true,
  email: true,
  items: true,
  paymentMode: true,
  paymentReference: true,
  bank: true,
  instrumentNo: true,
  instrumentDate: true,
  confirm: true,
})
  .extend({ extraPayments: z.array(ZReceiptPaymentPart) })
  .superRefine((v, ctx) => {
    receiptPaymentRule(v, ctx);
    for (const [i, part] of v.extraPayments.entries()) receiptPaymentRule(part, ctx, ['extraPayments', i]);
  });

export const checkReceiptForm: (values: ReceiptFormValues) => FormErrors = schemaResolver(ZReceiptForm, { sync: true });
