/**
 * The family's side of online payments against a server of its own (PUBLIC_URL set, Razorpay's API at
 * the local stand-in): a clerk sends payment links to a batch's defaulters in bulk after seeing how
 * many and how much; the clerk takes the student's family page link from the statement; the family
 * opens it on a phone without signing in, sees the dues, presses Pay, pays on the gateway's page (the
 * link sent in bulk, reused), comes back to the receipt, and finds it on the family page, its PDF
 * downloadable.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  type RazorpayStandIn,
  startRazorpayStandIn,
} from '../../server/src/test/razorpay';
import { setUpScreenData } from './screens-data';
import { DESKTOP, PHONE, screenshots, signInAtDepartment } from './support';

const PORT = Number(process.env.E2E_PORT ?? 3100) + 3;
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = 'e2e/artifacts/family';

let razorpay: RazorpayStandIn;
let app: ChildProcess;
let folder: string;

test.beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  folder = mkdtempSync(join(tmpdir(), 'fees-e2e-family-'));
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
      // The family page's links and the payer's return lead to this server.
      PUBLIC_URL: BASE,
      RAZORPAY_KEY_ID,
      RAZORPAY_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET,
      RAZORPAY_API_BASE: razorpay.url,
    },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${BASE}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 120) throw new Error('the family server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  await razorpay?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function ownPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE, viewport, timezoneId: 'Asia/Kolkata' });
  return context.newPage();
}

test("bulk links to a batch's defaulters, then the family pays from its own page", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await ownPage(browser);
  const data = await setUpScreenData(page, 'fam');
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);

  // Tuition 25,000 + exam 1,500.50, all due since March, less the 10,000 paid.
  await page.goto(`/ug/defaulters/?course=1003&batch=${data.batchId}`);
  await expect(page.getByTestId('defaulters-table').locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Send payment links' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send payment links' });
  await expect(dialog.getByTestId('bulk-links-summary')).toContainText('families of 1 defaulters');
  await expect(dialog.getByTestId('bulk-links-summary')).toContainText('₹ 16,500.50 in all');
  await screenshots(page, `${SHOTS}/bulk-preview`);
  await dialog.getByRole('button', { name: 'Send 1 links' }).click();
  await expect(dialog.getByRole('alert')).toContainText('1 made and sent to the families');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/ug/statement/${data.student.id}`);
  await page.getByRole('button', { name: 'Family page' }).click();
  const familyLink = page.getByTestId('family-link');
  await expect(familyLink).toHaveText(new RegExp(`^${BASE}/family/${data.student.id}-1-[0-9a-f]{32}$`));
  const url = (await familyLink.textContent())!;
  await screenshots(page, `${SHOTS}/family-link`);

  const family = await ownPage(browser, PHONE);
  await family.goto(url);
  await expect(family.getByRole('heading', { name: data.student.name })).toBeVisible();
  await expect(family.locator('main')).toContainText(`Admission number ${data.student.admissionNo}`);
  await expect(family.locator('main')).toContainText('Total due: Rs 16,500.50');
  await expect(family.getByRole('link', { name: `#000${data.receiptNumber}` })).toBeVisible();
  await family.screenshot({ path: `${SHOTS}/family-phone.png`, fullPage: true });

  await family.getByRole('button', { name: 'Pay Rs 16,500.50 online' }).click();
  await expect(family).toHaveURL(new RegExp(`^${razorpay.url}/i/`));
  await family.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(family).toHaveURL(new RegExp(`^${BASE}/payments/return\\?`));
  await expect(family.locator('main')).toContainText(`Your payment for ${data.student.name} is received: receipt #`);

  // One link only: the family's Pay reused the one sent in bulk.
  await page.goto('/ug/payments/');
  const rows = page.getByTestId('payment-links').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Paid');

  await family.goto(url);
  await expect(family.locator('main')).toContainText('Nothing is due as of');
  const receipts = family.locator('table').last().locator('tbody tr');
  await expect(receipts).toHaveCount(2);
  await expect(receipts.first()).toContainText('Online');
  await expect(receipts.first()).toContainText('Rs 16,500.50');
  const download = family.waitForEvent('download');
  await receipts.first().getByRole('link').click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
  await family.screenshot({ path: `${SHOTS}/family-paid-phone.png`, fullPage: true });
});
