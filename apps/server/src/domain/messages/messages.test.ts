/**
 * Contacts on registration and edit, the outbox written in the event's transaction, and the worker
 * sending it through a recording stand-in of a provider: who gets what, opt-out, the unique key under
 * replays, a rolled-back receipt, retries with backoff, permanent failures, quiet hours, the send-time
 * hook and the rate.
 */
import {
  type Database,
  messageHistory,
  messages,
  messageTemplates,
  receipts,
  settings,
  studentContacts,
  students,
  transaction,
} from '@fees/db';
import { paiseToRupeesText, type TCreateReceiptInput, ZCreateReceiptInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { asc, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { useFixture, useHarness } from '../../test/use-harness';
import { createReceipt } from '../receipts/service';
import type { Channel, OutgoingMessage, SendResult } from './channels/channel';
import { useChannels } from './channels';
import { MessageWorker, onSendTime, RETRY_DELAYS_MS } from './worker';

const h = useHarness();
const fx = useFixture(h);

/** A provider's stand-in: records what it is sent and answers as told (success unless `answer` says). */
function recordingChannel(kind: Channel['channel'], answer: (m: OutgoingMessage) => SendResult | Promise<SendResult>) {
  const sent: OutgoingMessage[] = [];
  const channel: Channel = {
    channel: kind,
    description: `${kind} stand-in`,
    async send(message) {
      sent.push(message);
      return answer(message);
    },
  };
  return { channel, sent };
}
const ok = (m: OutgoingMessage): SendResult => ({ ok: true, providerId: `p-${m.id}` });

afterEach(() => useChannels([]));

function receiptInput(paise = 500_00, extra: Partial<TCreateReceiptInput> = {}) {
  const amount = paiseToRupeesText(paise);
  return {
    depId: 100,
    studentId: fx.ug.studentId,
    date: '2025-08-01',
    items: [{ feeHeadId: fx.heads.exam, particulars: 'Exam fee', amount }],
    paymentMode: 'cash',
    total: amount,
    tax: '0.00',
    net: amount,
    confirm: true,
    ...extra,
  } as TCreateReceiptInput;
}

/** The UG student's own e-mail and two guardians: a mother on WhatsApp, a father opted out of reminders. */
async function giveContacts(db: Database) {
  await db.update(students).set({ email: 'student@example.in' }).where(eq(students.id, fx.ug.studentId));
  await db.insert(studentContacts).values([
    {
      studentId: fx.ug.studentId,
      position: 1,
      name: 'Lakshmi',
      relation: 'Mother',
      mobile: '+919847011111',
      email: 'lakshmi@example.in',
      whatsapp: 1,
    },
    {
      studentId: fx.ug.studentId,
      position: 2,
      name: 'Ravi',
      relation: 'Father',
      mobile: '+919847022222',
      remindersOptOut: 1,
    },
  ]);
}

const outbox = (db: Database) =>
  db
    .select({
      id: messages.id,
      event: messages.event,
      channel: messages.channel,
      recipient: messages.recipient,
      status: messages.status,
      body: messages.body,
      subject: messages.subject,
      notBefore: messages.notBefore,
      attempts: messages.attempts,
      error: messages.error,
      providerId: messages.providerId,
      receiptNumber: messages.receiptNumber,
    })
    .from(messages)
    .orderBy(asc(messages.channel), asc(messages.recipient));

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const issue = error.cause instanceof ZodError ? error.cause.issues[0] : undefined;
    return { code: error.code, message: issue?.message ?? error.message, path: issue?.path.join('.') };
  }
  throw new Error('the call was expected to fail');
}

describe('contacts', () => {
  const registration = (contacts: Array<Record<string, unknown>> | undefined) => ({
    depId: 100,
    courseId: fx.ug.courseId,
    batchId: fx.ug.batchId,
    capId: 'CAP901',
    name: 'Anu Thomas',
    admissionNo: 'UG-901',
    admissionDate: '2025-06-15',
    categoryId: 2,
    dateOfBirth: '2007-01-20',
    gender: 'Female' as const,
    email: 'anu@example.in',
    phone: '9846012345',
    address: 'Thrissur',
    confirm: true,
    contacts: contacts as Array<{ name: string; relation: string }> | undefined,
  });

  it('registration stores up to two guardians, a mobile as typed kept as +91 and 10 digits', async () => {
    const ug = h.caller('ugStaff');
    const { id } = await ug.students.create(
      registration([
        { name: 'Thomas', relation: 'Father', mobile: '098470 12345', email: 'Thomas@Example.in', whatsapp: true },
        { name: 'Mary', relation: 'Mother', mobile: '+91 94470-55555', remindersOptOut: true },
      ]),
    );
    const detail = await ug.students.byId({ depId: 100, id });
    expect(detail.contacts).toEqual([
      {
        position: 1,
        name: 'Thomas',
        relation: 'Father',
        mobile: '+919847012345',
        email: 'thomas@example.in',
        whatsapp: true,
        remindersOptOut: false,
      },
      {
        position: 2,
        name: 'Mary',
        relation: 'Mother',
        mobile: '+919447055555',
        email: null,
        whatsapp: false,
        remindersOptOut: true,
      },
    ]);
    expect(detail.remindersOptOut).toBe(false);
  });

  it('an invalid mobile or e-mail is a 400 naming the field, and nothing is written', async () => {
    const ug = h.caller('ugStaff');
    expect(
      await refusal(ug.students.create(registration([{ name: 'X', relation: 'Uncle', mobile: '12345' }]))),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (+91 or 0 in front is fine)',
      path: 'contacts.0.mobile',
    });
    expect(
      await refusal(ug.students.create(registration([{ name: 'X', relation: 'Uncle', email: 'not-an-address' }]))),
    ).toMatchObject({ code: 'BAD_REQUEST', path: 'contacts.0.email' });
    const three = Array.from({ length: 3 }, (_, i) => ({ name: `G${i}`, relation: 'Aunt', mobile: '9847012345' }));
    expect(await refusal(ug.students.create(registration(three)))).toMatchObject({
      message: 'At most 2 guardians',
      path: 'contacts',
    });
    expect((await h.db.select({ n: count() }).from(students).where(eq(students.admissionNo, 'UG-901')))[0]!.n).toBe(0);
    expect((await h.db.select({ n: count() }).from(studentContacts))[0]!.n).toBe(0);
  });

  it('an edit without contacts keeps them; with contacts it replaces them', async () => {
    const ug = h.caller('ugStaff');
    const { id } = await ug.students.create(
      registration([{ name: 'Thomas', relation: 'Father', mobile: '9847012345' }]),
    );
    const { contacts: _contacts, ...withoutContacts } = registration(undefined);
    const first = await ug.students.update({ ...withoutContacts, id, name: 'Anu T' });
    expect((await ug.students.byId({ depId: 100, id })).contacts).toHaveLength(1);
    await ug.students.update({
      ...withoutContacts,
      id,
      version: first.version,
      remindersOptOut: true,
      contacts: [{ name: 'Mary', relation: 'Mother', email: 'mary@example.in' }],
    });
    const detail = await ug.students.byId({ depId: 100, id });
    expect(detail.contacts.map((c) => c.name)).toEqual(['Mary']);
    expect(detail.remindersOptOut).toBe(true);
  });
});

describe('the contacts import', () => {
  const csv = (...rows: string[]) =>
    [
      'Admission No,Guardian 1 Name,Guardian 1 Relation,Guardian 1 Mobile,Guardian 1 WhatsApp,Guardian 2 Name,Guardian 2 Relation,Guardian 2 Email',
      ...rows,
    ].join('\n');

  it('previews every row with its errors, imports nothing while any is invalid, then replaces the guardians', async () => {
    const ug = h.caller('ugStaff');
    const bad = csv(
      'UG-001,Lakshmi,Mother,98470 11111,yes,Ravi,Father,ravi@',
      'UG-404,Someone,Aunt,9847011112,no,,,',
      'UG-001,X,Y,9847011113,,,,',
    );
    const preview = await ug.messages.contactsImportPreview({ depId: 100, csv: bad });
    expect(preview).toMatchObject({ total: 3, valid: 0, invalid: 3 });
    expect(preview.rows.map((r) => r.errors)).toEqual([
      ['Guardian 2 e-mail: Enter a valid email address', 'Admission no: UG-001 is repeated in the file (lines 4)'],
      ['Admission no: no student UG-404 in this department'],
      ['Admission no: UG-001 is repeated in the file (lines 2)'],
    ]);
    expect(await refusal(ug.messages.contactsImportCommit({ depId: 100, csv: bad }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: '3 of 3 rows are invalid (lines 2, 3, 4); nothing was imported',
    });
    expect((await h.db.select({ n: count() }).from(studentContacts))[0]!.n).toBe(0);

    const good = csv('UG-001,Lakshmi,Mother,98470 11111,yes,Ravi,Father,ravi@example.in');
    expect(await ug.messages.contactsImportPreview({ depId: 100, csv: good })).toMatchObject({ valid: 1, invalid: 0 });
    expect(await ug.messages.contactsImportCommit({ depId: 100, csv: good })).toEqual({ Status: 'OK', imported: 1 });
    const detail = await ug.students.byId({ depId: 100, id: fx.ug.studentId });
    expect(detail.contacts.map((c) => [c.name, c.relation, c.mobile, c.email, c.whatsapp])).toEqual([
      ['Lakshmi', 'Mother', '+919847011111', null, true],
      ['Ravi', 'Father', null, 'ravi@example.in', false],
    ]);
  });
});

describe('the outbox', () => {
  it('with no channel configured, a receipt writes no message', async () => {
    await giveContacts(h.db);
    await h.caller('ugStaff').receipts.create(receiptInput());
    expect(await outbox(h.db)).toEqual([]);
  });

  it('a receipt goes to every contact on every configured channel, opted out or not, rendered', async () => {
    await giveContacts(h.db);
    useChannels([recordingChannel('email', ok).channel, recordingChannel('sms', ok).channel]);
    const { number } = await h.caller('ugStaff').receipts.create(receiptInput(1_234_50));
    const rows = await outbox(h.db);
    expect(rows.map((r) => [r.event, r.channel, r.recipient, r.status, r.receiptNumber])).toEqual([
      ['receipt_created', 'email', 'lakshmi@example.in', 'queued', number],
      ['receipt_created', 'email', 'student@example.in', 'queued', number],
      ['receipt_created', 'sms', '+919847000001', 'queued', number],
      ['receipt_created', 'sms', '+919847011111', 'queued', number],
      ['receipt_created', 'sms', '+919847022222', 'queued', number],
    ]);
    const sms = rows.find((r) => r.channel === 'sms')!;
    expect(sms.body).toBe(
      `Received Rs 1234.50 for Anjali Menon (UG-001) on 01-08-2025, receipt #000${number}. Thank you.`,
    );
    expect(rows[0]!.subject).toBe(`Fee receipt #000${number} for Anjali Menon`);
  });

  it("a department's own text replaces the product's", async () => {
    await giveContacts(h.db);
    useChannels([recordingChannel('sms', ok).channel]);
    await h.db.insert(messageTemplates).values({
      departmentId: 100,
      event: 'receipt_created',
      channel: 'sms',
      body: 'Paid {amount} for {studentName}.',
    });
    await h.caller('ugStaff').receipts.create(receiptInput());
    expect(new Set((await outbox(h.db)).map((r) => r.body))).toEqual(new Set(['Paid 500.00 for Anjali Menon.']));
  });

  it('an idempotent replay writes no second message; a rolled-back receipt leaves none', async () => {
    await giveContacts(h.db);
    useChannels([recordingChannel('email', ok).channel]);
    const input = { ...receiptInput(), idempotencyKey: 'replay-key-1' } as TCreateReceiptInput;
    const first = await h.caller('ugStaff').receipts.create(input);
    const replay = await h.caller('ugStaff').receipts.create(input);
    expect(replay.number).toBe(first.number);
    expect(await outbox(h.db)).toHaveLength(2);

    const receiptsBefore = (await h.db.select({ n: count() }).from(receipts))[0]!.n;
    await expect(
      transaction(h.db, async (tx) => {
        await createReceipt(
          tx,
          { userId: h.sessions.ugStaff.userId, email: null },
          ZCreateReceiptInput.parse(receiptInput()),
          { role: 'accountant', departmentIds: [100] },
        );
        throw new Error('the counter gave up');
      }),
    ).rejects.toThrow('the counter gave up');
    expect((await h.db.select({ n: count() }).from(receipts))[0]!.n).toBe(receiptsBefore);
    expect(await outbox(h.db)).toHaveLength(2);
  });

  it('a void queues its own message; a notice goes only to contacts not opted out', async () => {
    await giveContacts(h.db);
    useChannels([recordingChannel('sms', ok).channel, recordingChannel('whatsapp', ok).channel]);
    const ug = h.caller('ugStaff');
    const { number } = await ug.receipts.create(receiptInput());
    await ug.receipts.void({ number, reason: 'Entered twice' });
    const voids = (await outbox(h.db)).filter((r) => r.event === 'receipt_voided');
    expect(voids.map((r) => [r.channel, r.recipient])).toEqual([
      ['sms', '+919847000001'],
      ['sms', '+919847011111'],
      ['sms', '+919847022222'],
      ['whatsapp', '+919847011111'],
    ]);
    expect(voids[0]!.body).toContain('Entered twice');

    const sent = await ug.messages.sendNotice({ depId: 100, studentId: fx.ug.studentId });
    expect(sent.queued).toBe(3);
    const notices = (await outbox(h.db)).filter((r) => r.event === 'notice_issued');
    expect(notices.map((r) => [r.channel, r.recipient])).toEqual([
      ['sms', '+919847000001'],
      ['sms', '+919847011111'],
      ['whatsapp', '+919847011111'],
    ]);
    expect((await ug.messages.sendNotice({ depId: 100, studentId: fx.ug.studentId })).queued).toBe(0);
  });
});

describe('the worker', () => {
  let worker: MessageWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });
  const newWorker = (channels: Channel[], now?: () => Date) =>
    new MessageWorker(h.db, { channels, origin: 'http://fees.test', pollMs: 20, ...(now ? { now } : {}) });

  it('sends each message once, records the provider id and the history', async () => {
    await giveContacts(h.db);
    const sms = recordingChannel('sms', ok);
    useChannels([sms.channel]);
    const { number } = await h.caller('ugStaff').receipts.create(receiptInput());
    worker = newWorker([sms.channel]);
    expect(await worker.runOnce()).toBe(3);
    expect(await worker.runOnce()).toBe(0);
    expect(sms.sent.map((m) => m.recipient).sort()).toEqual(['+919847000001', '+919847011111', '+919847022222']);
    expect(sms.sent[0]!.body).toContain(`#000${number}`);
    const rows = await outbox(h.db);
    expect(rows.every((r) => r.status === 'sent' && r.providerId === `p-${r.id}`)).toBe(true);
    const history = await h.db.select().from(messageHistory).orderBy(asc(messageHistory.id));
    expect(history).toHaveLength(3);
    expect(history[0]!.detail).toMatch(/^Sent through sms stand-in \(p-\d+\)$/);
  });

  it('retries a transient failure after 1 min, 5 min, 30 min and 2 h, then fails; a permanent one fails at once', async () => {
    await h.db.update(students).set({ email: 'student@example.in' }).where(eq(students.id, fx.ug.studentId));
    const email = recordingChannel('email', () => ({ ok: false, kind: 'transient', reason: '421 try later' }));
    useChannels([email.channel]);
    await h.caller('ugStaff').receipts.create(receiptInput());
    worker = newWorker([email.channel]);
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      const before = Date.now();
      expect(await worker.runOnce()).toBe(1);
      const [row] = await outbox(h.db);
      expect(row).toMatchObject({ status: 'queued', attempts: i + 1, error: '421 try later' });
      const wait = Date.parse(row!.notBefore) - before;
      expect(wait).toBeGreaterThanOrEqual(delay - 1000);
      expect(wait).toBeLessThanOrEqual(delay + 5000);
      expect(await worker.runOnce()).toBe(0);
      await h.db.update(messages).set({ notBefore: new Date(Date.now() - 1000).toISOString() });
    }
    expect(await worker.runOnce()).toBe(1);
    expect((await outbox(h.db))[0]).toMatchObject({ status: 'failed', attempts: 5, error: '421 try later' });
    const history = await h.db.select().from(messageHistory).orderBy(asc(messageHistory.id));
    expect(history.map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'failed']);
    expect(history[4]!.detail).toBe('421 try later (gave up after 5 attempts)');

    await h.db.delete(messages);
    const refusing = recordingChannel('email', () => ({ ok: false, kind: 'permanent', reason: '550 no such user' }));
    useChannels([refusing.channel]);
    await h.caller('ugStaff').receipts.create(receiptInput());
    worker = newWorker([refusing.channel]);
    expect(await worker.runOnce()).toBe(1);
    expect((await outbox(h.db))[0]).toMatchObject({ status: 'failed', attempts: 1, error: '550 no such user' });
  });

  it('holds notices outside the quiet hours while receipts go at once', async () => {
    await giveContacts(h.db);
    const sms = recordingChannel('sms', ok);
    useChannels([sms.channel]);
    const ug = h.caller('ugStaff');
    await ug.messages.sendNotice({ depId: 100, studentId: fx.ug.studentId });
    await ug.receipts.create(receiptInput());
    const night = () => new Date(2026, 10, 27, 22, 30);
    worker = newWorker([sms.channel], night);
    expect(await worker.runOnce()).toBe(3);
    expect(sms.sent.every((m) => m.body.startsWith('Received'))).toBe(true);
    expect(await worker.runOnce()).toBe(0);
    const morning = newWorker([sms.channel], () => new Date(2026, 10, 28, 9, 0));
    expect(await morning.runOnce()).toBe(2);
    expect((await outbox(h.db)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('lets the send-time hook cancel a message or send it rendered again', async () => {
    await giveContacts(h.db);
    const sms = recordingChannel('sms', ok);
    useChannels([sms.channel]);
    onSendTime(['notice_issued'], async (_db, message) =>
      message.recipient === '+919847000001'
        ? { cancel: 'Paid meanwhile' }
        : { body: `Fresh text for ${message.recipient}`, subject: null, payload: { amount: '1.00' } },
    );
    await h.caller('ugStaff').messages.sendNotice({ depId: 100, studentId: fx.ug.studentId });
    worker = newWorker([sms.channel], () => new Date(2026, 10, 27, 11, 0));
    await worker.runOnce();
    const rows = await outbox(h.db);
    expect(rows.map((r) => [r.recipient, r.status, r.error ?? r.body])).toEqual([
      ['+919847000001', 'cancelled', 'Paid meanwhile'],
      ['+919847011111', 'sent', 'Fresh text for +919847011111'],
    ]);
    expect(sms.sent.map((m) => m.body)).toEqual(['Fresh text for +919847011111']);
  });

  it('waits while the server is busy with requests, but never longer than its longest wait', async () => {
    await giveContacts(h.db);
    const sms = recordingChannel('sms', ok);
    useChannels([sms.channel]);
    await h.caller('ugStaff').receipts.create(receiptInput());
    let busy = true;
    worker = new MessageWorker(h.db, {
      channels: [sms.channel],
      origin: 'http://fees.test',
      pollMs: 20,
      busy: () => busy,
      maxWaitMs: 60_000,
    });
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sms.sent).toHaveLength(0);
    busy = false;
    await expect.poll(() => sms.sent.length, { timeout: 5000 }).toBe(3);
    await worker.stop();

    await h.db.delete(messages);
    const other = recordingChannel('sms', ok);
    useChannels([other.channel]);
    await h.caller('ugStaff').receipts.create(receiptInput());
    worker = new MessageWorker(h.db, {
      channels: [other.channel],
      origin: 'http://fees.test',
      pollMs: 20,
      busy: () => true,
      maxWaitMs: 200,
    });
    worker.start();
    await expect.poll(() => other.sent.length, { timeout: 5000 }).toBe(3);
  });

  it('sends at most the settings’ rate a second on a channel', async () => {
    await giveContacts(h.db);
    await h.db.update(settings).set({ sendRatePerSecond: 2 });
    const sms = recordingChannel('sms', ok);
    useChannels([sms.channel]);
    await h.caller('ugStaff').receipts.create(receiptInput());
    worker = newWorker([sms.channel]);
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await worker.runOnce()).toBe(1);
  });
});
