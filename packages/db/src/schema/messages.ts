import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { students } from './academics';
import { instalmentPlans } from './plans';
import { departments } from './reference';
import {
  MESSAGE_CHANNEL_NAMES,
  MESSAGE_EVENT_NAMES,
  MESSAGE_STATUS_NAMES,
  REMINDER_STAGE_NAMES,
} from '@fees/validation';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export type MessageChannel = (typeof MESSAGE_CHANNEL_NAMES)[number];

/** What causes a message; a reminder's stage is its own event, so each stage has its own template. */
export type MessageEvent = (typeof MESSAGE_EVENT_NAMES)[number];

/**
 * queued: waiting for the worker (or for its next attempt, `notBefore`); sending: claimed by one server
 * until `claimedUntil`; sent: the provider accepted it; delivered and read: the provider's reports;
 * failed: a permanent refusal or the retries spent; cancelled: by staff, or a reminder no longer due.
 */
export type MessageStatus = (typeof MESSAGE_STATUS_NAMES)[number];

/**
 * A student's guardians (at most two, `position` 1 and 2), besides the student's own e-mail and phone.
 * A mobile is stored as +91 and 10 digits; guardians who share a mobile are one family for reminders.
 * Booleans are 0 or 1 on both engines.
 */
export const studentContacts = sqliteTable(
  'student_contacts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    relation: text('relation').notNull(),
    mobile: text('mobile'),
    email: text('email'),
    whatsapp: integer('whatsapp').notNull().default(0),
    /** 1: no reminders or notices; receipts, voids and refunds still go, as proof of payment. */
    remindersOptOut: integer('reminders_opt_out').notNull().default(0),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('student_contacts_student_position_uq').on(t.studentId, t.position),
    index('student_contacts_mobile_idx').on(t.mobile),
  ],
);

/**
 * The outbox: one row per message, written in the transaction of the event that causes it and sent
 * later by the worker. One event gives a recipient at most one message per channel, whatever retries
 * happen (`messages_event_channel_recipient_uq`).
 */
export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Names the event once, e.g. `receipt:1179:created`, `reminder:2026-11-27:batch:3:before:+919876543210`. */
    eventKey: text('event_key').notNull(),
    event: text('event', { enum: MESSAGE_EVENT_NAMES }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNEL_NAMES }).notNull(),
    /** An e-mail address, or a mobile as +91 and 10 digits. */
    recipient: text('recipient').notNull(),
    recipientName: text('recipient_name').notNull().default(''),
    /** Null for the management's daily summary. */
    departmentId: integer('department_id').references(() => departments.id),
    /** The student the message is about (for a family reminder, the first child; `family_student_ids` lists all). */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    receiptNumber: integer('receipt_number'),
    /**
     * A family reminder's children, a JSON array of student ids written by the reminder run: a trigger on
     * `messages` copies them into `message_students` in the message's own INSERT.
     */
    familyStudentIds: text('family_student_ids'),
    /** The variables the template is rendered with (JSON); a reminder's amounts are read again at send time. */
    payload: text('payload').notNull().default('{}'),
    subject: text('subject'),
    /** The text as rendered when queued; a reminder's is rendered again at send time. */
    body: text('body').notNull().default(''),
    status: text('status', { enum: MESSAGE_STATUS_NAMES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** ISO time before which the worker leaves it (quiet hours, the next retry). */
    notBefore: text('not_before').notNull().default(now),
    claimedBy: text('claimed_by'),
    claimedUntil: text('claimed_until'),
    /** The provider's id of the sent message (matches its delivery reports). */
    providerId: text('provider_id'),
    /** Why it failed or was cancelled, in words a clerk can act on. */
    error: text('error'),
    createdAt: text('created_at').notNull().default(now),
    sentAt: text('sent_at'),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('messages_event_channel_recipient_uq').on(t.eventKey, t.channel, t.recipient),
    index('messages_status_not_before_idx').on(t.status, t.notBefore),
    index('messages_student_idx').on(t.studentId),
    index('messages_department_created_idx').on(t.departmentId, t.createdAt),
    // The Messages screen's newest page: a department's messages walked backwards by id, with no sort.
    index('messages_department_id_idx').on(t.departmentId, t.id),
    // Its filter by status: the page walked backwards and the pager's total counted within the index.
    index('messages_department_status_id_idx').on(t.departmentId, t.status, t.id),
    // Delivery reports find a sent message by its provider's id; a queued one has none, and every receipt
    // writes its messages queued, so only the rows a provider has named are indexed.
    index('messages_provider_idx').on(t.providerId).where(sql`${t.providerId} IS NOT NULL`),
  ],
);

/**
 * Each child a family reminder names (its `family_student_ids`), so that the outbox finds the family's
 * message under every child by an index. Written by a trigger on `messages` in the message's own
 * statement, whoever writes the row.
 */
export const messageStudents = sqliteTable(
  'message_students',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.studentId] }),
    index('message_students_student_idx').on(t.studentId, t.messageId),
  ],
);

/** Each message's history: every attempt, report, retry and cancel, with what happened. */
export const messageHistory = sqliteTable(
  'message_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    at: text('at').notNull().default(now),
    status: text('status', { enum: MESSAGE_STATUS_NAMES }).notNull(),
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('message_history_message_idx').on(t.messageId)],
);

/**
 * A department's own text for an event on a channel (the product's built-in text serves otherwise).
 * An SMS template keeps the DLT template id and the registered text with `{#var#}` slots; a WhatsApp
 * template names the approved template and its language.
 */
export const messageTemplates = sqliteTable(
  'message_templates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    event: text('event', { enum: MESSAGE_EVENT_NAMES }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNEL_NAMES }).notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    dltTemplateId: text('dlt_template_id'),
    /** The text as registered with DLT, its variables written `{#var#}`: an SMS is sent only if it matches. */
    dltText: text('dlt_text'),
    whatsappTemplate: text('whatsapp_template'),
    whatsappLanguage: text('whatsapp_language'),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('message_templates_department_event_channel_uq').on(t.departmentId, t.event, t.channel)],
);

export type ReminderStage = (typeof REMINDER_STAGE_NAMES)[number];

/**
 * Per fee plan (a batch's instalment plan): a reminder N days before a due date, on the day, and N days
 * after; each on or off.
 */
export const reminderRules = sqliteTable(
  'reminder_rules',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => instalmentPlans.batchId, { onDelete: 'cascade' }),
    stage: text('stage', { enum: REMINDER_STAGE_NAMES }).notNull(),
    enabled: integer('enabled').notNull().default(0),
    days: integer('days').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.stage] })],
);

/**
 * What a provider sent to a webhook, kept as received for the audit, with whether its signature held.
 * `eventId` is the provider's id of the event when it has one (a repeat delivery carries the same).
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    provider: text('provider').notNull(),
    eventId: text('event_id'),
    receivedAt: text('received_at').notNull().default(now),
    signatureOk: integer('signature_ok').notNull(),
    body: text('body').notNull(),
    outcome: text('outcome').notNull().default(''),
  },
  (t) => [index('webhook_deliveries_provider_event_idx').on(t.provider, t.eventId)],
);

/**
 * The day's automatic runs (reminders, the management's summary): the first server to insert the row
 * for a kind and day does the run, so several app servers run it once between them.
 */
export const messageRuns = sqliteTable(
  'message_runs',
  {
    kind: text('kind', { enum: ['reminders', 'summary'] }).notNull(),
    day: text('day').notNull(),
    claimedBy: text('claimed_by').notNull(),
    claimedAt: text('claimed_at').notNull().default(now),
    /** What the run came to ("412 messages queued"), or why it failed; empty while it runs. */
    outcome: text('outcome').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] })],
);
