/**
 * The family's side of online payments against a server of its own (PUBLIC_URL set, Razorpay's API at
 * the local stand-in): a clerk sends payment links to a batch's defaulters in bulk after seeing how
 * many and how much; the clerk takes the student's family page link from the statement; the family
 * opens it on a phone without signing in, sees the dues, presses Pay, pays on the gateway's page (the
 * link sent in bulk, reused), comes back to the receipt, and finds it on the family page, its PDF
 * downloadable.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { setUpScreenData } from './screens-data';
import { DESKTOP, type GatewayServer, PHONE, screenshots, signInAtDepartment, startGatewayServer } from './support';

const SHOTS = 'e2e/artifacts/family';

let server: GatewayServer;

test.beforeAll(async () => {
  server = await startGatewayServer({ name: 'family', portOffset: 3 });
});

test.afterAll(async () => {
  await server?.stop();
});

async function ownPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, viewport, timezoneId: 'Asia/Kolkata' });
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
  await expect(familyLink).toHaveText(new RegExp(`^${server.base}/family/${data.student.id}-1-[0-9a-f]{32}$`));
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
  await expect(family).toHaveURL(new RegExp(`^${server.razorpay.url}/i/`));
  await family.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(family).toHaveURL(new RegExp(`^${server.base}/payments/return\\?`));
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
