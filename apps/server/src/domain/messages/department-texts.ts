import { type Reader, type MessageChannel, type MessageEvent, templatesOfDepartment } from '@fees/db';

/**
 * The texts of messages: named placeholders such as `{studentName}` filled from a message's variables,
 * one built-in text per event and channel, a department's own row in message_templates overriding it.
 */
export type TemplateText = {
  subject: string | null;
  body: string;
  dltTemplateId: string | null;
  whatsappTemplate: string | null;
  whatsappLanguage: string | null;
};

/** Fills `{name}` placeholders; a placeholder without a value is left as written, so a typo shows. */
export function renderText(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

const reminderSms = {
  reminder_before:
    'Dear {recipientName}, fees of Rs {amount} for {studentName} fall due on {dueDate}. Please pay by then. {institution}',
  reminder_on: 'Dear {recipientName}, fees of Rs {amount} for {studentName} are due today, {dueDate}. {institution}',
  reminder_after:
    'Dear {recipientName}, fees of Rs {amount} for {studentName} were due on {dueDate}, including a late fee of ' +
    'Rs {fine} as of {asOf}. Please pay at the earliest. {institution}',
} as const;

const reminderEmail = {
  reminder_before: {
    subject: 'Fees due on {dueDate}',
    body: 'Dear {recipientName},\n\nA fee instalment falls due on {dueDate}, in {days} days. Due by then:\n{children}\n\nTotal: Rs {amount}\n\n{institution}',
  },
  reminder_on: {
    subject: 'Fees due today, {dueDate}',
    body: 'Dear {recipientName},\n\nA fee instalment is due today, {dueDate}. Due now:\n{children}\n\nTotal: Rs {amount}\n\n{institution}',
  },
  reminder_after: {
    subject: 'Fees overdue since {dueDate}',
    body:
      'Dear {recipientName},\n\nA fee instalment due on {dueDate} is still unpaid. As of {asOf}, with the late fee ' +
      'of Rs {fine}:\n{children}\n\nTotal: Rs {amount}\n\n{institution}',
  },
} as const;

const BUILT_IN: Partial<
  Record<MessageEvent, Partial<Record<MessageChannel, { subject: string | null; body: string }>>>
> = {
  daily_summary: {
    email: { subject: 'Collections of {date}', body: '{summary}\n\nThe day book: {dayBookUrl}' },
  },
};
for (const event of ['reminder_before', 'reminder_on', 'reminder_after'] as const) {
  BUILT_IN[event] = {
    email: reminderEmail[event],
    sms: { subject: null, body: reminderSms[event] },
    whatsapp: { subject: null, body: reminderSms[event] },
  };
}

/** The built-in text of an event on a channel, or null when the event sends nothing there. */
export function builtInTemplate(event: MessageEvent, channel: MessageChannel): TemplateText | null {
  const text = BUILT_IN[event]?.[channel];
  return text
    ? { subject: text.subject, body: text.body, dltTemplateId: null, whatsappTemplate: null, whatsappLanguage: null }
    : null;
}

/** The texts a department sends: its own rows over the built-in ones, keyed `event:channel`. */
export async function departmentTemplates(db: Reader, departmentId: number): Promise<Map<string, TemplateText>> {
  const result = new Map<string, TemplateText>();
  for (const [event, channels] of Object.entries(BUILT_IN)) {
    for (const channel of Object.keys(channels)) {
      result.set(`${event}:${channel}`, builtInTemplate(event as MessageEvent, channel as MessageChannel)!);
    }
  }
  for (const own of await templatesOfDepartment(db, departmentId)) {
    result.set(`${own.event}:${own.channel}`, {
      subject: own.subject,
      body: own.body,
      dltTemplateId: own.dltTemplateId,
      whatsappTemplate: own.whatsappTemplate,
      whatsappLanguage: own.whatsappLanguage,
    });
  }
  return result;
}
