/**
 * Online payments end to end against a server of their own, started with Razorpay's keys and its API at a
 * local stand-in (the server's test stand-in, which also serves the short URL's payment page): a clerk makes
 * a link on the Online payments screen, the family opens it and pays, the gateway sends them back to the
 * server, which fetches the link, writes the receipt and says so; the clerk sees the link paid and the
 * printed receipt, paid Online with the gateway's payment id.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { setUpScreenData } from './screens-data';
import { DESKTOP, type GatewayServer, screenshots, signInAtDepartment, startGatewayServer } from './support';

const SHOTS = 'e2e/artifacts/payments';

let server: GatewayServer;

test.beforeAll(async () => {
  server = await startGatewayServer({ name: 'payments', portOffset: 2 });
});

test.afterAll(async () => {
  await server?.stop();
});

async function ownPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
  return context.newPage();
}

test('a family pays a payment link and the receipt is printed', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await ownPage(browser);
  const data = await setUpScreenData(page, 'pay');
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto(`/ug/statement/${data.student.id}`);
  await page.getByRole('link', { name: 'Payment link' }).click();
  await expect(page.getByRole('heading', { name: 'Online payments' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Admission no' })).toHaveValue(data.student.admissionNo);
  await page.getByRole('checkbox', { name: 'Send to the family' }).uncheck();
  await page.getByRole('button', { name: 'Create link' }).click();
  const made = page.getByRole('alert').filter({ hasText: 'Link made' });
  await expect(made).toBeVisible();
  const url = await made.getByRole('link').getAttribute('href');
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/i\//);
  const rows = page.getByTestId('payment-links').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Open');
  await screenshots(page, `${SHOTS}/links`);

  // The family, on the gateway's page: pays, and is sent back to the server.
  const family = await ownPage(browser);
  await family.goto(url!);
  const pay = family.getByRole('button', { name: /^Pay ₹/ });
  const amount = (await pay.textContent())!.replace('Pay ₹', '');
  await pay.click();
  await expect(family).toHaveURL(new RegExp(`^${server.base}/payments/return\\?`));
  await expect(family.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(family.locator('main')).toContainText(`Your payment for ${data.student.name} is received: receipt #`);
  await family.screenshot({ path: `${SHOTS}/return-phone.png` });

  await page.reload();
  await expect(rows.first()).toContainText('Paid');
  const receiptLink = rows.first().getByRole('link', { name: /^#/ });
  await receiptLink.click();
  const office = page.getByRole('region', { name: 'Office copy' });
  await expect(office.getByText(/Paid by Online · Ref\. pay_/)).toBeVisible();
  await expect(office).toContainText(Number(amount).toLocaleString('en-IN', { minimumFractionDigits: 2 }));
  await screenshots(page, `${SHOTS}/receipt`);
});
