import { messages, studentContacts, students } from '@fees/db';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel, OutgoingMessage } from '../../domain/messages/channels/channel';
import { useChannels } from '../../domain/messages/channels';
import { dailyTick } from '../../domain/messages/daily';
import { recheckReminder, recheckRemindersAtSendTime } from '../../domain/messages/reminders';
import { MessageWorker } from '../../domain/messages/worker';
import { queueDailySummary } from '../../domain/messages/summary';
import { receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
const rs = (rupees: number) => Math.round(rupees * 100);
const TERM1 = '2026-02-10';

/**
 * UG's batch in two terms. The fixture's Anjali owes 4,000 of Term 1 (14,000 less the 10,000 paid; her
 * concession sits on Term 2). Her brother Arjun (same guardian mobile) and Devi owe all of Term 1; Devi's
 * guardian opted out of reminders. Reminders: 3 days before, on the day, 5 days after.
 */
let arjun: number;
let devi: number;
beforeEach(async () => {
  // E-mail and SMS configured; the worker is not running here, so nothing is sent.
  useChannels(['email', 'sms'].map((channel) => ({ channel, description: channel, send: unsent }) as Channel));
  await h.caller('admin').plans.save({
    depId: 100,
    batchId: fx.ug.batchId,
    fineRule: { type: 'fixed', amountPaise: rs(100), graceDays: 0 },
    instalments: [
      {
        name: 'Term 1',
        dueDate: TERM1,
        fineRule: null,
        amounts: [
          { feeHeadId: fx.heads.tuition, amountPaise: rs(12500) },
          { feeHeadId: fx.heads.exam, amountPaise: rs(1500) },
        ],
      },
      {
        name: 'Term 2',
        dueDate: '2026-06-10',
        fineRule: null,
        amounts: [{ feeHeadId: fx.heads.tuition, amountPaise: rs(12500) }],
      },
    ],
  });
  const common = {
    departmentId: 100,
    courseId: 1003,
    batchId: fx.ug.batchId,
    admissionDate: '2025-06-10',
    dateOfBirth: '2008-01-01',
    gender: 'Male' as const,
    categoryId: 1,
    address: '12 Temple Road, Thrissur',
  };
  [arjun, devi] = (
    await h.db
      .insert(students)
      .values([
        { ...common, admissionNo: 'UG-014', capId: 'CAP014', name: 'Arjun Menon', email: 'arjun@example.org' },
        { ...common, admissionNo: 'UG-020', capId: 'CAP020', name: 'Devi Das', remindersOptOut: 1 },
      ])
      .returning({ id: students.id })
  ).map((s) => s.id) as [number, number];
  await h.db.insert(studentContacts).values([
    {
      studentId: fx.ug.studentId,
      position: 1,
      name: 'Lakshmi Menon',
      relation: 'Mother',
      mobile: '+919847011111',
      email: 'lakshmi@example.org',
    },
    { studentId: arjun, position: 1, name: 'Lakshmi Menon', relation: 'Mother', mobile: '+919847011111' },
    { studentId: devi, position: 1, name: 'Ravi Das', relation: 'Father', mobile: '+919847022222', remindersOptOut: 1 },
  ]);
  await h.caller('admin').messages.reminders.saveRules({
    depId: 100,
    batchId: fx.ug.batchId,
    rules: [
      { stage: 'before', enabled: true, days: 3 },
      { stage: 'on', enabled: true, days: 0 },
      { stage: 'after', enabled: true, days: 5 },
    ],
  });
});

const pay = (studentId: number, date: string, paise: number, feeHeadId = fx.heads.tuition) =>
  receiptInput(fx, { studentId, date, lines: [[feeHeadId, paise]] });

const unsent = () => Promise.reject(new Error('no worker runs in these tests'));
afterEach(() => useChannels([]));

/** The outbox's reminders and summaries (receipts queue their own messages too). */
const queued = async (db = h.db) =>
  (await db.select().from(messages).orderBy(messages.id)).filter((m) => !m.event.startsWith('receipt_'));

describe('reminder rules', () => {
  it('keeps each stage with its days, and refuses a batch without a saved plan', async () => {
    const rules = await h.caller('ugStaff').messages.reminders.rules({ depId: 100, batchId: fx.ug.batchId });
    expect(rules.rules).toEqual([
      { stage: 'before', enabled: true, days: 3 },
      { stage: 'on', enabled: true, days: 0 },
      { stage: 'after', enabled: true, days: 5 },
    ]);
    await expect(
      h.caller('admin').messages.reminders.saveRules({
        depId: 101,
        batchId: fx.pg.batchId,
        rules: [
          { stage: 'before', enabled: true, days: 3 },
          { stage: 'on', enabled: false, days: 0 },
          { stage: 'after', enabled: false, days: 0 },
        ],
      }),
    ).rejects.toThrow('Save the fee plan of this batch before its reminders');
    await expect(
      h.caller('admin').messages.reminders.saveRules({
        depId: 100,
        batchId: fx.ug.batchId,
        rules: [
          { stage: 'before', enabled: true, days: 0 },
          { stage: 'on', enabled: false, days: 0 },
          { stage: 'after', enabled: false, days: 0 },
        ],
      }),
    ).rejects.toThrow('Enter a number of days from 1 to 90');
  });
});

describe('a reminder run', () => {
  it('previews one message per family and channel, leaves out opted-out contacts, and counts the cost', async () => {
    await h.caller('admin').messages.updateSettings({
      quietHoursStart: '09:00',
      quietHoursEnd: '20:00',
      summaryRecipients: '',
      summaryTime: '07:00',
      sendRatePerSecond: 20,
      emailPrice: '0',
      smsPrice: '0.25',
      whatsappPrice: '0.80',
    });
    const preview = await h.caller('ugStaff').messages.reminders.preview({ depId: 100, date: TERM1 });
    // Anjali and Arjun share their mother's mobile: one family; Devi's guardian and Devi herself opted out.
    expect(preview.families).toBe(1);
    expect(preview.withoutContact).toBe(1);
    expect(preview.stages.find((s) => s.stage === 'on')).toEqual({
      stage: 'on',
      families: 1,
      students: 2,
      amountPaise: rs(4000) + rs(14000),
    });
    const family = preview.sample[0]!;
    expect(family.children.map((c) => [c.name, c.amountPaise])).toEqual([
      ['Anjali Menon', rs(4000)],
      ['Arjun Menon', rs(14000)],
    ]);
    // SMS: the mother's mobile and Anjali's own phone; e-mail: the mother's and Arjun's addresses.
    expect(family.recipients.map((r) => `${r.channel} ${r.recipient}`).sort()).toEqual([
      'email arjun@example.org',
      'email lakshmi@example.org',
      'sms +919847000001',
      'sms +919847011111',
    ]);
    expect(preview.channels).toEqual([
      { channel: 'email', messages: 2, pricePaise: 0, costPaise: 0 },
      { channel: 'sms', messages: 2, pricePaise: 25, costPaise: 50 },
      { channel: 'whatsapp', messages: 0, pricePaise: 80, costPaise: 0 },
    ]);
    expect(preview.totalCostPaise).toBe(50);
  });

  it('queues the messages once: a second run of the same day and stage adds nothing', async () => {
    const first = await h.caller('ugStaff').messages.reminders.queue({ depId: 100, date: TERM1 });
    expect(first).toMatchObject({ families: 1, queued: 4, alreadyQueued: 0 });
    const second = await h
      .caller('ugStaff')
      .messages.reminders.queue({ depId: 100, batchId: fx.ug.batchId, date: TERM1 });
    expect(second).toMatchObject({ queued: 0, alreadyQueued: 4 });
    const rows = await queued();
    expect(rows).toHaveLength(4);
    const mother = rows.find((r) => r.recipient === '+919847011111')!;
    expect(mother).toMatchObject({ event: 'reminder_on', channel: 'sms', status: 'queued', departmentId: 100 });
    expect(mother.body).toBe(
      'Dear Lakshmi Menon, fees of Rs 18,000.00 for Anjali Menon and Arjun Menon are due today, 10-02-2026. Arts and Science College',
    );
    expect((await h.caller('ugStaff').messages.reminders.preview({ depId: 100, date: TERM1 })).alreadyQueued).toBe(1);
  });

  it('reminds before the due date and after it with the fine as of that day; nothing on a day without a due date', async () => {
    const before = await h.caller('ugStaff').messages.reminders.preview({ depId: 100, date: '2026-02-07' });
    expect(before.stages.map((s) => [s.stage, s.families])).toEqual([
      ['before', 1],
      ['on', 0],
      ['after', 0],
    ]);
    const after = await h.caller('ugStaff').messages.reminders.preview({ depId: 100, date: '2026-02-15' });
    // The fixed fine of 100 per late instalment, as of the day.
    expect(after.stages.find((s) => s.stage === 'after')!.amountPaise).toBe(rs(4100) + rs(14100));
    const none = await h.caller('ugStaff').messages.reminders.preview({ depId: 100, date: '2026-02-11' });
    expect(none.families).toBe(0);
  });

  it('checks a reminder again at send time: paid since, it is cancelled; paid in part, the amount is the new one', async () => {
    await h.caller('ugStaff').messages.reminders.queue({ depId: 100, date: TERM1 });
    const mother = (await queued()).find((r) => r.recipient === '+919847011111')!;
    await h.caller('ugStaff').receipts.create(pay(arjun, TERM1, rs(10000)));
    const partly = await recheckReminder(h.db, mother, TERM1);
    // The payload's variables are the new ones too: a provider's registered template takes them.
    expect(partly).toMatchObject({ payload: { amount: '8,000.00', recipientName: 'Lakshmi Menon' } });
    expect(partly).toMatchObject({
      subject: null,
      body: 'Dear Lakshmi Menon, fees of Rs 8,000.00 for Anjali Menon and Arjun Menon are due today, 10-02-2026. Arts and Science College',
    });
    await h.caller('ugStaff').receipts.create(pay(arjun, TERM1, rs(2500)));
    await h.caller('ugStaff').receipts.create(pay(fx.ug.studentId, TERM1, rs(2500)));
    // Tuition is paid; the exam fee of 1,500 each is still open on Term 1.
    const exam = await recheckReminder(h.db, mother, TERM1);
    expect(exam).toMatchObject({ body: expect.stringContaining('Rs 3,000.00') });
    for (const id of [arjun, fx.ug.studentId]) {
      await h.caller('ugStaff').receipts.create(pay(id, TERM1, rs(1500), fx.heads.exam));
    }
    expect(await recheckReminder(h.db, mother, TERM1)).toEqual({
      cancel: 'Paid since the reminder was queued: nothing of the instalment is due as of 10-02-2026',
    });
  });
});

describe('the worker at send time', () => {
  it('cancels the reminders of a family that paid after they were queued: nothing is sent', async () => {
    const sent: Array<{ recipient: string; body: string }> = [];
    const sms = {
      channel: 'sms',
      description: 'SMS stand-in',
      send: async (m: { recipient: string; body: string }) => {
        sent.push({ recipient: m.recipient, body: m.body });
        return { ok: true, providerId: `p${sent.length}` };
      },
    } as unknown as Channel;
    useChannels([sms]);
    recheckRemindersAtSendTime(() => TERM1);
    await h.caller('ugStaff').messages.reminders.queue({ depId: 100, date: TERM1 });
    // Queued at 09:00; Anjali's own phone is hers alone. Her brother's dues are paid at 10:00.
    await h.caller('ugStaff').receipts.create(pay(arjun, TERM1, rs(12500)));
    await h.caller('ugStaff').receipts.create(pay(arjun, TERM1, rs(1500), fx.heads.exam));
    await h.caller('ugStaff').receipts.create(pay(fx.ug.studentId, TERM1, rs(2500)));
    await h.caller('ugStaff').receipts.create(pay(fx.ug.studentId, TERM1, rs(1500), fx.heads.exam));
    const worker = new MessageWorker(h.db, {
      channels: [sms],
      origin: 'http://fees.test',
      now: () => new Date(`${TERM1}T10:05:00`),
    });
    await worker.runOnce();
    const reminders = (await queued()).filter((m) => m.event === 'reminder_on');
    expect(reminders.map((m) => [m.recipient, m.status, m.error])).toEqual([
      [
        '+919847000001',
        'cancelled',
        'Paid since the reminder was queued: nothing of the instalment is due as of 10-02-2026',
      ],
      [
        '+919847011111',
        'cancelled',
        'Paid since the reminder was queued: nothing of the instalment is due as of 10-02-2026',
      ],
    ]);
    expect(sent.filter((m) => m.body.includes('due today'))).toEqual([]);
  });
});

describe("the worker sends a reminder with the department's own text", () => {
  it('renders it with the dues at send time and gives the provider its DLT template id', async () => {
    const sent: OutgoingMessage[] = [];
    const sms = {
      channel: 'sms',
      description: 'SMS stand-in',
      send: async (m: OutgoingMessage) => {
        sent.push(m);
        return { ok: true, providerId: `p${sent.length}` };
      },
    } as unknown as Channel;
    useChannels([sms]);
    recheckRemindersAtSendTime(() => TERM1);
    await h.caller('ugStaff').messages.saveTemplate({
      depId: 100,
      event: 'reminder_on',
      channel: 'sms',
      body: 'Rs {amount} due today for {studentName}. {institution}',
      dltTemplateId: '1107161234567890123',
    });
    await h.caller('ugStaff').messages.reminders.queue({ depId: 100, date: TERM1 });
    await h.caller('ugStaff').receipts.create(pay(arjun, TERM1, rs(10000)));
    const worker = new MessageWorker(h.db, {
      channels: [sms],
      origin: 'http://fees.test',
      now: () => new Date(`${TERM1}T10:05:00`),
    });
    await worker.runOnce();
    // Arjun's receipt went to her too; the reminder is the message with the department's text.
    const mother = sent.find((m) => m.recipient === '+919847011111' && m.body.includes('due today'))!;
    expect(mother.body).toBe('Rs 8,000.00 due today for Anjali Menon and Arjun Menon. Arts and Science College');
    expect(mother.provider).toMatchObject({
      dltTemplateId: '1107161234567890123',
      parameters: ['8,000.00', 'Anjali Menon and Arjun Menon', 'Arts and Science College'],
    });
  });
});

describe('the outbox screen', () => {
  it('lists with filters, shows the history, cancels a queued message and retries it', async () => {
    await h.caller('ugStaff').messages.reminders.queue({ depId: 100, date: TERM1 });
    const sms = await h.caller('ugStaff').messages.outbox({ depId: 100, channel: 'sms' });
    expect(sms.count).toBe(2);
    const byStudent = await h.caller('ugStaff').messages.outbox({ depId: 100, admNo: 'UG-001' });
    expect(byStudent.count).toBe(4);
    // Arjun is the family's second child: its messages are his too (the statement lists them).
    expect((await h.caller('ugStaff').messages.outbox({ depId: 100, studentId: arjun })).count).toBe(4);
    expect((await h.caller('ugStaff').messages.outbox({ depId: 100, studentId: devi })).count).toBe(0);
    expect((await h.caller('ugStaff').messages.outbox({ depId: 100, status: 'failed' })).count).toBe(0);
    const id = sms.rows[0]!.id;
    const cancelled = await h.caller('ugStaff').messages.cancel({ depId: 100, id });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.history).toEqual([
      expect.objectContaining({ status: 'cancelled', detail: 'Cancelled by ug@test.local' }),
    ]);
    await expect(h.caller('ugStaff').messages.cancel({ depId: 100, id })).rejects.toThrow(
      'Only a queued message can be cancelled (this one is cancelled)',
    );
    const retried = await h.caller('ugStaff').messages.retry({ depId: 100, id });
    expect(retried).toMatchObject({ status: 'queued', error: null });
    await expect(h.caller('pgStaff').messages.byId({ depId: 101, id })).rejects.toThrow(
      'No such message in this department',
    );
  });

  it("finds a family's reminder under each child it names, newest first, on the screen and for other programs", async () => {
    await h.caller('ugStaff').messages.reminders.queue({ depId: 100, date: TERM1 });
    const family = (await queued()).filter((m) => m.event === 'reminder_on').map((m) => m.id);
    expect(family.length).toBe(4);
    const newestFirst = [...family].reverse();
    const reminders = (page: { rows: Array<{ id: number; event: string }> }) =>
      page.rows.filter((m) => m.event === 'reminder_on').map((m) => m.id);
    // The rows name Anjali (the first child); Arjun finds them by his id and by his admission number.
    for (const child of [{ studentId: fx.ug.studentId }, { studentId: arjun }, { admNo: 'UG-014' }]) {
      const page = await h.caller('ugStaff').messages.outbox({ depId: 100, ...child });
      expect(reminders(page)).toEqual(newestFirst);
      expect(page.count).toBe(page.rows.length);
    }
    const listed = await h.caller('ugStaff').messages.list({ depId: 100, admissionNo: 'UG-014', limit: 50 });
    expect(reminders({ rows: listed })).toEqual(newestFirst);
    expect((await h.caller('ugStaff').messages.list({ depId: 100, admissionNo: 'UG-020', limit: 50 })).length).toBe(0);
  });

  it('sends a receipt again to its contacts under a new event each time', async () => {
    const again = { depId: 100 as const, receiptNumber: fx.ug.receiptNumber };
    // Anjali's own phone, her mother's mobile and her mother's e-mail.
    expect(await h.caller('ugStaff').messages.sendReceiptAgain(again)).toEqual({ queued: 3 });
    expect(await h.caller('ugStaff').messages.sendReceiptAgain(again)).toEqual({ queued: 3 });
    const rows = await h.db.select().from(messages).where(eq(messages.receiptNumber, fx.ug.receiptNumber));
    expect(rows.map((m) => [m.event, m.recipient]).sort()).toEqual([
      ['receipt_created', '+919847000001'],
      ['receipt_created', '+919847000001'],
      ['receipt_created', '+919847011111'],
      ['receipt_created', '+919847011111'],
      ['receipt_created', 'lakshmi@example.org'],
      ['receipt_created', 'lakshmi@example.org'],
    ]);
    expect(new Set(rows.map((m) => m.eventKey)).size).toBe(2);
    useChannels([]);
    await expect(h.caller('ugStaff').messages.sendReceiptAgain(again)).rejects.toThrow(
      'Nothing to send: the student has no contact on a configured channel',
    );
  });

  it('refuses bad settings with the field named', async () => {
    await expect(
      h.caller('admin').messages.updateSettings({
        quietHoursStart: '21:00',
        quietHoursEnd: '09:00',
        summaryRecipients: 'office@example.org, not-an-address',
        summaryTime: '7 am',
        sendRatePerSecond: 0,
        emailPrice: '0',
        smsPrice: '0',
        whatsappPrice: '0',
      }),
    ).rejects.toThrow(/Enter e-mail addresses separated by commas[\s\S]*Enter a time as HH:mm/);
  });
});

describe('the daily summary and the daily runs', () => {
  it("sends yesterday's collections per department and mode, dues and defaulters, with the day book's link", async () => {
    await h.caller('ugStaff').receipts.create(pay(arjun, '2026-02-15', rs(2000)));
    await h.caller('admin').messages.updateSettings({
      quietHoursStart: '09:00',
      quietHoursEnd: '20:00',
      summaryRecipients: 'Principal@example.org, bursar@example.org',
      summaryTime: '07:00',
      sendRatePerSecond: 20,
      emailPrice: '0',
      smsPrice: '0',
      whatsappPrice: '0',
    });
    expect(await queueDailySummary(h.db, { today: '2026-02-16', publicUrl: 'https://fees.example.org' })).toBe(2);
    expect(await queueDailySummary(h.db, { today: '2026-02-16', publicUrl: 'https://fees.example.org' })).toBe(0);
    const [mail] = await queued();
    expect(mail).toMatchObject({ recipient: 'principal@example.org', subject: 'Collections of 15-02-2026' });
    expect(mail!.body).toContain('Arts and Science UG: Rs 2,000.00 in 1 receipt\n  Cash Rs 2,000.00');
    // As of 15-02: Anjali 4,000 + 100 fine, Arjun 14,000 - 2,000 + 100, Devi 14,000 + 100; all three late.
    expect(mail!.body).toContain('Dues outstanding: Rs 30,300.00; defaulters: 3');
    expect(mail!.body).toContain('The day book: https://fees.example.org/admin/daybook?date=2026-02-15');
  });

  it('runs the day once across two servers, after the sending window opens', async () => {
    const deps = (server: string) => ({
      db: h.db,
      server,
      publicUrl: undefined,
      channels: () => ['email', 'sms'] as const,
      log: { info: () => undefined, error: () => undefined },
    });
    const at = (time: string) => new Date(`${TERM1}T${time}:00`);
    expect(await dailyTick(deps('a'), at('08:30'))).toEqual([]);
    const [a, b] = await Promise.all([dailyTick(deps('a'), at('09:01')), dailyTick(deps('b'), at('09:01'))]);
    expect([...a, ...b]).toEqual(['reminders: 4 reminders queued']);
    expect(await queued()).toHaveLength(4);
  });
});
