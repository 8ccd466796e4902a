/**
 * The outbox's writes: an event's messages go in as rows of the event's own transaction (one statement),
 * so a rolled-back receipt leaves none and the counter never waits for a channel; the worker sends them
 * later. With no channel configured nothing is written.
 */
import { randomUUID } from 'node:crypto';
import {
  type WriteTx,
  insertOutboxMessages,
  type MessageEvent,
  type OutboxEvent,
  RECEIPT_NUMBER_TOKEN,
} from '@fees/db';
import { amountInWords } from '@fees/money';
import { formatDate, localToday, paiseToRupeesText, receiptLabel, refundLabel } from '@fees/validation';
import { channelNames } from './channels';
import { textsFor } from './templates';

/** Proof of payment: these go to every contact, whether or not they opted out of reminders. */
export const PROOF_OF_PAYMENT: readonly MessageEvent[] = [
  'receipt_created',
  'receipt_edited',
  'receipt_voided',
  'refund_paid',
  'cheque_bounced',
];

export interface MessageEventInput {
  event: MessageEvent;
  /** Names the event once: a retried or replayed event gives the same key, so no second message. */
  eventKey: string;
  departmentId: number;
  studentId: number;
  receiptNumber?: number | null;
  /** The placeholders' values (templates.ts), kept with each message as its payload. */
  variables: Record<string, string>;
}

/** The event's messages as the outbox's insert takes them; null when no channel is configured. */
export function outboxEventOf(input: MessageEventInput): OutboxEvent | null {
  const channels = channelNames();
  if (channels.length === 0) return null;
  return {
    eventKey: input.eventKey,
    event: input.event,
    departmentId: input.departmentId,
    studentId: input.studentId,
    receiptNumber: input.receiptNumber ?? null,
    everyone: PROOF_OF_PAYMENT.includes(input.event),
    texts: textsFor(input.event, channels),
    variables: input.variables,
  };
}

/** Writes the event's messages in the transaction `tx`, in one statement; returns how many. */
export async function queueMessages(tx: WriteTx, input: MessageEventInput): Promise<number> {
  const event = outboxEventOf(input);
  return event ? insertOutboxMessages(tx, event) : 0;
}

const amountVariables = (paise: number) => ({
  amount: paiseToRupeesText(paise),
  amountInWords: amountInWords(paise),
});

/** What a receipt's messages say about it. */
export interface ReceiptFacts {
  number: number;
  departmentId: number;
  studentId: number;
  studentName: string;
  admissionNo: string;
  netPaise: number;
  date: string;
}

type ReceiptKind =
  | { event: 'receipt_created' }
  | { event: 'receipt_edited'; fromVersion: number }
  | { event: 'receipt_voided'; reason: string };

function receiptEventInput(kind: ReceiptKind, receipt: Omit<ReceiptFacts, 'number'>, number: number | string) {
  const suffix =
    kind.event === 'receipt_created'
      ? 'created'
      : kind.event === 'receipt_edited'
        ? `edited:${kind.fromVersion}`
        : 'voided';
  return {
    event: kind.event,
    eventKey: `receipt:${number}:${suffix}`,
    departmentId: receipt.departmentId,
    studentId: receipt.studentId,
    receiptNumber: typeof number === 'number' ? number : null,
    variables: {
      studentName: receipt.studentName,
      admissionNo: receipt.admissionNo,
      receiptNumber: receiptLabel(number),
      date: formatDate(receipt.date),
      ...amountVariables(receipt.netPaise),
      reason: kind.event === 'receipt_voided' ? kind.reason : '',
    },
  };
}

/**
 * A new receipt's messages, for the receipt's own statement to write (insertNumberedReceipt): the
 * number is not known before it, so the key and the variables hold RECEIPT_NUMBER_TOKEN.
 */
export function newReceiptOutbox(receipt: Omit<ReceiptFacts, 'number'>): OutboxEvent | null {
  return outboxEventOf(receiptEventInput({ event: 'receipt_created' }, receipt, RECEIPT_NUMBER_TOKEN));
}

/**
 * A receipt edited or voided. An edit's key carries the version it was made from, so each edit is its
 * own event (a repeated edit of the same version is refused as stale before it gets here).
 */
export function receiptMessages(tx: WriteTx, kind: ReceiptKind, receipt: ReceiptFacts): Promise<number> {
  return queueMessages(tx, receiptEventInput(kind, receipt, receipt.number));
}

/**
 * "Send again": the receipt's message once more, under an event of its own named by when it was asked and a
 * random part, so that two asks in the same millisecond are two events, never one refused as nothing to send.
 */
export function receiptAgainMessages(tx: WriteTx, receipt: ReceiptFacts, at: string): Promise<number> {
  const input = receiptEventInput({ event: 'receipt_created' }, receipt, receipt.number);
  return queueMessages(tx, { ...input, eventKey: `receipt:${receipt.number}:again:${at}:${randomUUID()}` });
}

/** A bounced cheque: its receipt is voided; the family is told to pay again, with the bank's charge. */
export function chequeBouncedMessages(
  tx: WriteTx,
  receipt: ReceiptFacts,
  bounce: { date: string; reason: string; chargePaise: number },
): Promise<number> {
  return queueMessages(tx, {
    event: 'cheque_bounced',
    eventKey: `receipt:${receipt.number}:bounced`,
    departmentId: receipt.departmentId,
    studentId: receipt.studentId,
    receiptNumber: receipt.number,
    variables: {
      studentName: receipt.studentName,
      admissionNo: receipt.admissionNo,
      receiptNumber: receiptLabel(receipt.number),
      date: formatDate(bounce.date),
      ...amountVariables(receipt.netPaise),
      reason: bounce.reason,
      charge:
        bounce.chargePaise > 0 ? ` The bank's charge of Rs ${paiseToRupeesText(bounce.chargePaise)} is due too.` : '',
    },
  });
}

/** A refund paid out of the student's advance. */
export function refundMessages(
  tx: WriteTx,
  refund: {
    number: number;
    departmentId: number;
    studentId: number;
    studentName: string;
    admissionNo: string;
    amountPaise: number;
    date: string;
  },
): Promise<number> {
  return queueMessages(tx, {
    event: 'refund_paid',
    eventKey: `refund:${refund.number}:paid`,
    departmentId: refund.departmentId,
    studentId: refund.studentId,
    variables: {
      studentName: refund.studentName,
      admissionNo: refund.admissionNo,
      refundNumber: refundLabel(refund.number),
      date: formatDate(refund.date),
      ...amountVariables(refund.amountPaise),
    },
  });
}

/**
 * A demand notice sent: one per student and day (sending it again the same day writes nothing), with
 * the dues as of `asOf`; the e-mail attaches the notice as printed.
 */
export function noticeMessages(
  tx: WriteTx,
  notice: {
    departmentId: number;
    studentId: number;
    studentName: string;
    admissionNo: string;
    duePaise: number;
    asOf: string;
    payBy: string;
  },
): Promise<number> {
  return queueMessages(tx, {
    event: 'notice_issued',
    eventKey: `notice:${notice.studentId}:${notice.asOf}`,
    departmentId: notice.departmentId,
    studentId: notice.studentId,
    variables: {
      studentName: notice.studentName,
      admissionNo: notice.admissionNo,
      asOf: formatDate(notice.asOf),
      payBy: formatDate(notice.payBy),
      asOfDate: notice.asOf,
      payByDate: notice.payBy,
      ...amountVariables(notice.duePaise),
    },
  });
}

/**
 * A payment link sent to the family: once per link (`again`: a resend the clerk asked for, its own event
 * named by when it was asked).
 */
export function paymentLinkMessages(
  tx: WriteTx,
  link: {
    id: number;
    departmentId: number;
    studentId: number | null;
    studentName: string;
    admissionNo: string;
    amountPaise: number;
    shortUrl: string;
    expiresAt: string;
  },
  again?: string,
): Promise<number> {
  if (link.studentId === null) return Promise.resolve(0);
  return queueMessages(tx, {
    event: 'payment_link',
    eventKey: again ? `payment-link:${link.id}:again:${again}` : `payment-link:${link.id}`,
    departmentId: link.departmentId,
    studentId: link.studentId,
    variables: {
      studentName: link.studentName,
      admissionNo: link.admissionNo,
      url: link.shortUrl,
      expiresOn: formatDate(localToday(new Date(link.expiresAt))),
      ...amountVariables(link.amountPaise),
    },
  });
}
