/**
 * E-mail against a local SMTP server (smtp-server in the test): the receipt arrives with the printed
 * receipt attached, read back with pdftotext; a refused address fails at once; and, with the real
 * server process and SMTP_URL set, a receipt taken through POST /rest/inv/register reaches the address
 * the student was registered with.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closePostgres, type Database, messages, openPostgres, students } from '@fees/db';
import { closeTestDatabase, onPostgres, openTestDatabase, temporaryFolder } from '@fees/db/testing';
import { createTestPostgres } from '@fees/db/testing/postgres';
import { amountInWords } from '@fees/money';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFixture, receiptInput } from '../../test/fixture';
import { createAccount, TEST_PASSWORD } from '../../test/harness';
import { RestClient } from '../../test/rest';
import { startServer } from '../../test/server-process';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp';
import { useFixture, useHarness } from '../../test/use-harness';
import { createContextInner } from '../../context';
import { createCaller } from '../../routers/_app';
import { demandNoticePdf } from '../../documents/notice';
import { useChannels } from './channels';
import { emailChannel } from './channels/email';
import { MessageWorker } from './worker';

const h = useHarness();
const fx = useFixture(h);

let smtp: SmtpStandIn | undefined;
let worker: MessageWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  await smtp?.stop();
  useChannels([]);
  worker = undefined;
  smtp = undefined;
});

/** The PDF attached to a mail, as pdftotext reads it. */
function attachedPdfText(mail: ParsedMail): string {
  const [pdf] = mail.attachments.filter((a) => a.contentType === 'application/pdf');
  if (!pdf) throw new Error('no PDF attached');
  const file = join(temporaryFolder('fees-mail-'), pdf.filename ?? 'attached.pdf');
  writeFileSync(file, pdf.content);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

const examReceipt = (paise: number) =>
  receiptInput(fx, { date: '2025-08-01', lines: [[fx.heads.exam, paise, 'Exam fee']] });

describe('e-mail over SMTP', () => {
  it("carries the family page's link when the app has a public address, and none once it is revoked", async () => {
    smtp = await startSmtpStandIn();
    await h.db.update(students).set({ email: 'anjali@example.in' }).where(eq(students.id, fx.ug.studentId));
    const channel = emailChannel({ smtpUrl: smtp.url, from: 'Fee office <fees@college.test>' });
    useChannels([channel]);
    worker = new MessageWorker(h.db, {
      channels: [channel],
      origin: 'https://fees.test',
      publicUrl: 'https://fees.test',
    });
    await h.caller('ugStaff').receipts.create(examReceipt(1_00));
    expect(await worker.runOnce()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    const url = /The fees and receipts, and paying online: (\S+)/.exec(mail!.text ?? '')?.[1];
    expect(url).toMatch(new RegExp(`^https://fees\\.test/family/${fx.ug.studentId}-1-[0-9a-f]{32}$`));
    const staff = createCaller(
      createContextInner({ db: h.db, session: h.sessions.ugStaff, ip: '127.0.0.1', publicUrl: 'https://fees.test' }),
    );
    expect((await staff.family.link({ depId: 100, studentId: fx.ug.studentId })).url).toBe(url);
    await staff.family.revoke({ depId: 100, studentId: fx.ug.studentId });
    await h.caller('ugStaff').receipts.create(examReceipt(2_00));
    expect(await worker.runOnce()).toBe(1);
    const [, second] = await smtp.waitFor(2);
    expect(second!.text).not.toContain('/family/');
  });

  it('sends the receipt with the printed receipt attached, as text and HTML', async () => {
    smtp = await startSmtpStandIn();
    await h.db.update(students).set({ email: 'anjali@example.in' }).where(eq(students.id, fx.ug.studentId));
    const channel = emailChannel({ smtpUrl: smtp.url, from: 'Fee office <fees@college.test>' });
    useChannels([channel]);
    const { number } = await h.caller('ugStaff').receipts.create(examReceipt(1_234_50));
    worker = new MessageWorker(h.db, { channels: [channel], origin: 'http://fees.test' });
    expect(await worker.runOnce()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: 'anjali@example.in', name: 'Anjali Menon' }] });
    expect(mail!.from).toMatchObject({ value: [{ address: 'fees@college.test', name: 'Fee office' }] });
    expect(mail!.subject).toBe(`Fee receipt #000${number} for Anjali Menon`);
    expect(mail!.text).toContain(
      `We have received Rs 1234.50 (${amountInWords(1_234_50)}) towards the fees of Anjali Menon`,
    );
    expect(mail!.html).toContain('<p>Dear parent,</p>');
    const pdf = attachedPdfText(mail!);
    expect(pdf).toContain(`#000${number}`);
    expect(pdf).toContain('1,234.50');
    expect(pdf.replace(/\s+/g, ' ')).toContain(amountInWords(1_234_50));
    const [row] = await h.db.select().from(messages);
    expect(row).toMatchObject({ status: 'sent', providerId: mail!.messageId });
  });

  it('sends a demand notice with the printed notice attached, drawn off the main thread the same as printed', async () => {
    smtp = await startSmtpStandIn();
    await h.db.update(students).set({ email: 'anjali@example.in' }).where(eq(students.id, fx.ug.studentId));
    const channel = emailChannel({ smtpUrl: smtp.url, from: 'Fee office <fees@college.test>' });
    useChannels([channel]);
    const request = { studentId: fx.ug.studentId, asOf: '2025-09-01', payBy: '2025-09-10' };
    expect((await h.caller('ugStaff').messages.sendNotice({ depId: 100, ...request })).queued).toBe(1);
    // In the office's day: a notice waits out the quiet hours.
    const now = () => new Date(2026, 10, 27, 11, 0);
    worker = new MessageWorker(h.db, { channels: [channel], origin: 'http://fees.test', now });
    expect(await worker.runOnce()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    const attached = attachedPdfText(mail!);
    expect(attached).toContain('DEMAND NOTICE');
    expect(attached).toContain('Anjali Menon');
    // The notice the office prints (drawn on the server's thread) reads the same as the one the family is sent.
    const printed = await demandNoticePdf(h.db, request, {
      access: { role: 'admin', departmentIds: [] },
      origin: 'http://fees.test',
    });
    const file = join(temporaryFolder('fees-notice-'), 'printed.pdf');
    writeFileSync(file, printed);
    expect(attached).toBe(execFileSync('pdftotext', ['-layout', file, '-']).toString());
  });

  it('an address the mail server refuses fails at once, with its reason', async () => {
    smtp = await startSmtpStandIn({ refuse: (address) => address === 'gone@example.in' });
    await h.db.update(students).set({ email: 'gone@example.in' }).where(eq(students.id, fx.ug.studentId));
    const channel = emailChannel({ smtpUrl: smtp.url, from: 'fees@college.test' });
    useChannels([channel]);
    await h.caller('ugStaff').receipts.create(examReceipt(500_00));
    worker = new MessageWorker(h.db, { channels: [channel], origin: 'http://fees.test' });
    await worker.runOnce();
    const [row] = await h.db.select().from(messages);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.error).toMatch(/550/);
  });

  it('a mail server that does not answer is a transient failure, tried again in a minute', async () => {
    await h.db.update(students).set({ email: 'anjali@example.in' }).where(eq(students.id, fx.ug.studentId));
    // A port nothing listens on: the connection is refused.
    const stopped = await startSmtpStandIn();
    await stopped.stop();
    const channel = emailChannel({ smtpUrl: stopped.url, from: 'fees@college.test' });
    useChannels([channel]);
    await h.caller('ugStaff').receipts.create(examReceipt(500_00));
    worker = new MessageWorker(h.db, { channels: [channel], origin: 'http://fees.test' });
    await worker.runOnce();
    const [row] = await h.db.select().from(messages);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(Date.parse(row!.notBefore) - Date.now()).toBeGreaterThan(50_000);
  });
});

/** A database with the fixture and a staff account, for a server process to open. */
async function preparedDatabase(): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const prepare = async (db: Database) => {
    await buildFixture(db);
    await createAccount(db, { email: 'counter@test.local', role: 'accountant', departmentId: 100 });
  };
  if (onPostgres) {
    const postgres = await createTestPostgres();
    const db = await openPostgres(postgres.url, { max: 1 });
    await prepare(db);
    await closePostgres(db);
    return { env: { DATABASE_URL: postgres.url }, close: () => postgres.stop() };
  }
  const path = join(temporaryFolder('fees-mail-server-'), 'fees.sqlite');
  const db = await openTestDatabase({ path });
  await prepare(db);
  await closeTestDatabase(db);
  return { env: { DATABASE_PATH: path }, close: async () => undefined };
}

describe('the server process with SMTP_URL set', () => {
  it('a receipt taken through POST /rest/inv/register reaches the e-mail the student was registered with', async () => {
    smtp = await startSmtpStandIn();
    const database = await preparedDatabase();
    const server = await startServer({ ...database.env, SMTP_URL: smtp.url, MAIL_FROM: 'fees@college.test' });
    try {
      expect(server.output()).toContain('Messages: E-mail through SMTP 127.0.0.1');
      const staff = new RestClient(server.url);
      const login = await staff.post('/deplogin/', {
        email: 'counter@test.local',
        password: TEST_PASSWORD,
        depId: 100,
      });
      expect(login.status).toBe(200);
      const registered = await staff.post('/api/register', {
        dep_id: 100,
        courseId: fx.ug.courseId,
        cmbBatch: fx.ug.batchId,
        capId: 'CAP950',
        name: 'Nila Varghese',
        regno: 'UG-950',
        rgdate: '2025-06-15',
        adtype: 1,
        dob: '2007-03-03',
        sex: 'Female',
        email: 'nila.parent@example.in',
        phone: '9847095000',
        address: 'Thrissur',
      });
      expect(registered.body).toMatchObject({ Status: 'OK' });
      const issued = await staff.post('/inv/register', {
        depId: 100,
        admno: 'UG-950',
        date: '2025-08-01',
        items: [{ feeId: fx.heads.tuition, particulars: 'First term', price: '12500' }],
        ftotal: '12500',
        ftax: '0',
        fnet: '12500',
        confirm: true,
      });
      expect(issued.status).toBe(200);
      const invoice: number = issued.body.invoice;
      const [mail] = await smtp.waitFor(1, 60_000);
      expect(mail!.to).toMatchObject({ value: [{ address: 'nila.parent@example.in' }] });
      const pdf = attachedPdfText(mail!);
      expect(pdf).toContain(`#000${invoice}`);
      expect(pdf).toContain('12,500.00');
      expect(pdf.replace(/\s+/g, ' ')).toContain('Rupees Twelve Thousand Five Hundred Only');
    } finally {
      await server.stop();
      await database.close();
    }
  }, 120_000);
});
