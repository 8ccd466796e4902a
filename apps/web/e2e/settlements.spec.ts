/**
 * Gateway settlements end to end against a server of its own with Razorpay's API at the local stand-in:
 * a family's payment becomes a receipt, Razorpay settles it with another payment no link of the office
 * took; the accountant fetches the period on the Gateway settlements screen and sees the settlement's
 * gross, fee, GST and net with the UTR, the receipt matched, and the payment without a receipt listed as
 * an exception saying what happened.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  type RazorpayStandIn,
  standInFee,
  startRazorpayStandIn,
} from '../../server/src/test/razorpay';
import { setUpScreenData } from './screens-data';
import { PHONE, signInAtDepartment, trpcMutation } from './support';

const PORT = Number(process.env.E2E_PORT ?? 3100) + 3;
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = 'e2e/artifacts/settlements';
const LAPTOP = { width: 1366, height: 768 };

let razorpay: RazorpayStandIn;
let app: ChildProcess;
let folder: string;

test.beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  folder = mkdtempSync(join(tmpdir(), 'fees-e2e-settlements-'));
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
      RAZORPAY_KEY_ID,
      RAZORPAY_KEY_SECRET,
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
    if (tries > 120) throw new Error('the settlements server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  await razorpay?.close();
  rmSync(folder, { recursive: true, force: true });
});

const rupees = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });

test('an accountant fetches the settlements and sees one matched and an exception', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: BASE, viewport: LAPTOP, timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  const data = await setUpScreenData(page, 'settle');
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  const link = await trpcMutation<{ url: string; amountPaise: number }>(page, 'payments.createLink', {
    depId: 100,
    studentId: data.student.id,
    amount: '2500.00',
  });
  const gatewayLink = [...razorpay.links.values()].find((l) => l.short_url === link.url)!;
  const payment = razorpay.pay(gatewayLink.id);
  await trpcMutation(page, 'payments.refresh', { depId: 100 });
  const settled = razorpay.settle([payment, { payment_id: 'pay_E2ENotOurs01', amount: 500_00 }]);

  await page.goto('/ug/reconciliation/');
  await page.getByRole('link', { name: 'Gateway settlements' }).click();
  await expect(page.getByRole('heading', { name: 'Gateway settlements' })).toBeVisible();
  await expect(page.getByText('No settlement in this period')).toBeVisible();
  await page.getByRole('button', { name: 'Fetch from Razorpay' }).click();
  await expect(page.getByTestId('fetch-result')).toHaveText('Fetched 2 lines in 1 settlement: 2 new, 0 kept already.');

  const settlement = page.getByTestId('settlement');
  await expect(settlement).toContainText(`UTR ${settled.utr}`);
  const gross = 2_500_00 + 500_00;
  const fees = standInFee(2_500_00).fee + standInFee(500_00).fee;
  const tax = standInFee(2_500_00).tax + standInFee(500_00).tax;
  await expect(settlement.getByTestId('settlement-gross')).toHaveText(rupees(gross));
  await expect(settlement.getByTestId('settlement-fee')).toHaveText(rupees(fees - tax));
  await expect(settlement.getByTestId('settlement-tax')).toHaveText(rupees(tax));
  await expect(settlement.getByTestId('settlement-net')).toHaveText(rupees(settled.netPaise));
  const lines = settlement.getByTestId('settlement-lines').locator('tbody tr');
  await expect(lines.filter({ hasText: payment.payment_id })).toContainText('Matched');
  await expect(lines.filter({ hasText: payment.payment_id })).toContainText(data.student.admissionNo);
  await expect(lines.filter({ hasText: 'pay_E2ENotOurs01' })).toContainText('No receipt');

  const exceptions = page.getByTestId('settlement-exception');
  await expect(exceptions).toHaveCount(1);
  await expect(exceptions.first()).toContainText('No receipt');
  await expect(exceptions.first()).toContainText('pay_E2ENotOurs01');
  await expect(exceptions.first()).toContainText('no receipt has this payment as its reference');
  await page.screenshot({ path: `${SHOTS}/settlements-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  // Nothing on the phone is wider than the screen: the lines' table scrolls inside its card.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/settlements-phone.png`, fullPage: true });
  await page.setViewportSize(LAPTOP);

  // Fetching again adds nothing.
  await page.getByRole('button', { name: 'Fetch from Razorpay' }).click();
  await expect(page.getByTestId('fetch-result')).toHaveText('Fetched 2 lines in 1 settlement: 0 new, 2 kept already.');
  await expect(page.getByTestId('settlement')).toHaveCount(1);
});
