import { MESSAGE_CHANNEL_NAMES, MESSAGE_EVENT_NAMES } from '@fees/validation';
import { type Reader, type MessageChannel, type MessageEvent, templatesOfDepartment } from '@fees/db';
import { DEFAULT_TEXTS } from './templates';

/**
 * The texts a department sends, as the Messages screens and a reminder run read them: its own rows in
 * message_templates over the product's built-in ones (templates.ts).
 */
export type TemplateText = {
  subject: string | null;
  body: string;
  dltTemplateId: string | null;
  whatsappTemplate: string | null;
  whatsappLanguage: string | null;
};

/** The built-in text of an event on a channel. */
export function builtInTemplate(event: MessageEvent, channel: MessageChannel): TemplateText {
  const text = DEFAULT_TEXTS[event][channel];
  return {
    subject: text.subject,
    body: text.body,
    dltTemplateId: null,
    whatsappTemplate: null,
    whatsappLanguage: null,
  };
}

/** The texts a department sends: its own rows over the built-in ones, keyed `event:channel`. */
export async function departmentTemplates(db: Reader, departmentId: number): Promise<Map<string, TemplateText>> {
  const result = new Map<string, TemplateText>();
  for (const event of MESSAGE_EVENT_NAMES) {
    for (const channel of MESSAGE_CHANNEL_NAMES) result.set(`${event}:${channel}`, builtInTemplate(event, channel));
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
