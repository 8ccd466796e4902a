/**
 * India's DLT rules for SMS. The foundation registers each SMS text with an operator, its variable
 * parts written `{#var#}`, and gets a template id; an operator drops an SMS whose text does not match a
 * registered one, and a variable may be at most 30 characters (MSG91 refuses over 40). So an SMS is
 * sent only when its rendered text matches the registered text it names, every variable within 30.
 */
import type { MessageEvent } from '@fees/db';
import type { OutgoingMessage, SendResult } from './channels/channel';

export const DLT_VAR = '{#var#}';
export const DLT_VARIABLE_MAX = 30;

/** An SMS text: the body with named `{placeholders}`, and the same text as registered with DLT. */
export interface SmsTemplate {
  body: string;
  dltText: string;
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The text to register with DLT for a body: each `{placeholder}` becomes `{#var#}`. */
export function dltTextOf(body: string): string {
  return body.replace(PLACEHOLDER, DLT_VAR);
}

/**
 * A value made to fit one DLT variable: whole words while they fit, else the first 30 characters
 * ("Venkatasubramanian Ramakrishnan Iyer" -> "Venkatasubramanian"); newlines become spaces.
 */
export function fitDltVariable(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat.length <= DLT_VARIABLE_MAX) return flat;
  const words = flat.slice(0, DLT_VARIABLE_MAX + 1).split(' ');
  const whole = words.slice(0, -1).join(' ');
  return whole.length > 0 ? whole : flat.slice(0, DLT_VARIABLE_MAX);
}

/**
 * Renders an SMS body: each `{placeholder}` takes its value, fitted to a DLT variable. The values in the
 * order they appear are the template's parameters (what a provider's own template fills in).
 */
export function renderSms(body: string, values: Record<string, string>): { text: string; parameters: string[] } {
  const parameters: string[] = [];
  const text = body.replace(PLACEHOLDER, (_, name: string) => {
    const value = fitDltVariable(values[name] ?? '');
    parameters.push(value);
    return value;
  });
  return { text, parameters };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type DltCheck = { ok: true; variables: string[] } | { ok: false; reason: string };

/** Whether a rendered SMS matches its registered text, and what each `{#var#}` holds in it. */
export function checkDlt(registered: string, rendered: string): DltCheck {
  const literals = registered.split(DLT_VAR);
  const pattern = new RegExp(`^${literals.map(escapeRegExp).join('(.*?)')}$`, 's');
  const match = pattern.exec(rendered);
  if (!match) {
    return {
      ok: false,
      reason: `The SMS does not match its DLT registered text ("${registered}"), so it was not sent`,
    };
  }
  const variables = match.slice(1);
  const long = variables.findIndex((v) => v.length > DLT_VARIABLE_MAX);
  if (long >= 0) {
    return {
      ok: false,
      reason:
        `Variable ${long + 1} of the SMS ("${variables[long]}") is ${variables[long]!.length} characters; ` +
        `DLT allows ${DLT_VARIABLE_MAX}, so it was not sent`,
    };
  }
  return { ok: true, variables };
}

/**
 * Why an SMS must not go out, as a permanent failure, or null when it may: it needs its DLT template id
 * and registered text, and must match that text.
 */
export function dltRefusal(message: OutgoingMessage): Extract<SendResult, { ok: false }> | null {
  const { dltTemplateId, dltText } = message.provider;
  if (!dltTemplateId?.trim() || !dltText?.trim()) {
    return {
      ok: false,
      kind: 'permanent',
      reason: 'This SMS template has no DLT template id and registered text (Messages, Templates), so it was not sent',
    };
  }
  const check = checkDlt(dltText, message.body);
  return check.ok ? null : { ok: false, kind: 'permanent', reason: check.reason };
}

/**
 * The product's SMS texts, one per event that reaches a family by SMS, each with the text to register
 * with DLT. Amounts are printed as "Rs" and Indian grouping (formatRupees); names are fitted to 30.
 */
export const DEFAULT_SMS_TEXTS: Partial<Record<MessageEvent, string>> = {
  receipt_created:
    'Dear Parent, Rs {amount} received towards the fees of {studentName} by receipt {receiptNumber} on {date}. ' +
    'Thank you.',
  receipt_edited:
    'Dear Parent, receipt {receiptNumber} for {studentName} was corrected on {date}; it is now Rs {amount}.',
  receipt_voided:
    'Dear Parent, receipt {receiptNumber} of Rs {amount} for {studentName} was cancelled on {date}. ' +
    'Please contact the office.',
  refund_paid: 'Dear Parent, a refund of Rs {amount} for {studentName} was paid on {date} by voucher {voucherNumber}.',
  cheque_bounced:
    'Dear Parent, cheque {chequeNumber} of Rs {amount} for {studentName} was returned unpaid on {date}. ' +
    'Please pay at the office.',
  notice_issued: 'Dear Parent, fees of Rs {amount} are due for {studentName} by {dueDate}. Please pay at the office.',
  payment_link: 'Dear Parent, fees of Rs {amount} for {studentName} can be paid online till {expiresOn} at {url}',
  reminder_before: 'Dear Parent, fees of Rs {amount} for {studentName} fall due on {dueDate}. Please pay on time.',
  reminder_on: 'Dear Parent, fees of Rs {amount} for {studentName} are due today, {dueDate}. Please pay today.',
  reminder_after:
    'Dear Parent, fees of Rs {amount} for {studentName} were due on {dueDate}; the late fine is now Rs {fine}. ' +
    'Please pay soon.',
};

/** The registered text of each default SMS, as the foundation registers it with DLT. */
export const DEFAULT_SMS_TEMPLATES: Partial<Record<MessageEvent, SmsTemplate>> = Object.fromEntries(
  Object.entries(DEFAULT_SMS_TEXTS).map(([event, body]) => [event, { body, dltText: dltTextOf(body) }]),
);
