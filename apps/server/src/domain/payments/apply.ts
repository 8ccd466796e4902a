/**
 * A gateway's payment becomes a receipt, once. The webhook, the polling and the payer's return all
 * end here: one transaction claims the payment by its unique id (gateway_payments), then writes either
 * an ordinary numbered receipt (mode online, the payment id as reference, dated the payment's day,
 * spread over the heads like the counter: oldest instalments, then the fine, the rest to the advance;
 * its audit row and messages are the receipt write's own) or, when the payment cannot be applied, an
 * entry in the exceptions list saying what happened. A second arrival of the same payment, from any
 * road or server, finds the claim and writes nothing.
 */
import {
  batchDuesAsOf,
  claimGatewayPayment,
  type Database,
  findDayClosing,
  findOpenEnrolment,
  findGatewayPayment,
  findLateFeeHeadId,
  findPaymentLink,
  findPaymentLinkByGatewayId,
  findReceiptStudentById,
  insertPaymentException,
  paidOnLink,
  type PaymentLinkRow,
  type PaymentLinkStatus,
  settleGatewayPayment,
  updatePaymentLinkStatus,
  taxableFeeHeads,
  type WriteTx,
} from '@fees/db';
import { spreadPayment } from '@fees/money';
import { AppError, formatDate, formatRupees, receiptLabel, type TCreateReceiptInput } from '@fees/validation';
import { today } from '../../config';
import { createReceipt } from '../receipts/service';
import { advanceHeadRow } from '../refunds/advance';
import { inSavepoint, inTransaction } from '../write';
import type { GatewayPayment } from './gateway';

/** The road a payment came by; the first one is kept with it. */
export type PaymentRoad = 'webhook' | 'poll' | 'return';

export interface PaymentArrival {
  gateway: string;
  /** The gateway's id of the link paid, and what the gateway says of the link now. */
  link: { id: string; status: PaymentLinkStatus; amountPaise: number; amountPaidPaise: number };
  payment: GatewayPayment;
  via: PaymentRoad;
}

export type PaymentOutcome =
  | { outcome: 'receipt'; receiptNumber: number; flag: string | null }
  | { outcome: 'exception'; problem: string }
  | { outcome: 'already'; receiptId: number | null };

const rupees = (paise: number) => `Rs ${formatRupees(paise)}`;

/** The payment's day in the foundation's time zone: the receipt's date. */
export function paymentDay(paidAt: string): string {
  return today(new Date(paidAt));
}

/** Why the payment cannot become a receipt, or null when it can. */
async function problemOf(tx: WriteTx, arrival: PaymentArrival, link: PaymentLinkRow | undefined, paidBefore: number) {
  const { payment } = arrival;
  if (!link) return `Paid on link ${arrival.link.id}, which this office did not create`;
  if (link.status === 'cancelled') return `Paid on link ${link.referenceId}, which was cancelled here`;
  if (link.studentId === null)
    return `The student ${link.admissionNo} (${link.studentName}) was deleted after the link was sent`;
  if (!(await findOpenEnrolment(tx, link.studentId)))
    return (
      `The student ${link.admissionNo} (${link.studentName}) has left: ` +
      'refund the payment or take it at the counter'
    );
  if (arrival.link.amountPaise !== link.amountPaise) {
    return `The link asks ${rupees(arrival.link.amountPaise)} at the gateway but ${rupees(link.amountPaise)} here`;
  }
  if (paidBefore + payment.amountPaise > link.amountPaise) {
    return (
      `${rupees(payment.amountPaise)} paid on a link of ${rupees(link.amountPaise)}` +
      (paidBefore > 0 ? ` that had ${rupees(paidBefore)} paid already` : '')
    );
  }
  const date = paymentDay(payment.paidAt);
  const closing = await findDayClosing(tx, { departmentId: link.departmentId, date });
  if (closing) return `Paid on ${formatDate(date)}, a day already closed: reopen the day to take it`;
  return null;
}

/** The receipt for the payment, as the counter's write takes it (the lines spread like the counter). */
async function receiptInput(
  tx: WriteTx,
  link: PaymentLinkRow & { studentId: number },
  payment: GatewayPayment,
): Promise<TCreateReceiptInput | string> {
  const student = await findReceiptStudentById(tx, link.studentId);
  if (!student) return `The student ${link.admissionNo} (${link.studentName}) was deleted after the link was sent`;
  // What the family paid becomes the receipt's lines as they stand: education fees are exempt, and a payment
  // reaching a taxable head waits for an accountant, who takes it at the counter with its GST.
  const total = payment.amountPaise;
  const date = paymentDay(payment.paidAt);
  const [row] = await batchDuesAsOf(tx, { batchId: student.batchId, studentIds: [student.id], asOf: date });
  if (!row) return `The student ${link.admissionNo} is no longer in the batch of the link`;
  const spread = spreadPayment(row.dues, total);
  const lateFee = spread.finePaise > 0 ? await findLateFeeHeadId(tx) : null;
  const advance =
    spread.finePaise > 0 && lateFee === null ? spread.advancePaise + spread.finePaise : spread.advancePaise;
  const items = spread.heads.map((h) => ({ feeHeadId: h.feeHeadId, particulars: '', amount: h.amountPaise }));
  if (lateFee !== null) items.push({ feeHeadId: lateFee, particulars: '', amount: spread.finePaise });
  if (advance > 0) {
    const [head] = await advanceHeadRow(tx);
    if (!head) return `${rupees(advance)} is more than the dues, and there is no Advance head to keep it`;
    items.push({ feeHeadId: head.feeHeadId, particulars: '', amount: advance });
  }
  const taxable = await taxableFeeHeads(tx);
  if (items.some((i) => taxable.has(i.feeHeadId)))
    return `${rupees(payment.amountPaise)} reaches a head charged with GST: take it at the counter with its tax`;
  return {
    // A stored student's department is one of the fixed ones.
    depId: student.departmentId as TCreateReceiptInput['depId'],
    studentId: student.id,
    date,
    items,
    paymentMode: 'online',
    paymentReference: payment.id,
    total,
    tax: 0,
    net: payment.amountPaise,
    confirm: true,
    allowOverpayment: true,
  };
}

/**
 * Applies one payment of a link: a receipt, an exception, or nothing when it was applied before.
 * The link's status moves forward with what the gateway says, in the same transaction.
 */
export function applyGatewayPayment(db: Database, arrival: PaymentArrival): Promise<PaymentOutcome> {
  return inTransaction({ db }, async (tx): Promise<PaymentOutcome> => {
    const { gateway, payment } = arrival;
    const link = await findPaymentLinkByGatewayId(tx, { gateway, gatewayLinkId: arrival.link.id });
    const claim = await claimGatewayPayment(tx, {
      gateway,
      paymentId: payment.id,
      linkId: link?.id ?? null,
      amountPaise: payment.amountPaise,
      paidAt: payment.paidAt,
      outcome: 'exception',
      via: arrival.via,
    });
    if (link) await moveLink(tx, link, arrival.link);
    if (!claim.claimed) return { outcome: 'already', receiptId: claim.existing.receiptId };
    const listed = async (problem: string): Promise<PaymentOutcome> => {
      await insertPaymentException(tx, {
        gateway,
        departmentId: link?.departmentId ?? null,
        linkId: link?.id ?? null,
        paymentId: payment.id,
        amountPaise: payment.amountPaise,
        problem,
      });
      return { outcome: 'exception', problem };
    };
    const problem = await problemOf(
      tx,
      arrival,
      link,
      link ? await paidOnLink(tx, { linkId: link.id, exceptPaymentId: payment.id }) : 0,
    );
    if (problem || !link || link.studentId === null) return listed(problem ?? 'The link has no student');
    const input = await receiptInput(tx, { ...link, studentId: link.studentId }, payment);
    if (typeof input === 'string') return listed(input);
    const flag =
      payment.paidAt > link.expiresAt
        ? `Paid after the link expired (${formatDate(paymentDay(link.expiresAt))})`
        : null;
    try {
      // In a savepoint: a refusal of the receipt write undoes its own statements only, and the
      // payment is listed instead.
      const receipt = await inSavepoint(tx, (sp) =>
        createReceipt(sp, { userId: link.createdBy, email: null }, input, { role: 'admin', departmentIds: [] }),
      );
      await settleGatewayPayment(tx, { id: claim.id, outcome: 'receipt', receiptId: receipt.receiptId, flag });
      return { outcome: 'receipt', receiptNumber: receipt.number, flag };
    } catch (error) {
      if (error instanceof AppError) return listed(error.message);
      throw error;
    }
  });
}

/** The link's status and paid amount as the gateway reports them, moved forward only. */
async function moveLink(
  tx: WriteTx,
  link: PaymentLinkRow,
  reported: { status: PaymentLinkStatus; amountPaidPaise: number },
): Promise<void> {
  if (link.status === reported.status && link.amountPaidPaise >= reported.amountPaidPaise) return;
  await updatePaymentLinkStatus(tx, {
    id: link.id,
    status: reported.status,
    amountPaidPaise: reported.amountPaidPaise,
  });
}

/** A link's status news without a payment (expired, cancelled at the gateway). */
export function applyLinkStatus(
  db: Database,
  gateway: string,
  reported: { id: string; status: PaymentLinkStatus; amountPaidPaise: number },
): Promise<void> {
  return inTransaction({ db }, async (tx) => {
    const link = await findPaymentLinkByGatewayId(tx, { gateway, gatewayLinkId: reported.id });
    if (link) await moveLink(tx, link, reported);
  });
}

/** A refund made at the gateway: the receipt stays until an accountant voids or refunds it here. */
export function applyGatewayRefund(
  db: Database,
  refund: { gateway: string; label: string; paymentId: string; amountPaise: number },
): Promise<void> {
  return inTransaction({ db }, async (tx) => {
    const paid = await findGatewayPayment(tx, { gateway: refund.gateway, paymentId: refund.paymentId });
    const link = paid?.linkId ? await findPaymentLink(tx, paid.linkId) : undefined;
    const receipt = paid?.receiptNumber ? `receipt ${receiptLabel(paid.receiptNumber)}` : 'no receipt';
    await insertPaymentException(tx, {
      gateway: refund.gateway,
      departmentId: link?.departmentId ?? null,
      linkId: link?.id ?? null,
      paymentId: refund.paymentId,
      amountPaise: refund.amountPaise,
      problem:
        `${refund.label} refunded ${rupees(refund.amountPaise)} of this payment (${receipt}): ` +
        'void or refund it here',
    });
  });
}
