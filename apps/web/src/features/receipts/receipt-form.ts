/**
 * The receipt form's values and what it submits. Its schema is in receipt-schema.ts, loaded apart: the
 * screen opens without zod.
 */
import {
  isInstrumentMode,
  LATE_FEE_HEAD,
  paiseToRupeesText,
  paymentNeedsReference,
  type TReceiptPaymentMode,
} from '@fees/validation';
import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import type { StudentDues } from '../../components/InstalmentDues';
import type { FeeBalanceRow } from './types';

/**
 * A second or third mode of payment: its amount typed, its details as for the first mode. The first mode
 * takes what the others leave of the net.
 */
export interface ExtraPayment {
  key: string;
  paymentMode: TReceiptPaymentMode;
  amount: string;
  paymentReference: string;
  bank: string;
  instrumentNo: string;
  instrumentDate: string;
}

export function emptyPayment(paymentMode: TReceiptPaymentMode): ExtraPayment {
  return {
    key: randomId(),
    paymentMode,
    amount: '',
    paymentReference: '',
    bank: '',
    instrumentNo: '',
    instrumentDate: '',
  };
}

export interface ReceiptFormLine {
  key: string;
  /** Null until a head is chosen; the Select converts its text (lib/ids). */
  feeHeadId: number | null;
  particulars: string;
  amount: string;
}

export interface ReceiptFormValues {
  date: string;
  phone: string;
  email: string;
  items: ReceiptFormLine[];
  paymentMode: TReceiptPaymentMode;
  paymentReference: string;
  /** A cheque's or draft's bank, number and date (yyyy-MM-dd); '' for other modes. */
  bank: string;
  instrumentNo: string;
  instrumentDate: string;
  /** Further modes of payment (up to two); none when the net is paid in one mode. */
  extraPayments: ExtraPayment[];
  confirm: boolean;
}

export type ReceiptFormApi = UseFormReturnType<ReceiptFormValues>;

/** One mode of a payment in several: its amount in rupees and its reference or instrument. */
export interface PaymentSubmission {
  paymentMode: TReceiptPaymentMode;
  amount: string;
  paymentReference: string | null;
  bank?: string;
  instrumentNo?: string;
  instrumentDate?: string;
}

/** A mode's details as sent: a cheque or draft's bank, number and date, another mode's reference. */
export function paymentDetails(p: {
  paymentMode: TReceiptPaymentMode;
  paymentReference: string;
  bank: string;
  instrumentNo: string;
  instrumentDate: string;
}) {
  return {
    paymentReference:
      paymentNeedsReference(p.paymentMode) && !isInstrumentMode(p.paymentMode) ? p.paymentReference : null,
    ...(isInstrumentMode(p.paymentMode)
      ? { bank: p.bank, instrumentNo: p.instrumentNo, instrumentDate: p.instrumentDate }
      : {}),
  };
}

/** What the form hands to create or update: the fields as typed, plus the totals it showed. */
export interface ReceiptSubmission {
  date: string;
  phone: string;
  email: string;
  items: Array<{ feeHeadId: number; particulars: string; amount: string }>;
  /** Paid in one mode: the mode and its details; in several, `payments` instead. */
  paymentMode?: TReceiptPaymentMode;
  paymentReference?: string | null;
  bank?: string;
  instrumentNo?: string;
  instrumentDate?: string;
  payments?: PaymentSubmission[];
  total: string;
  tax: string;
  net: string;
  /** An admin's reason for changing a closed day, when the server asked for one. */
  closedDayReason?: string;
  /** Why a receipt that waits for approval is dated before the back-dating limit. */
  backdatedReason?: string;
  confirm: true;
  allowOverpayment: boolean;
}

export function emptyLine(): ReceiptFormLine {
  return { key: randomId(), feeHeadId: null, particulars: '', amount: '' };
}

/**
 * The lines a new receipt opens with. With a late fine due: each head's amount due now, then the fine on
 * Late fee (each removable), so the total is what the dues panel shows To collect. Without a fine, one
 * empty line for the clerk to fill.
 */
export function proposedLines(heads: readonly FeeBalanceRow[], dues: StudentDues | undefined): ReceiptFormLine[] {
  const lateFee = heads.find((head) => head.feeHead === LATE_FEE_HEAD);
  if (!dues || !lateFee || dues.fine.outstanding <= 0) return [emptyLine()];
  const line = (feeHeadId: number, paise: number, particulars = ''): ReceiptFormLine => ({
    key: randomId(),
    feeHeadId,
    particulars,
    amount: paiseToRupeesText(paise),
  });
  const dueNow = dues.heads
    .filter((due) => due.outstanding > 0 && heads.some((head) => head.feeHeadId === due.feeHeadId))
    .map((due) => line(due.feeHeadId, due.outstanding));
  return [...dueNow, line(lateFee.feeHeadId, dues.fine.outstanding, 'Late fine')];
}

export interface ReceiptHeader {
  courseName: string;
  admissionNo: string;
  studentName: string;
  address: string;
  batchName: string;
}
