import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { engineSql, rows, transaction } from '../engines';
import {
  batches,
  instalmentPlans,
  messageHistory,
  messageRuns,
  messages,
  messageStudents,
  messageTemplates,
  type MessageChannel,
  type MessageEvent,
  type ReminderStage,
  reminderRules,
  settings,
  studentContacts,
  students,
} from '../schema';
import { timestampNow } from './now';

/**
 * Reminder rules, the contacts a reminder run reaches, the run's inserts into the outbox, the message
 * settings, department templates and the outbox as the Messages screens read and change it.
 */

export type ReminderRule = { stage: ReminderStage; enabled: boolean; days: number };

/** The rules of some batches (only the stages saved; a missing stage is off). */
export async function reminderRulesOf(db: Reader, batchIds: readonly number[]): Promise<Map<number, ReminderRule[]>> {
  const result = new Map<number, ReminderRule[]>();
  if (batchIds.length === 0) return result;
  const found = await db
    .select()
    .from(reminderRules)
    .where(inArray(reminderRules.batchId, [...batchIds]));
  for (const r of found) {
    const list = result.get(r.batchId) ?? [];
    list.push({ stage: r.stage, enabled: r.enabled === 1, days: r.days });
    result.set(r.batchId, list);
  }
  return result;
}

export async function hasSavedPlan(db: Reader, batchId: number): Promise<boolean> {
  const found = await db
    .select({ batchId: instalmentPlans.batchId })
    .from(instalmentPlans)
    .where(eq(instalmentPlans.batchId, batchId))
    .limit(1);
  return found.length > 0;
}

/** Replaces a batch's rules (one statement: each stage inserted or updated). */
export async function saveReminderRules(db: WriteTx, batchId: number, rules: readonly ReminderRule[]): Promise<void> {
  await db
    .insert(reminderRules)
    .values(rules.map((r) => ({ batchId, stage: r.stage, enabled: r.enabled ? 1 : 0, days: r.days })))
    .onConflictDoUpdate({
      target: [reminderRules.batchId, reminderRules.stage],
      set: { enabled: sql`excluded.enabled`, days: sql`excluded.days` },
    });
}

/** A batch of a department, with its course: what a run's scope names. */
export async function batchesOfDepartment(db: Reader, departmentId: number) {
  return db
    .select({ id: batches.id, name: batches.name, courseId: batches.courseId })
    .from(batches)
    .where(eq(batches.departmentId, departmentId))
    .orderBy(asc(batches.courseId), asc(batches.name));
}

export interface ReminderContact {
  studentId: number;
  /** 0: the student's own e-mail and phone; 1 and 2: the guardians. */
  position: number;
  name: string;
  mobile: string | null;
  email: string | null;
  whatsapp: boolean;
  optedOut: boolean;
}

/**
 * The contacts of the students of some batches (the student's own first, then the guardians): two
 * statements for a whole course, never one a student.
 */
export async function contactsOfBatches(db: Reader, batchIds: readonly number[]): Promise<ReminderContact[]> {
  if (batchIds.length === 0) return [];
  const ids = [...batchIds];
  const [own, guardians] = await Promise.all([
    db
      .select({
        studentId: students.id,
        name: students.name,
        phone: students.phone,
        email: students.email,
        optOut: students.remindersOptOut,
      })
      .from(students)
      .where(inArray(students.batchId, ids)),
    db
      .select({
        studentId: studentContacts.studentId,
        position: studentContacts.position,
        name: studentContacts.name,
        mobile: studentContacts.mobile,
        email: studentContacts.email,
        whatsapp: studentContacts.whatsapp,
        optOut: studentContacts.remindersOptOut,
      })
      .from(studentContacts)
      .innerJoin(students, eq(students.id, studentContacts.studentId))
      .where(inArray(students.batchId, ids))
      .orderBy(asc(studentContacts.studentId), asc(studentContacts.position)),
  ]);
  return [
    ...own.map((s) => ({
      studentId: s.studentId,
      position: 0,
      name: s.name,
      mobile: s.phone,
      email: s.email,
      whatsapp: false,
      optedOut: s.optOut === 1,
    })),
    ...guardians.map((g) => ({
      studentId: g.studentId,
      position: g.position,
      name: g.name,
      mobile: g.mobile,
      email: g.email,
      whatsapp: g.whatsapp === 1,
      optedOut: g.optOut === 1,
    })),
  ];
}

export type QueuedMessage = Required<
  Pick<
    typeof messages.$inferInsert,
    | 'eventKey'
    | 'event'
    | 'channel'
    | 'recipient'
    | 'recipientName'
    | 'departmentId'
    | 'studentId'
    | 'receiptNumber'
    | 'familyStudentIds'
    | 'payload'
    | 'subject'
    | 'body'
  >
>;

/** The columns of a queued message, in the order of the insert below, each with its SQL type. */
const QUEUED_COLUMNS = [
  ['eventKey', 'text'],
  ['event', 'text'],
  ['channel', 'text'],
  ['recipient', 'text'],
  ['recipientName', 'text'],
  ['departmentId', 'integer'],
  ['studentId', 'integer'],
  ['receiptNumber', 'integer'],
  ['familyStudentIds', 'text'],
  ['payload', 'text'],
  ['subject', 'text'],
  ['body', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof QueuedMessage, 'text' | 'integer']>;

const ROWS_PER_INSERT = 500;

/**
 * Queues messages a few hundred rows per statement, each statement its own short transaction (the
 * counter waits for one at most). A row whose event, channel and recipient are queued already is left
 * out (the WHERE keeps SQLite from reading ON CONFLICT as a join's ON). Answers how many were added.
 * The rows go as one JSON value a statement (engineSql's jsonRows): a value bound apiece cost more than
 * writing the row (Drizzle's insert builder a fifth of a millisecond a row, 20 s for a course).
 */
export async function insertQueuedMessages(db: Reader, list: readonly QueuedMessage[]): Promise<number> {
  const engine = engineSql(db);
  const cells = sql.join(
    QUEUED_COLUMNS.map(([, type], k) => engine.jsonCell('q', k, type)),
    sql`, `,
  );
  let added = 0;
  for (let k = 0; k < list.length; k += ROWS_PER_INSERT) {
    const json = JSON.stringify(list.slice(k, k + ROWS_PER_INSERT).map((m) => QUEUED_COLUMNS.map(([c]) => m[c])));
    const statement = sql`INSERT INTO messages (event_key, event, channel, recipient, recipient_name, department_id,
        student_id, receipt_number, family_student_ids, payload, subject, body)
      SELECT ${cells} FROM ${engine.jsonRows(json, 'q')} WHERE true
      ON CONFLICT (event_key, channel, recipient) DO NOTHING RETURNING id`;
    added += (await rows<{ id: number }>(db, statement)).length;
  }
  return added;
}

/** Which of these event keys have a message already (a preview says what a second run would add). */
export async function queuedEventKeys(db: Reader, eventKeys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let k = 0; k < eventKeys.length; k += 1000) {
    const part = eventKeys.slice(k, k + 1000);
    const got = await db
      .selectDistinct({ eventKey: messages.eventKey })
      .from(messages)
      .where(inArray(messages.eventKey, part));
    for (const g of got) found.add(g.eventKey);
  }
  return found;
}

export type MessageSettings = Omit<
  typeof settings.$inferSelect,
  'id' | 'gstRateBasisPoints' | 'backdateLimitDays' | 'staffMayCloseDay'
>;

export async function readMessageSettings(db: Reader): Promise<MessageSettings> {
  const found = (
    await db
      .select({
        quietHoursStart: settings.quietHoursStart,
        quietHoursEnd: settings.quietHoursEnd,
        summaryRecipients: settings.summaryRecipients,
        summaryTime: settings.summaryTime,
        sendRatePerSecond: settings.sendRatePerSecond,
        emailPricePaise: settings.emailPricePaise,
        smsPricePaise: settings.smsPricePaise,
        whatsappPricePaise: settings.whatsappPricePaise,
      })
      .from(settings)
      .where(eq(settings.id, 1))
      .limit(1)
  )[0];
  if (!found) throw new Error('the settings row is missing');
  return found;
}

export async function updateMessageSettings(db: Reader, change: MessageSettings): Promise<void> {
  await db.update(settings).set(change).where(eq(settings.id, 1));
}

/** Claims a day's automatic run for this server; false when another server has it already. */
export async function claimMessageRun(
  db: Reader,
  params: { kind: 'reminders' | 'summary'; day: string; server: string },
): Promise<boolean> {
  const claimed = await db
    .insert(messageRuns)
    .values({ kind: params.kind, day: params.day, claimedBy: params.server })
    .onConflictDoNothing()
    .returning({ day: messageRuns.day });
  return claimed.length > 0;
}

export async function finishMessageRun(
  db: Reader,
  params: { kind: 'reminders' | 'summary'; day: string; outcome: string },
): Promise<void> {
  await db
    .update(messageRuns)
    .set({ outcome: params.outcome })
    .where(and(eq(messageRuns.kind, params.kind), eq(messageRuns.day, params.day)));
}

export type MessageTemplateRow = typeof messageTemplates.$inferSelect;

export async function templatesOfDepartment(db: Reader, departmentId: number): Promise<MessageTemplateRow[]> {
  return db.select().from(messageTemplates).where(eq(messageTemplates.departmentId, departmentId));
}

export async function saveTemplate(
  db: Reader,
  row: Omit<typeof messageTemplates.$inferInsert, 'id' | 'updatedAt'>,
): Promise<void> {
  await db
    .insert(messageTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [messageTemplates.departmentId, messageTemplates.event, messageTemplates.channel],
      set: {
        subject: row.subject,
        body: row.body,
        dltTemplateId: row.dltTemplateId,
        whatsappTemplate: row.whatsappTemplate,
        whatsappLanguage: row.whatsappLanguage,
        updatedAt: timestampNow(),
      },
    });
}

export async function resetTemplate(
  db: Reader,
  params: { departmentId: number; event: MessageEvent; channel: MessageChannel },
): Promise<void> {
  await db
    .delete(messageTemplates)
    .where(
      and(
        eq(messageTemplates.departmentId, params.departmentId),
        eq(messageTemplates.event, params.event),
        eq(messageTemplates.channel, params.channel),
      ),
    );
}

export type MessageRow = typeof messages.$inferSelect;

/**
 * A message about a student: its own, or a family's reminder that lists the student among the children
 * (the row names the first; message_students each child of its family_student_ids). Two index lookups, so
 * that a student's messages are found without reading the department's.
 */
function aboutStudent(id: SQL) {
  return sql`${messages.id} IN (SELECT own.id FROM ${messages} own WHERE own.student_id = ${id}
    UNION SELECT named.message_id FROM ${messageStudents} named WHERE named.student_id = ${id})`;
}

/** The outbox of a department, newest first, with its filters; the total for the pager. */
export async function outboxPage(
  db: Reader,
  params: {
    departmentId: number;
    channel?: MessageChannel;
    status?: MessageRow['status'];
    /** ISO times: created at or after `from`, before `until`. */
    from?: string;
    until?: string;
    studentId?: number;
    admissionNo?: string;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(messages.departmentId, params.departmentId),
    params.channel ? eq(messages.channel, params.channel) : undefined,
    params.status ? eq(messages.status, params.status) : undefined,
    params.from ? gte(messages.createdAt, params.from) : undefined,
    params.until ? lt(messages.createdAt, params.until) : undefined,
    // Cast: SQLite binds a JavaScript number as a real, and 12.0 would not match the payload's #12#.
    params.studentId ? aboutStudent(sql`CAST(${params.studentId} AS INTEGER)`) : undefined,
    params.admissionNo
      ? aboutStudent(
          // Admission numbers are unique within a department only.
          sql`(SELECT ${students.id} FROM ${students}
            WHERE ${students.departmentId} = ${params.departmentId}
              AND ${students.admissionNo} = ${params.admissionNo})`,
        )
      : undefined,
  );
  const [list, counted] = await Promise.all([
    db
      .select({
        id: messages.id,
        event: messages.event,
        channel: messages.channel,
        recipient: messages.recipient,
        recipientName: messages.recipientName,
        studentId: messages.studentId,
        admissionNo: students.admissionNo,
        studentName: students.name,
        receiptNumber: messages.receiptNumber,
        status: messages.status,
        attempts: messages.attempts,
        providerId: messages.providerId,
        error: messages.error,
        createdAt: messages.createdAt,
        sentAt: messages.sentAt,
        notBefore: messages.notBefore,
      })
      .from(messages)
      .leftJoin(students, eq(students.id, messages.studentId))
      .where(where)
      .orderBy(desc(messages.id))
      .limit(params.limit)
      .offset(params.offset),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(where),
  ]);
  return { rows: list, count: counted[0]?.count ?? 0 };
}

export async function findMessage(db: Reader, id: number): Promise<MessageRow | undefined> {
  return (await db.select().from(messages).where(eq(messages.id, id)).limit(1))[0];
}

export async function historyOfMessage(db: Reader, messageId: number) {
  return db
    .select({ at: messageHistory.at, status: messageHistory.status, detail: messageHistory.detail })
    .from(messageHistory)
    .where(eq(messageHistory.messageId, messageId))
    .orderBy(asc(messageHistory.id));
}

/**
 * Moves a message from one of `from` to `to`, with its history line; false when it was no longer in
 * one of them (the worker took it meanwhile). `retry` clears the error and makes it due now.
 */
export async function changeMessageStatus(
  db: Reader,
  params: {
    id: number;
    from: readonly MessageRow['status'][];
    to: 'queued' | 'cancelled';
    detail: string;
  },
): Promise<boolean> {
  return transaction(db, async (tx) => {
    const now = timestampNow();
    const changed = await tx
      .update(messages)
      .set(
        params.to === 'queued'
          ? {
              status: 'queued',
              attempts: 0,
              error: null,
              notBefore: now,
              claimedBy: null,
              claimedUntil: null,
              updatedAt: now,
            }
          : { status: 'cancelled', error: params.detail, claimedBy: null, claimedUntil: null, updatedAt: now },
      )
      .where(and(eq(messages.id, params.id), inArray(messages.status, [...params.from])))
      .returning({ id: messages.id });
    if (changed.length === 0) return false;
    await tx.insert(messageHistory).values({ messageId: params.id, status: params.to, detail: params.detail });
    return true;
  });
}
