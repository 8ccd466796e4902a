/**
 * A receipt's payment modes and limits, apart from its schemas (receipts.ts): the counter's screen
 * reads them without loading zod.
 */
import { paiseToRupeesText } from './format';

/**
 * The payment modes that move money (a refund is paid out in one of them too). 'online' is a payment
 * through the gateway (a payment link), its reference the gateway's payment id: only the gateway's
 * payments write it, never the counter.
 */
export const MONEY_PAYMENT_MODES = ['cash', 'upi', 'cheque', 'dd', 'bank_transfer', 'card', 'online'] as const;
export type TMoneyPaymentMode = (typeof MONEY_PAYMENT_MODES)[number];

/** The modes a clerk may take a payment in at the counter: all but the gateway's. */
export const COUNTER_PAYMENT_MODES = MONEY_PAYMENT_MODES.filter(
  (m): m is Exclude<TMoneyPaymentMode, 'online'> => m !== 'online',
);

/** Whether a receipt's mode is the gateway's (written only from a payment, never typed at the counter). */
export function isOnlineMode(mode: string | null | undefined): mode is 'online' {
  return mode === 'online';
}

/**
 * How a receipt was paid; the same values as the receipts table's payment_mode. 'advance' settles
 * dues from the student's advance: no new money (see advance.ts).
 */
export const RECEIPT_PAYMENT_MODES = [...MONEY_PAYMENT_MODES, 'advance'] as const;
export type TReceiptPaymentMode = (typeof RECEIPT_PAYMENT_MODES)[number];

export const PAYMENT_MODE_LABELS: Record<TReceiptPaymentMode, string> = {
  cash: 'Cash',
  upi: 'UPI',
  cheque: 'Cheque',
  dd: 'Demand draft',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  online: 'Online',
  advance: 'Adjusted from advance',
};

/** Modes that need no reference number: cash, and an adjustment from the advance. */
export function paymentNeedsReference(mode: string): boolean {
  return mode !== 'cash' && mode !== 'advance';
}

/** Most lines one receipt may carry. */
export const MAX_RECEIPT_LINES = 30;

/** Longest particulars of a fee line (the form's field and the schema agree). */
export const MAX_PARTICULARS = 50;

/** Most modes one receipt may be paid in. */
export const MAX_PAYMENT_PARTS = 3;

/** Whether a payment mode is a paper instrument (cheque, demand draft) that can bounce. */
export function isInstrumentMode(mode: string | null | undefined): mode is 'cheque' | 'dd' {
  return mode === 'cheque' || mode === 'dd';
}

/** Above this net amount (Rs 10,00,000) one receipt asks for a second confirmation naming it in words. */
export const LARGE_RECEIPT_PAISE = 10_00_000_00;

/** The UPI payment link a QR code carries (NPCI's upi://pay with payee, amount in rupees, note, INR). */
export function upiPayLink(params: { upiId: string; payeeName: string; amountPaise: number; note: string }): string {
  // '@' stays readable: UPI apps expect pa=name@bank as printed.
  const q = (v: string) => encodeURIComponent(v).replace(/%40/g, '@');
  return (
    `upi://pay?pa=${q(params.upiId)}&pn=${q(params.payeeName)}` +
    `&am=${paiseToRupeesText(params.amountPaise)}&tn=${q(params.note)}&cu=INR`
  );
}
