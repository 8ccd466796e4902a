/**
 * The product's own text for each event on each channel, with named `{studentName}`-style placeholders.
 * A department's row in message_templates replaces it (the outbox's insert picks whichever applies);
 * `renderText` fills the same placeholders in JavaScript, for a text rendered again at send time.
 */
import type { ChannelText, MessageChannel, MessageEvent } from '@fees/db';

type Text = { subject: string | null; body: string };

/** A short text serves SMS and WhatsApp alike; e-mail gets a subject and a letter. */
function texts(subject: string, short: string, email: string): Record<MessageChannel, Text> {
  return {
    email: { subject, body: email },
    sms: { subject: null, body: short },
    whatsapp: { subject: null, body: short },
  };
}

const SIGN_OFF = '\n\nThis is an automated message from the fee office.';

export const DEFAULT_TEXTS: Record<MessageEvent, Record<MessageChannel, Text>> = {
  receipt_created: texts(
    'Fee receipt {receiptNumber} for {studentName}',
    'Received Rs {amount} for {studentName} ({admissionNo}) on {date}, receipt {receiptNumber}. Thank you.',
    'Dear parent,\n\nWe have received Rs {amount} ({amountInWords}) towards the fees of {studentName} ' +
      '(admission no {admissionNo}) on {date}. Receipt {receiptNumber} is attached.' +
      SIGN_OFF,
  ),
  receipt_edited: texts(
    'Fee receipt {receiptNumber} for {studentName} was corrected',
    'Receipt {receiptNumber} of {studentName} ({admissionNo}) was corrected: Rs {amount} on {date}.',
    'Dear parent,\n\nReceipt {receiptNumber} for the fees of {studentName} (admission no {admissionNo}) was ' +
      'corrected. It now reads Rs {amount} ({amountInWords}) on {date}. The corrected receipt is attached.' +
      SIGN_OFF,
  ),
  receipt_voided: texts(
    'Fee receipt {receiptNumber} for {studentName} was cancelled',
    'Receipt {receiptNumber} of {studentName} ({admissionNo}) for Rs {amount} was cancelled: {reason}.',
    'Dear parent,\n\nReceipt {receiptNumber} of Rs {amount} for the fees of {studentName} (admission no ' +
      '{admissionNo}) was cancelled. Reason: {reason}. The cancelled receipt is attached for your records.' +
      SIGN_OFF,
  ),
  refund_paid: texts(
    'Refund {refundNumber} to {studentName}',
    'A refund of Rs {amount} for {studentName} ({admissionNo}) was paid on {date}, voucher {refundNumber}.',
    'Dear parent,\n\nA refund of Rs {amount} ({amountInWords}) from the advance of {studentName} (admission ' +
      'no {admissionNo}) was paid on {date}, voucher {refundNumber}.' +
      SIGN_OFF,
  ),
  cheque_bounced: texts(
    'The cheque for receipt {receiptNumber} of {studentName} was returned',
    'The cheque of Rs {amount} for {studentName} ({admissionNo}), receipt {receiptNumber}, was returned ' +
      'by the bank: {reason}. Please pay again.',
    'Dear parent,\n\nThe cheque of Rs {amount} for the fees of {studentName} (admission no {admissionNo}), ' +
      'receipt {receiptNumber}, was returned by the bank on {date}: {reason}. The receipt is cancelled and ' +
      'the fees are due again.{charge}' +
      SIGN_OFF,
  ),
  notice_issued: texts(
    'Fees due for {studentName}',
    'Fees of Rs {amount} are due for {studentName} ({admissionNo}). Please pay by {payBy}.',
    'Dear parent,\n\nFees of Rs {amount} ({amountInWords}) are due for {studentName} (admission no ' +
      '{admissionNo}) as of {asOf}. Please pay by {payBy}. The demand notice is attached.' +
      SIGN_OFF,
  ),
  payment_link: texts(
    'Pay the fees of {studentName} online',
    'Fees of Rs {amount} for {studentName} ({admissionNo}) can be paid online till {expiresOn}: {url}',
    'Dear parent,\n\nThe fees of {studentName} (admission no {admissionNo}), Rs {amount} ({amountInWords}), ' +
      'can be paid online by card, UPI or net banking till {expiresOn} at this link:\n\n{url}\n\n' +
      'The receipt is sent to you as soon as the payment reaches us.' +
      SIGN_OFF,
  ),
  reminder_before: texts(
    'Fees due on {dueDate}',
    'Dear {recipientName}, fees of Rs {amount} for {studentName} fall due on {dueDate}. Please pay by then. ' +
      '{institution}',
    'Dear {recipientName},\n\nA fee instalment falls due on {dueDate}, in {days} days. Due by then:\n{children}' +
      '\n\nTotal: Rs {amount}\n\n{institution}',
  ),
  reminder_on: texts(
    'Fees due today, {dueDate}',
    'Dear {recipientName}, fees of Rs {amount} for {studentName} are due today, {dueDate}. {institution}',
    'Dear {recipientName},\n\nA fee instalment is due today, {dueDate}. Due now:\n{children}\n\nTotal: Rs {amount}' +
      '\n\n{institution}',
  ),
  reminder_after: texts(
    'Fees overdue since {dueDate}',
    'Dear {recipientName}, fees of Rs {amount} for {studentName} were due on {dueDate}, including a late fee of ' +
      'Rs {fine} as of {asOf}. Please pay at the earliest. {institution}',
    'Dear {recipientName},\n\nA fee instalment due on {dueDate} is still unpaid. As of {asOf}, with the late fee ' +
      'of Rs {fine}:\n{children}\n\nTotal: Rs {amount}\n\n{institution}',
  ),
  daily_summary: texts(
    'Collections of {date}',
    'Collections of {date}: Rs {amount}.',
    '{summary}\n\nThe day book: {dayBookUrl}',
  ),
  approval_requested: texts(
    'Waiting for your approval: {what}',
    '{what} waits for your approval (request {requestId}), asked by {requestedBy}.',
    'Dear {recipientName},\n\n{requestedBy} asks for your approval in {department}: {what} ' +
      '(request {requestId}).\nReason: {reason}\n\nNothing has changed yet. Approve or reject it under ' +
      'Approvals in the {department} menu.' +
      SIGN_OFF,
  ),
  approval_decided: texts(
    'Your request was {decision}: {what}',
    'Request {requestId} ({what}) was {decision} by {decidedBy}.',
    'Dear {recipientName},\n\nYour request {requestId} in {department} ({what}) was {decision} by ' +
      '{decidedBy}.{outcome}' +
      SIGN_OFF,
  ),
};

/** Messages to the office's own staff (a summary, an approval): not a department's texts to families. */
export const STAFF_EVENTS: readonly MessageEvent[] = ['daily_summary', 'approval_requested', 'approval_decided'];

/** The texts of an event on these channels, placeholders unfilled. */
export function textsFor(event: MessageEvent, channels: readonly MessageChannel[]): ChannelText[] {
  return channels.map((channel) => ({ channel, ...DEFAULT_TEXTS[event][channel] }));
}

/** `text` with each `{name}` replaced by its value; an unknown name is left as it is. */
export function renderText(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => variables[name] ?? whole);
}

/** The names of a text's placeholders, in order of first appearance (a provider's template parameters). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}
