/**
 * Gateway settlements end to end against a server of its own with Razorpay's API at the local stand-in:
 * a family's payment becomes a receipt, Razorpay settles it with another payment no link of the office
 * took; the accountant fetches the period on the Gateway settlements screen and sees the settlement's
 * gross, fee, GST and net with the UTR, the receipt matched, and the payment without a receipt listed as
 * an exception saying what happened.
 */
import { expect, test } from '@playwright/test';
import { standInFee } from '../../server/src/test/razorpay';
import { setUpScreenData } from './screens-data';
import { type GatewayServer, PHONE, signInAtDepartment, startGatewayServer, trpcMutation } from './support';

const SHOTS = 'e2e/artifacts/settlements';
const LAPTOP = { width: 1366, height: 768 };

let server: GatewayServer;

test.beforeAll(async () => {
  server = await startGatewayServer({ name: 'settlements', portOffset: 3 });
});

test.afterAll(async () => {
  await server?.stop();
});

const rupees = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });

test('an accountant fetches the settlements and sees one matched and an exception', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.base, viewport: LAPTOP, timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  const data = await setUpScreenData(page, 'settle');
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  const link = await trpcMutation<{ url: string; amountPaise: number }>(page, 'payments.createLink', {
    depId: 100,
    studentId: data.student.id,
    amount: '2500.00',
  });
  const gatewayLink = [...server.razorpay.links.values()].find((l) => l.short_url === link.url)!;
  const payment = server.razorpay.pay(gatewayLink.id);
  await trpcMutation(page, 'payments.refresh', { depId: 100 });
  const settled = server.razorpay.settle([payment, { payment_id: 'pay_E2ENotOurs01', amount: 500_00 }]);

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
