/**
 * Contacts and the outbox: a student's guardians, the messages written in an event's transaction, the
 * worker's claims and outcomes, and the list other programs read.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { bound, engineSql, rows, run, runInWriteBatch } from '../engines';
import {
  type MessageChannel,
  type MessageEvent,
  type MessageStatus,
  messageTemplates,
  studentContacts,
} from '../schema';
import { timestampNow } from './now';
import { valueList } from './value-list';

export type StudentContactRow = typeof studentContacts.$inferSelect;

/** What a guardian contact holds, as the forms and the import give it. */
export interface ContactFields {
  name: string;
  relation: string;
  mobile: string | null;
  email: string | null;
  whatsapp: boolean;
  remindersOptOut: boolean;
}

const contactOut = (row: StudentContactRow) => ({
  position: row.position,
  name: row.name,
  relation: row.relation,
  mobile: row.mobile,
  email: row.email,
  whatsapp: row.whatsapp === 1,
  remindersOptOut: row.remindersOptOut === 1,
});
export type StudentContact = ReturnType<typeof contactOut>;

/** A student's guardians, first and second. */
export async function listStudentContacts(db: Reader, studentId: number): Promise<StudentContact[]> {
  const found = await db
    .select()
    .from(studentContacts)
    .where(eq(studentContacts.studentId, studentId))
    .orderBy(asc(studentContacts.position));
  return found.map(contactOut);
}

/** Replaces a student's guardians with these (in order: the first is position 1), in the caller's transaction. */
export async function replaceStudentContacts(
  db: WriteTx,
  params: { studentId: number; contacts: readonly ContactFields[] },
): Promise<void> {
  await db.delete(studentContacts).where(eq(studentContacts.studentId, params.studentId));
  if (params.contacts.length === 0) return;
  await db.insert(studentContacts).values(
    params.contacts.map((c, index) => ({
      studentId: params.studentId,
      position: index + 1,
      name: c.name,
      relation: c.relation,
      mobile: c.mobile,
      email: c.email,
      whatsapp: c.whatsapp ? 1 : 0,
      remindersOptOut: c.remindersOptOut ? 1 : 0,
      updatedAt: timestampNow(),
    })),
  );
}

/** A channel's text before its variables are filled in: the product's own, unless the department has one. */
export interface ChannelText {
  channel: MessageChannel;
  subject: string | null;
  body: string;
}

export interface OutboxEvent {
  eventKey: string;
  event: MessageEvent;
  departmentId: number;
  studentId: number;
  receiptNumber: number | null;
  /** Every contact (proof of payment), or only those not opted out of reminders and notices. */
  everyone: boolean;
  /** The configured channels' texts with `{name}` placeholders. */
  texts: readonly ChannelText[];
  /** The placeholders' values; names are letters and digits only. */
  variables: Readonly<Record<string, string>>;
}

/** Each contact a channel reaches: the student's own e-mail and phone, and the guardians'. */
function recipients(studentId: SQL): SQL {
  return sql`
  SELECT 'email' AS channel, lower(s.email) AS recipient, s.name AS name, s.reminders_opt_out AS opt_out
    FROM students s WHERE s.id = ${studentId} AND s.email IS NOT NULL AND s.email <> ''
  UNION ALL
  SELECT 'sms', '+91' || s.phone, s.name, s.reminders_opt_out
    FROM students s WHERE s.id = ${studentId} AND length(s.phone) = 10
  UNION ALL
  SELECT 'email', c.email, c.name, c.reminders_opt_out
    FROM student_contacts c WHERE c.student_id = ${studentId} AND c.email IS NOT NULL
  UNION ALL
  SELECT 'sms', c.mobile, c.name, c.reminders_opt_out
    FROM student_contacts c WHERE c.student_id = ${studentId} AND c.mobile IS NOT NULL
  UNION ALL
  SELECT 'whatsapp', c.mobile, c.name, c.reminders_opt_out
    FROM student_contacts c WHERE c.student_id = ${studentId} AND c.mobile IS NOT NULL AND c.whatsapp = 1`;
}

/**
 * Stands for a receipt's number in an event's key and variables until the number is allocated: a
 * receipt's messages are written by the receipt's own statement (insertNumberedReceipt).
 */
export const RECEIPT_NUMBER_TOKEN = '{number}';

/** The values an event's statement binds, by the names its statement built once gives them. */
function outboxValues(event: OutboxEvent): Record<string, string | number | null> {
  const values: Record<string, string | number | null> = {
    eventKey: event.eventKey,
    event: event.event,
    departmentId: event.departmentId,
    studentId: event.studentId,
    receiptNumber: event.receiptNumber,
    payload: JSON.stringify(event.variables),
    everyone: event.everyone ? 1 : 0,
    now: timestampNow(),
  };
  event.texts.forEach((t, i) => {
    values[`channel${i}`] = t.channel;
    values[`subject${i}`] = t.subject;
    values[`body${i}`] = t.body;
  });
  Object.values(event.variables).forEach((value, i) => {
    values[`variable${i}`] = value;
  });
  return values;
}

/**
 * The statement writing an event's messages, each value as `value` gives it by its name (outboxValues):
 * the value itself, or a placeholder of a statement built once for every event of the same shape.
 */
function outboxStatement(event: OutboxEvent, numberSql: SQL | null, value: (name: string) => unknown): SQL {
  const text = (name: string) => sql`CAST(${value(name)} AS text)`;
  const numbered = (expr: SQL) =>
    numberSql === null ? expr : sql`replace(${expr}, ${RECEIPT_NUMBER_TOKEN}, CAST(${numberSql} AS text))`;
  // Each `{name}` of the variables replaced by its value, in SQL.
  const filledIn = (expr: SQL) =>
    Object.keys(event.variables).reduce(
      (filled, name, i) => sql`replace(${filled}, ${`{${name}}`}, ${text(`variable${i}`)})`,
      expr,
    );
  const texts = sql.join(
    event.texts.map(
      (_, i) => sql`SELECT ${text(`channel${i}`)} AS channel, ${text(`subject${i}`)} AS subject,
        ${text(`body${i}`)} AS body`,
    ),
    sql` UNION ALL `,
  );
  const studentId = sql`CAST(${value('studentId')} AS integer)`;
  const departmentId = sql`CAST(${value('departmentId')} AS integer)`;
  const now = text('now');
  return sql`INSERT INTO messages (event_key, event, channel, recipient, recipient_name, department_id, student_id,
       receipt_number, payload, subject, body, status, not_before, created_at, updated_at)
     SELECT ${numbered(text('eventKey'))}, ${text('event')}, r.channel, r.recipient, r.name,
       ${departmentId}, ${studentId},
       ${numberSql ?? sql`CAST(${value('receiptNumber')} AS integer)`}, ${numbered(text('payload'))},
       ${numbered(filledIn(sql`coalesce(mt.subject, t.subject)`))},
       ${numbered(filledIn(sql`coalesce(mt.body, t.body)`))}, 'queued', ${now}, ${now}, ${now}
     FROM (${recipients(studentId)}) r
     JOIN (${texts}) t ON t.channel = r.channel
     LEFT JOIN message_templates mt
       ON mt.department_id = ${departmentId} AND mt.event = ${text('event')} AND mt.channel = r.channel
     WHERE CAST(${value('everyone')} AS integer) = 1 OR r.opt_out = 0
     ON CONFLICT (event_key, channel, recipient) DO NOTHING`;
}

/**
 * The statement writing an event's messages (see insertOutboxMessages). `numberSql`: an SQL expression
 * giving the receipt's number that RECEIPT_NUMBER_TOKEN stands for (another part of the same statement
 * allocates it), or null when the event holds no token.
 */
export function outboxInsert(event: OutboxEvent, numberSql: SQL | null): SQL {
  const values = outboxValues(event);
  return outboxStatement(event, numberSql, (name) => values[name]);
}

/**
 * The statements built once, by the shape of their events (how many channels' texts, which variables):
 * every receipt writes its messages, and building and rendering the statement again each time cost the
 * counter more than SQLite takes to run it.
 */
const builtInserts = new Map<string, SQL>();

function builtInsert(event: OutboxEvent): SQL {
  const shape = `${event.texts.length}:${Object.keys(event.variables).join(',')}`;
  let statement = builtInserts.get(shape);
  if (!statement) {
    statement = outboxStatement(event, null, (name) => sql.placeholder(name));
    builtInserts.set(shape, statement);
  }
  return statement;
}

/** The event with RECEIPT_NUMBER_TOKEN replaced by the receipt's number, once it is known. */
export function withReceiptNumber(event: OutboxEvent, number: number): OutboxEvent {
  const fill = (text: string) => text.replaceAll(RECEIPT_NUMBER_TOKEN, String(number));
  return {
    ...event,
    eventKey: fill(event.eventKey),
    receiptNumber: number,
    variables: Object.fromEntries(Object.entries(event.variables).map(([name, value]) => [name, fill(value)])),
  };
}

/**
 * Writes the event's messages in one statement, in the caller's transaction: one row per contact and
 * configured channel, the department's text (or the product's) with its variables filled in. A row
 * that exists already (the same event, channel and recipient) is left as it is, so a retried event
 * writes nothing twice. Returns how many rows were written.
 */
export async function insertOutboxMessages(db: WriteTx, event: OutboxEvent): Promise<number> {
  if (event.texts.length === 0) return 0;
  return (await run(db, bound(builtInsert(event), outboxValues(event)))).changes;
}

/** A message as the worker claimed it. */
export interface ClaimedMessage {
  id: number;
  eventKey: string;
  event: MessageEvent;
  channel: MessageChannel;
  recipient: string;
  recipientName: string;
  departmentId: number | null;
  studentId: number | null;
  receiptNumber: number | null;
  payload: string;
  subject: string | null;
  body: string;
  attempts: number;
}

/**
 * Claims up to `limit` messages of a channel that are due, in one statement: queued ones whose time
 * has come, and those another server claimed but did not finish within its lease (it stopped). Each is
 * marked sending, by `by`, until `until`. `urgentOnly`: only the events that ignore quiet hours.
 */
export async function claimDueMessages(
  db: Reader,
  params: {
    channel: MessageChannel;
    limit: number;
    by: string;
    until: string;
    urgentOnly: boolean;
    urgentEvents: readonly MessageEvent[];
  },
): Promise<ClaimedMessage[]> {
  const now = timestampNow();
  const urgent = params.urgentOnly ? sql` AND event IN (${valueList(params.urgentEvents)})` : sql``;
  const due = sql`channel = ${params.channel}
         AND ((status = 'queued' AND not_before <= ${now})
           OR (status = 'sending' AND claimed_until < ${now}))${urgent}`;
  // An idle worker asks every second: a read, so that it never takes SQLite's write lock from the counter
  // when nothing is due.
  if ((await rows(db, sql`SELECT 1 AS due FROM messages WHERE ${due} LIMIT 1`)).length === 0) return [];
  // In the next group commit: on SQLite the claim shares the counter's fsync instead of blocking the
  // server's thread for one of its own.
  return runInWriteBatch(db, (tx) =>
    rows<ClaimedMessage>(
      tx,
      sql`UPDATE messages SET status = 'sending', claimed_by = ${params.by}, claimed_until = ${params.until},
       attempts = attempts + 1, updated_at = ${now}
     WHERE id IN (
       SELECT id FROM messages
       WHERE ${due}
       ORDER BY not_before, id
       LIMIT ${params.limit}${engineSql(db).skipLocked}
     )
     RETURNING id, event_key AS "eventKey", event, channel, recipient, recipient_name AS "recipientName",
       department_id AS "departmentId", student_id AS "studentId", receipt_number AS "receiptNumber", payload,
       subject, body, attempts`,
    ),
  );
}

/** What became of one attempt, as the worker records it. */
export type SendOutcome =
  | { status: 'sent'; providerId: string; body: string; subject: string | null; payload: string }
  | { status: 'queued'; notBefore: string; error: string }
  | { status: 'failed' | 'cancelled'; error: string };

/**
 * Records an attempt's outcome on the message, if this server still holds its claim (a server whose
 * lease ran out leaves it to the one that claimed it since), and adds it to the message's history, together
 * in the next group commit: the worker's writes share the counter's fsync (on SQLite each statement on
 * its own blocked the server's thread for one, twice a message) and hold the lock for two small statements.
 */
export async function recordSendOutcome(
  db: Reader,
  params: { id: number; by: string; outcome: SendOutcome; detail: string },
): Promise<boolean> {
  const { outcome } = params;
  const now = timestampNow();
  const values = {
    id: params.id,
    by: params.by,
    now,
    status: outcome.status,
    providerId: outcome.status === 'sent' ? outcome.providerId : null,
    body: outcome.status === 'sent' ? outcome.body : null,
    subject: outcome.status === 'sent' ? outcome.subject : null,
    payload: outcome.status === 'sent' ? outcome.payload : null,
    notBefore: outcome.status === 'queued' ? outcome.notBefore : null,
    error: outcome.status === 'sent' ? null : outcome.error,
    sentAt: outcome.status === 'sent' ? now : null,
  };
  return runInWriteBatch(db, async (tx) => {
    const { changes } = await run(
      tx,
      sql`UPDATE messages SET status = ${values.status}, claimed_by = NULL, claimed_until = NULL, updated_at = ${now},
       provider_id = coalesce(CAST(${values.providerId} AS text), provider_id),
       body = coalesce(CAST(${values.body} AS text), body),
       subject = CASE WHEN CAST(${values.status} AS text) = 'sent' THEN CAST(${values.subject} AS text)
         ELSE subject END,
       payload = coalesce(CAST(${values.payload} AS text), payload),
       not_before = coalesce(CAST(${values.notBefore} AS text), not_before),
       sent_at = coalesce(CAST(${values.sentAt} AS text), sent_at),
       error = CAST(${values.error} AS text)
     WHERE id = ${values.id} AND status = 'sending' AND claimed_by = ${values.by}`,
    );
    if (changes === 0) return false;
    await addMessageHistory(tx, { messageId: params.id, status: outcome.status, detail: params.detail });
    return true;
  });
}

/** One step of a message's history. */
async function addMessageHistory(
  db: Reader,
  params: { messageId: number; status: MessageStatus; detail: string },
): Promise<void> {
  await run(
    db,
    sql`INSERT INTO message_history (message_id, at, status, detail)
     VALUES (${params.messageId}, ${timestampNow()}, ${params.status}, ${params.detail})`,
  );
}

/** A department's own text for an event on a channel, with its provider-side names; null: the product's text. */
export async function findMessageTemplate(
  db: Reader,
  params: { departmentId: number; event: MessageEvent; channel: MessageChannel },
) {
  const [found] = await db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.departmentId, params.departmentId),
        eq(messageTemplates.event, params.event),
        eq(messageTemplates.channel, params.channel),
      ),
    )
    .limit(1);
  return found ?? null;
}
