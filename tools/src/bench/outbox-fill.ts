/**
 * --outbox N: the bench's copy of the database gets an outbox of N messages written over the last two
 * years, as two years of a foundation's sending leave it: receipts' e-mails, SMS and WhatsApp messages to
 * the student and a guardian (on the receipts of those years, at the counter's hours), voids, reminders
 * (a third of them to a family of two children), demand notices, and the management's daily summary.
 * Most were sent (delivered or read where the provider reports it); some failed with the provider's
 * reason, some reminders were cancelled as paid meanwhile, and the last days hold messages still pending
 * (queued for a retry or for the morning, so no worker of the run sends them). Written by multi-row
 * statements of FILL_ROWS rows, one at a time (the secondary indexes built after them), then ANALYZEd as
 * the seed is.
 */
import { Random } from '@fees/validation/testing';
import { addDays } from '@fees/money';
import type Sqlite from 'better-sqlite3';

/** Rows per INSERT: 20 values each keeps a statement under SQLite's 32,766 bound values. */
export const FILL_ROWS = 1_000;
const DAYS = 730;

const COLUMNS = [
  'event_key',
  'event',
  'channel',
  'recipient',
  'recipient_name',
  'department_id',
  'student_id',
  'receipt_number',
  'family_student_ids',
  'payload',
  'subject',
  'body',
  'status',
  'attempts',
  'not_before',
  'provider_id',
  'error',
  'created_at',
  'sent_at',
  'updated_at',
] as const;

type Value = string | number | null;

interface Student {
  id: number;
  departmentId: number;
  batchId: number;
  name: string;
  admissionNo: string;
  email: string | null;
  phone: string | null;
}

interface Receipt {
  number: number;
  studentId: number;
  date: string;
  netPaise: number;
}

export interface OutboxFillResult {
  rows: number;
  seconds: number;
  byStatus: Record<string, number>;
  byEvent: Record<string, number>;
  from: string;
  to: string;
}

/** A contact of a student on a channel: the student's own e-mail and phone, the guardian's e-mail and mobile. */
function contactsOf(s: Student) {
  const guardian = `+9198${String(s.id % 100_000_000).padStart(8, '0')}`;
  const guardianName = `Guardian of ${s.name}`;
  return [
    { channel: 'email', recipient: s.email ?? `student${s.id}@example.in`, name: s.name },
    { channel: 'sms', recipient: guardian, name: guardianName },
    { channel: 'email', recipient: `guardian${s.id}@example.in`, name: guardianName },
    { channel: 'whatsapp', recipient: guardian, name: guardianName },
    { channel: 'sms', recipient: s.phone?.length === 10 ? `+91${s.phone}` : `+9197${s.id}`, name: s.name },
  ] as const;
}

const FAILURES: Record<string, string> = {
  email: '550 5.1.1 No such user here',
  sms: 'The number is not a valid Indian mobile (MSG91 code 418)',
  whatsapp: 'The recipient is not on WhatsApp (131026)',
};
const DELIVERED: Record<string, string[]> = {
  email: ['sent'],
  sms: ['delivered', 'sent'],
  whatsapp: ['read', 'delivered'],
};
const rupees = (paise: number) => (paise / 100).toFixed(2);
/** An ISO time on `date` at the office's `minutes` after midnight in India (UTC+05:30). */
const officeTime = (date: string, minutes: number) =>
  new Date(Date.parse(`${date}T00:00:00+05:30`) + minutes * 60_000).toISOString();

/**
 * The rows, oldest first, in batches of FILL_ROWS: each a message's values in COLUMNS' order. `now`
 * decides which messages are still pending (the last two days') and when they become due.
 */
export function* outboxRows(
  students: readonly Student[],
  receipts: readonly Receipt[],
  params: { rows: number; today: string; now: Date; seed: number },
): Generator<Value[][]> {
  if (students.length === 0) throw new Error('the database has no students to write messages about');
  const rng = new Random(params.seed);
  const first = addDays(params.today, -(DAYS - 1));
  const byId = new Map(students.map((s) => [s.id, s]));
  const recent = addDays(params.today, -1);
  const retryAt = new Date(params.now.getTime() + 2 * 60 * 60_000).toISOString();
  const morning = officeTime(addDays(params.today, 1), 9 * 60);
  const seen = new Map<number, number>();
  let batch: Value[][] = [];
  let summaryDay = '';
  let summaries = 0;
  let k = 0;
  const push = (row: Value[]) => {
    batch.push(row);
    k++;
  };
  while (k < params.rows) {
    const day = addDays(first, Math.min(DAYS - 1, Math.floor((k / params.rows) * DAYS)));
    const minutes = 9 * 60 + 30 + Math.floor(rng.next() * 8 * 60);
    let createdAt = officeTime(day, minutes);
    const kind = rng.next();
    let fields: {
      eventKey: string;
      event: string;
      channel: string;
      recipient: string;
      name: string;
      departmentId: number | null;
      studentId: number | null;
      receiptNumber: number | null;
      /** A family reminder's children (JSON), as the reminder run writes them. */
      familyStudentIds?: string;
      payload: Record<string, string>;
      subject: string | null;
      body: string;
    };
    if (day !== summaryDay) {
      summaryDay = day;
      summaries = 0;
    }
    if (summaries < 2) {
      // The management's summary of the day before, to two addresses, at 07:00.
      createdAt = officeTime(day, 7 * 60);
      const recipient = summaries++ === 0 ? 'chairman@foundation.example.in' : 'accounts@foundation.example.in';
      fields = {
        eventKey: `summary:${addDays(day, -1)}`,
        event: 'daily_summary',
        channel: 'email',
        recipient,
        name: 'Management',
        departmentId: null,
        studentId: null,
        receiptNumber: null,
        payload: { date: addDays(day, -1) },
        subject: `Collections of ${addDays(day, -1)}`,
        body: `Collections of ${addDays(day, -1)} per department and mode, refunds, dues outstanding and defaulters.`,
      };
    } else if (kind < 0.65 && receipts.length > 0) {
      // The receipt written about the same time: the receipts are in date order as the rows are.
      const receipt = receipts[Math.min(receipts.length - 1, Math.floor((k / params.rows) * receipts.length))]!;
      const student = byId.get(receipt.studentId) ?? students[0]!;
      const n = seen.get(receipt.number) ?? 0;
      seen.set(receipt.number, n + 1);
      const contact = contactsOf(student)[n % 5]!;
      // A receipt is voided once: its message to each of the five contacts at most.
      const voided = kind < 0.02 && n < 5;
      createdAt = officeTime(receipt.date, minutes);
      const payload = {
        studentName: student.name,
        admissionNo: student.admissionNo,
        receiptNumber: String(receipt.number),
        date: receipt.date,
        amount: rupees(receipt.netPaise),
        reason: voided ? 'Entered twice' : '',
      };
      fields = {
        // A receipt's sixth message and later ones are "Send again", each an event of its own.
        eventKey: `receipt:${receipt.number}:${voided ? 'voided' : n < 5 ? 'created' : `again:${createdAt}:${n}`}`,
        event: voided ? 'receipt_voided' : 'receipt_created',
        channel: contact.channel,
        recipient: contact.recipient,
        name: contact.name,
        departmentId: student.departmentId,
        studentId: student.id,
        receiptNumber: receipt.number,
        payload,
        subject: contact.channel === 'email' ? `Receipt ${receipt.number}` : null,
        body:
          `Dear ${contact.name}, we received Rs ${payload.amount} for ${student.name} (${student.admissionNo}) ` +
          `on ${receipt.date}, receipt ${receipt.number}. Thank you.`,
      };
    } else {
      const student = students[(k * 7_919) % students.length]!;
      const contact = contactsOf(student)[k % 4]!;
      const notice = kind > 0.95;
      const stage = (['before', 'on', 'after'] as const)[k % 3]!;
      // A third of the reminders go to a family of two children (the second one a neighbour in the list).
      const sibling = k % 3 === 0 ? students[((k * 7_919) % students.length) + 1] : undefined;
      const children = sibling && sibling.departmentId === student.departmentId ? [student, sibling] : [student];
      const amount = rupees(500_00 + ((k * 37) % 400) * 100_00);
      const payload: Record<string, string> = {
        recipientName: contact.name,
        studentName: children.map((c) => c.name).join(' and '),
        amount,
        dueDate: day,
        ...(notice
          ? { asOfDate: day, payByDate: addDays(day, 15) }
          : {
              reminder: JSON.stringify({
                stage,
                date: day,
                days: 3,
                institution: 'The Foundation',
                children: children.map((c) => ({
                  studentId: c.id,
                  batchId: c.batchId,
                  instalmentIds: [],
                  dueDate: day,
                })),
              }),
            }),
      };
      fields = {
        eventKey: notice ? `notice:${student.id}:${day}` : `reminder:${day}:${stage}:${contact.recipient}`,
        event: notice ? 'notice_issued' : `reminder_${stage}`,
        channel: contact.channel,
        recipient: contact.recipient,
        name: contact.name,
        departmentId: student.departmentId,
        studentId: student.id,
        receiptNumber: null,
        ...(notice ? {} : { familyStudentIds: JSON.stringify(children.map((c) => c.id)) }),
        payload,
        subject: contact.channel === 'email' ? (notice ? 'Demand notice' : 'Fees due') : null,
        body: `Dear ${contact.name}, fees of Rs ${amount} for ${payload.studentName} are due on ${day}.`,
      };
    }
    const chance = rng.next();
    const reminder = fields.event.startsWith('reminder_');
    let status: string;
    let attempts = 1;
    let notBefore = createdAt;
    let error: string | null = null;
    if (day >= recent && chance < 0.15) {
      // Still pending: a reminder waits for the morning, anything else for its next attempt.
      status = 'queued';
      attempts = reminder ? 0 : 1;
      notBefore = reminder ? morning : retryAt;
      error = reminder ? null : 'No answer within 60000 ms';
    } else if (chance < 0.04) {
      status = 'failed';
      attempts = k % 4 === 0 ? 5 : 1;
      error = FAILURES[fields.channel]!;
    } else if (reminder && chance < 0.08) {
      status = 'cancelled';
      error = `Paid since the reminder was queued: nothing of the instalment is due as of ${day}`;
    } else {
      status = rng.pick(DELIVERED[fields.channel]!);
    }
    const sentAt = ['sent', 'delivered', 'read'].includes(status)
      ? new Date(Date.parse(createdAt) + 2_000 + (k % 60) * 1_000).toISOString()
      : null;
    push([
      fields.eventKey,
      fields.event,
      fields.channel,
      fields.recipient,
      fields.name,
      fields.departmentId,
      fields.studentId,
      fields.receiptNumber,
      fields.familyStudentIds ?? null,
      JSON.stringify(fields.payload),
      fields.subject,
      fields.body,
      status,
      attempts,
      notBefore,
      sentAt ? `bench-${k}` : null,
      error,
      createdAt,
      sentAt,
      sentAt ?? createdAt,
    ]);
    if (batch.length === FILL_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function statementFor(sqlite: Sqlite.Database, rows: number) {
  const row = `(${COLUMNS.map(() => '?').join(', ')})`;
  return sqlite.prepare(
    `INSERT INTO messages (${COLUMNS.join(', ')}) VALUES ${Array.from({ length: rows }, () => row).join(', ')}
     ON CONFLICT (event_key, channel, recipient) DO NOTHING`,
  );
}

/** Fills the SQLite file's outbox (the bench's own copy: written without fsync) and ANALYZEs it. */
export function fillOutbox(
  sqlite: Sqlite.Database,
  params: { rows: number; today: string; now?: Date; seed?: number },
): OutboxFillResult {
  const started = performance.now();
  const first = addDays(params.today, -(DAYS - 1));
  const students = sqlite
    .prepare(
      `SELECT id, department_id AS departmentId, batch_id AS batchId, name, admission_no AS admissionNo, email, phone
       FROM students ORDER BY id`,
    )
    .all() as Student[];
  const receipts = sqlite
    .prepare(
      `SELECT number, student_id AS studentId, date, net_paise AS netPaise FROM receipts
       WHERE date >= ? AND date <= ? ORDER BY date, number`,
    )
    .all(first, params.today) as Receipt[];
  const synchronous = sqlite.pragma('synchronous', { simple: true });
  sqlite.pragma('synchronous = OFF');
  // The other indexes are made again after the rows, each by one sorted build (several times faster than
  // a million inserts into them); the unique key stays, as the inserts' ON CONFLICT needs it.
  const indexes = sqlite
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' AND sql IS NOT NULL
       AND name <> 'messages_event_channel_recipient_uq'`,
    )
    .all() as Array<{ name: string; sql: string }>;
  for (const index of indexes) sqlite.exec(`DROP INDEX "${index.name}"`);
  const full = statementFor(sqlite, FILL_ROWS);
  let written = 0;
  try {
    for (const batch of outboxRows(students, receipts, {
      rows: params.rows,
      today: params.today,
      now: params.now ?? new Date(),
      seed: params.seed ?? 20_240_601,
    })) {
      const insert = batch.length === FILL_ROWS ? full : statementFor(sqlite, batch.length);
      written += insert.run(batch.flat()).changes;
    }
  } finally {
    for (const index of indexes) sqlite.exec(index.sql);
    sqlite.pragma(`synchronous = ${synchronous}`);
  }
  sqlite.exec('ANALYZE messages');
  const counts = (column: 'status' | 'event') =>
    Object.fromEntries(
      (
        sqlite.prepare(`SELECT ${column} AS k, count(*) AS n FROM messages GROUP BY ${column}`).all() as Array<{
          k: string;
          n: number;
        }>
      ).map((r) => [r.k, r.n]),
    );
  return {
    rows: written,
    seconds: (performance.now() - started) / 1000,
    byStatus: counts('status'),
    byEvent: counts('event'),
    from: first,
    to: params.today,
  };
}
