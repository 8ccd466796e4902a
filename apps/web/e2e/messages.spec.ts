/**
 * The Messages screens against a server of their own, started with SMTP_URL pointing at a recording SMTP
 * stand-in on 127.0.0.1 (so e-mail is a configured channel): Settings for messages, reminder rules and
 * a run on the fee plan screen, the outbox with a message's text, history, Cancel and Retry, templates
 * with their live preview, Send again on the receipt and the student's messages on the statement.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { setUpScreenData } from './screens-data';
import { choose, DESKTOP, screenshots, signInAsAdmin, signInAtDepartment, trpcMutation, trpcQuery } from './support';

const PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = 'e2e/artifacts/messages';

/** A recording SMTP server: answers every command and keeps each message's data. */
function smtpStandIn(): Promise<{ server: Server; port: number; mails: Array<{ to: string; data: string }> }> {
  const mails: Array<{ to: string; data: string }> = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let to = '';
    let buffer = '';
    socket.write('220 stand-in ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mails.push({ to, data: data + buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        const rcpt = /^RCPT TO:\s*<([^>]*)>/i.exec(buffer.slice(0, eol));
        if (rcpt) to = rcpt[1]!;
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-stand-in\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, mails });
    }),
  );
}

let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
let app: ChildProcess;
let folder: string;

test.beforeAll(async () => {
  smtp = await smtpStandIn();
  folder = mkdtempSync(join(tmpdir(), 'fees-e2e-messages-'));
  app = spawn(process.execPath, ['../server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(folder, 'fees.sqlite'),
      ADMIN_EMAIL: 'admin@foundation.test',
      ADMIN_PASSWORD: 'admin12345',
      TZ: 'Asia/Kolkata',
      BACKUP_SCHEDULE: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Fee office <fees@college.test>',
    },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${BASE}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 120) throw new Error('the messages server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
  rmSync(folder, { recursive: true, force: true });
});

async function ownPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE, viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
  return context.newPage();
}

function todayInKolkata(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/** Guardians as the registration screen stores them: a mobile as +91 and 10 digits. */
function addGuardians(rows: Array<[number, string, string, string]>) {
  const Sqlite = createRequire(new URL('../../../packages/db/package.json', import.meta.url))('better-sqlite3') as new (
    path: string,
    options: { timeout: number },
  ) => { prepare(sql: string): { run(...values: unknown[]): void }; close(): void };
  const db = new Sqlite(join(folder, 'fees.sqlite'), { timeout: 10_000 });
  try {
    const insert = db.prepare(
      'INSERT INTO student_contacts (student_id, position, name, relation, mobile, email, whatsapp) VALUES (?, 1, ?, ?, ?, ?, 0)',
    );
    for (const [studentId, name, mobile, email] of rows) insert.run(studentId, name, 'Mother', mobile, email);
  } finally {
    db.close();
  }
}

test('Messages: settings, a reminder run with its preview, the outbox, templates, Send again and the statement', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  let page = await ownPage(browser);
  const data = await setUpScreenData(page, 'msg');
  const today = todayInKolkata();
  await signInAsAdmin(page);
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const head = (name: string) => heads.find((h) => h.name === name)!.id;
  await trpcMutation(page, 'plans.save', {
    depId: 100,
    batchId: data.batchId,
    fineRule: { type: 'none' },
    instalments: [
      {
        name: 'Term 1',
        dueDate: today,
        fineRule: null,
        amounts: [
          { feeHeadId: head('Tuition Fee'), amountPaise: 12_500_00 },
          { feeHeadId: head('Exam Fee'), amountPaise: 1_500_50 },
        ],
      },
      {
        name: 'Term 2',
        dueDate: '2099-01-10',
        fineRule: null,
        amounts: [{ feeHeadId: head('Tuition Fee'), amountPaise: 12_500_00 }],
      },
    ],
  });
  const brother = await trpcMutation<{ id: number }>(page, 'students.create', {
    depId: 100,
    courseId: 1003,
    batchId: data.batchId,
    capId: 'CAP-SC-msg-2',
    name: 'Arjun Narayanan',
    admissionNo: 'E2E-SC-MSG-2',
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2009-05-06',
    gender: 'Male',
    address: '12 Temple Street, Thrissur',
    email: 'arjun@family.test',
    confirm: true,
  });
  addGuardians([
    [data.student.id, 'Meera Narayanan', '+919847099999', 'meera@family.test'],
    [brother.id, 'Meera Narayanan', '+919847099999', 'meera@family.test'],
  ]);

  // Settings for messages: e-mail is on (SMTP_URL), the others say what to set; prices for the run's cost.
  await page.goto('/admin/messages');
  const channels = page.getByTestId('channels');
  await expect(channels).toContainText('E-mail through SMTP 127.0.0.1');
  await expect(channels).toContainText('not configured: set MSG91_AUTH_KEY');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('0.10');
  await page.getByRole('textbox', { name: 'Send to' }).fill('principal@college.test, not an address');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Enter e-mail addresses separated by commas');
  await page.getByRole('textbox', { name: 'Send to' }).fill('principal@college.test');
  // The summary's time has always passed, whatever the hour in India the spec runs at.
  await page.getByLabel('At', { exact: true }).fill('00:00');
  // Reminders wait outside these hours: the run's messages stay queued until the window opens below.
  await page.getByLabel('Reminders from').fill('00:00');
  await page.getByLabel('Reminders until').fill('00:01');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await screenshots(page, `${SHOTS}/settings`);

  // Reminder rules on the plan screen, then the run: one family (same mother), two children, e-mail only.
  await page.goto(`/admin/plans?depId=100&batchId=${data.batchId}`);
  const reminders = page.getByTestId('reminders');
  await reminders.getByRole('checkbox', { name: 'On the due date' }).check();
  await reminders.getByRole('button', { name: 'Save reminders' }).click();
  await expect(reminders.getByText('Saved')).toBeVisible();
  await reminders.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('run-preview');
  await expect(preview).toContainText('1 family to remind');
  await expect(preview).toContainText('2 messages');
  await expect(preview).toContainText('Cost: ₹ 0.20');
  await expect(page.getByTestId('run-families')).toContainText('Arjun Narayanan (E2E-SC-MSG-2)');
  await expect(page.getByTestId('run-families')).toContainText('14,000.50');
  await screenshots(page, `${SHOTS}/reminder-run`);
  await reminders.getByRole('button', { name: 'Queue reminders' }).click();
  await expect(page.getByTestId('run-queued')).toContainText('2 messages queued');
  await reminders.getByRole('button', { name: 'Preview' }).click();
  await expect(preview).toContainText('0 families to remind, 1 reminded already that day');

  // The department's outbox: filters, a message's text and history, Cancel and Retry.
  const admin = page;
  page = await ownPage(browser);
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto('/ug/messages/');
  await expect(page.getByTestId('messages')).toContainText('meera@family.test');
  await choose(page, 'Channel', 'E-mail');
  // The family's message lists both children: it is found by either's admission number.
  await page.getByRole('textbox', { name: 'Admission no.' }).fill('E2E-SC-MSG-2');
  await expect(page.getByTestId('messages-count')).toHaveText('1-2 of 2');
  await choose(page, 'Status', 'Failed');
  await expect(page.getByText('No message matches these filters.')).toBeVisible();
  await choose(page, 'Status', 'Queued');
  await page.getByRole('textbox', { name: 'Admission no.' }).fill('');
  await expect(page.getByTestId('messages-count')).toHaveText('1-2 of 2');
  await screenshots(page, `${SHOTS}/outbox`);
  await page.getByTestId('messages').getByRole('row').filter({ hasText: 'meera@family.test' }).first().click();
  const detail = page.getByTestId('message-detail');
  await expect(detail).toContainText('Dear Meera Narayanan');
  await expect(detail).toContainText('Arjun Narayanan (E2E-SC-MSG-2');
  await page.getByRole('button', { name: 'Cancel message' }).click();
  await expect(detail).toContainText('Cancelled');
  await expect(page.getByTestId('message-history')).toContainText(`Cancelled by ${data.staff.email}`);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('message-history')).toContainText(`Retried by ${data.staff.email}`);
  await page.screenshot({ path: `${SHOTS}/message-desktop.png` });
  await page.getByRole('button', { name: 'Close' }).click();

  // The window opens: the worker sends both reminders to the SMTP stand-in, and the outbox says so.
  await admin.goto('/admin/messages');
  await admin.getByLabel('Reminders until').fill('23:59');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('Saved.')).toBeVisible();
  // The day's summary goes too (its time, 00:00, has passed): the server's timer queued it.
  const sentTo = () => smtp.mails.map((m) => m.to).sort();
  await expect
    .poll(sentTo, { timeout: 60_000 })
    .toEqual(['arjun@family.test', 'meera@family.test', 'principal@college.test']);
  const summary = smtp.mails.find((m) => m.to === 'principal@college.test')!;
  // Yesterday's figures (the receipt is today's, Term 1 falls due today): nothing yet, and the day book's link.
  expect(summary.data).toContain('Arts and Science UG: Rs 0.00 in 0 receipts');
  expect(summary.data).toContain('/admin/daybook?date=');
  await choose(page, 'Status', 'Sent');
  await expect(page.getByTestId('messages-count')).toHaveText('1-2 of 2', { timeout: 15_000 });

  // Templates: the SMS reminder edited with its live preview (length, parts, DLT id), saved as the department's own.
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByTestId('template-list').getByText('Reminder on the due date · SMS').click();
  await page
    .getByRole('textbox', { name: 'Text' })
    .fill('Fees of Rs {amount} for {studentName} are due today. {institution}');
  await page.getByRole('textbox', { name: 'DLT template id' }).fill('1107161234567890123');
  await expect(page.getByTestId('template-preview')).toContainText(
    'Fees of Rs 15,500.00 for Anjali Menon and Arjun Menon are due today. St. Thomas College',
  );
  await expect(page.getByTestId('template-length')).toContainText('1 SMS part · DLT id 1107161234567890123');
  await page.getByRole('button', { name: 'Save text' }).click();
  await expect(page.getByTestId('template-list').getByText('own')).toBeVisible();
  await screenshots(page, `${SHOTS}/templates`);

  // Send again on the receipt page; the statement lists the student's messages.
  await page.goto(`/ug/inv/success/?url=%2Fug%2Frcpt%2F&no=${data.receiptNumber}`);
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByTestId('send-again-result')).toHaveText('1 message queued');
  await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBe(4);
  expect(smtp.mails[3]!.to).toBe('meera@family.test');
  expect(smtp.mails[3]!.data).toContain(`Fee receipt #000${data.receiptNumber}`);
  // The receipt's PDF, drawn by the built server's own thread, is attached: a PDF file in base64 ("%PDF-").
  expect(smtp.mails[3]!.data).toMatch(/Content-Type: application\/pdf[\s\S]*?\r?\n\r?\nJVBERi0/);
  await page.goto(`/ug/statement/${brother.id}`);
  await expect(page.getByTestId('student-messages')).toContainText('Reminder on the due date');
  await expect(page.getByTestId('student-messages')).toContainText('arjun@family.test');
  await screenshots(page, `${SHOTS}/statement`);
});
