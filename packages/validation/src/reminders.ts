import { z } from 'zod';
import { positiveInteger, ZAmountOrZero, ZDate, ZDepId, ZId } from './common';

/**
 * Reminders, the daily summary and the Messages screens: the outbox, templates and settings. The
 * channels, events, statuses and stages are declared here once; the outbox's tables (packages/db
 * schema/messages.ts) take them from here.
 */
export const MESSAGE_CHANNEL_NAMES = ['email', 'sms', 'whatsapp'] as const;
export const MESSAGE_EVENT_NAMES = [
  'receipt_created',
  'receipt_edited',
  'receipt_voided',
  'refund_paid',
  'cheque_bounced',
  'notice_issued',
  'payment_link',
  'reminder_before',
  'reminder_on',
  'reminder_after',
  'daily_summary',
  'approval_requested',
  'approval_decided',
] as const;
export const MESSAGE_STATUS_NAMES = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'cancelled'] as const;
export const REMINDER_STAGE_NAMES = ['before', 'on', 'after'] as const;
export type TReminderStage = (typeof REMINDER_STAGE_NAMES)[number];

export const REMINDER_MSG = {
  days: 'Enter a number of days from 1 to 90',
  stages: 'Give each stage (before, on the day, after) once',
  time: 'Enter a time as HH:mm (24-hour)',
  quietHours: 'The sending window must start before it ends',
  rate: 'Enter a rate from 1 to 500 messages a second',
  recipients: 'Enter e-mail addresses separated by commas',
  recipientsMax: 'At most 20 addresses',
  body: 'Enter the text of the message (at most 2,000 characters)',
  subject: 'Enter a subject of at most 200 characters',
  dltId: 'A DLT template id is 19 digits or fewer, digits only',
} as const;

const ZChannel = z.enum(MESSAGE_CHANNEL_NAMES, { error: 'Choose a channel: email, sms or whatsapp' });
const ZEvent = z.enum(MESSAGE_EVENT_NAMES, { error: 'Choose an event' });
const ZStatus = z.enum(MESSAGE_STATUS_NAMES, { error: 'Choose a status' });

/** reminders.rules: a batch's reminder rules (its fee plan's). */
export const ZReminderRulesInput = z.object({ depId: ZDepId, batchId: ZId });
export type TReminderRulesInput = z.infer<typeof ZReminderRulesInput>;

const ZReminderRule = z
  .object({
    stage: z.enum(REMINDER_STAGE_NAMES, { error: REMINDER_MSG.stages }),
    enabled: z.boolean(),
    days: z.int({ error: REMINDER_MSG.days }).min(0, REMINDER_MSG.days).max(90, REMINDER_MSG.days),
  })
  .refine((r) => r.stage === 'on' || !r.enabled || r.days >= 1, { message: REMINDER_MSG.days, path: ['days'] });

/** reminders.saveRules: the three stages, each on or off with its days (the day itself has none). */
export const ZSaveReminderRulesInput = z.object({
  depId: ZDepId,
  batchId: ZId,
  rules: z
    .array(ZReminderRule)
    .length(3, REMINDER_MSG.stages)
    .refine((rules) => new Set(rules.map((r) => r.stage)).size === 3, REMINDER_MSG.stages),
});
export type TSaveReminderRulesInput = z.infer<typeof ZSaveReminderRulesInput>;

/** reminders.preview and reminders.queue: a department's (or one batch's) reminders due on a date. */
export const ZReminderRunInput = z.object({ depId: ZDepId, batchId: ZId.optional(), date: ZDate });
export type TReminderRunInput = z.infer<typeof ZReminderRunInput>;

/** messages.outbox: the outbox, newest first, with its filters. */
export const ZOutboxInput = z
  .object({
    depId: ZDepId,
    channel: ZChannel.optional(),
    status: ZStatus.optional(),
    from: ZDate.optional(),
    to: ZDate.optional(),
    studentId: ZId.optional(),
    admNo: z.string().trim().max(30).optional(),
    limit: positiveInteger('Enter a limit from 1 to 500').max(500, 'Enter a limit from 1 to 500').default(100),
    offset: z.int().min(0).max(10_000_000).default(0),
  })
  .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, {
    message: 'The from date must not be after the to date',
    path: ['to'],
  });
export type TOutboxInput = z.infer<typeof ZOutboxInput>;

/** messages.byId, messages.retry, messages.cancel. */
export const ZMessageInput = z.object({ depId: ZDepId, id: ZId });
export type TMessageInput = z.infer<typeof ZMessageInput>;

/** messages.sendReceiptAgain: the receipt's message queued again for every contact, under a new event. */
export const ZSendReceiptAgainInput = z.object({ depId: ZDepId, receiptNumber: ZId });
export type TSendReceiptAgainInput = z.infer<typeof ZSendReceiptAgainInput>;

/** messages.templates: a department's texts per event and channel, its own or the built-in ones. */
export const ZTemplatesInput = z.object({ depId: ZDepId });
export type TTemplatesInput = z.infer<typeof ZTemplatesInput>;

const ZTemplateText = {
  event: ZEvent,
  channel: ZChannel,
  subject: z.string().trim().max(200, REMINDER_MSG.subject).nullish(),
  body: z.string({ error: REMINDER_MSG.body }).trim().min(1, REMINDER_MSG.body).max(2000, REMINDER_MSG.body),
};

/** messages.saveTemplate: the department's own text (and an SMS's DLT id, a WhatsApp template's name). */
export const ZSaveTemplateInput = z.object({
  depId: ZDepId,
  ...ZTemplateText,
  dltTemplateId: z
    .string()
    .trim()
    .regex(/^\d{0,19}$/, REMINDER_MSG.dltId)
    .nullish()
    .transform((v) => v || null),
  whatsappTemplate: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
  whatsappLanguage: z
    .string()
    .trim()
    .max(10)
    .nullish()
    .transform((v) => v || null),
});
export type TSaveTemplateInput = z.infer<typeof ZSaveTemplateInput>;

/** messages.resetTemplate: back to the built-in text. */
export const ZResetTemplateInput = z.object({ depId: ZDepId, event: ZEvent, channel: ZChannel });
export type TResetTemplateInput = z.infer<typeof ZResetTemplateInput>;

/** messages.previewTemplate: a text as it would read for a sample student. */
export const ZPreviewTemplateInput = z.object({ depId: ZDepId, ...ZTemplateText });
export type TPreviewTemplateInput = z.infer<typeof ZPreviewTemplateInput>;

const ZClock = z
  .string({ error: REMINDER_MSG.time })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, REMINDER_MSG.time);

const ZRecipients = z
  .string()
  .trim()
  .max(2000)
  .transform((text, ctx) => {
    const list = text
      .split(/[,\s;]+/)
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean);
    if (list.some((a) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a))) {
      ctx.addIssue({ code: 'custom', message: REMINDER_MSG.recipients });
      return z.NEVER;
    }
    if (list.length > 20) {
      ctx.addIssue({ code: 'custom', message: REMINDER_MSG.recipientsMax });
      return z.NEVER;
    }
    return [...new Set(list)].join(', ');
  });

/** messages.updateSettings: the sending window, the summary, the rate and each channel's price in rupees. */
export const ZUpdateMessageSettingsInput = z
  .object({
    quietHoursStart: ZClock,
    quietHoursEnd: ZClock,
    summaryRecipients: ZRecipients,
    summaryTime: ZClock,
    sendRatePerSecond: z.int({ error: REMINDER_MSG.rate }).min(1, REMINDER_MSG.rate).max(500, REMINDER_MSG.rate),
    emailPrice: ZAmountOrZero,
    smsPrice: ZAmountOrZero,
    whatsappPrice: ZAmountOrZero,
  })
  .refine((v) => v.quietHoursStart < v.quietHoursEnd, { message: REMINDER_MSG.quietHours, path: ['quietHoursEnd'] });
export type TUpdateMessageSettingsInput = z.infer<typeof ZUpdateMessageSettingsInput>;
