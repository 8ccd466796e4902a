import { expect, type Page, test } from '@playwright/test';
import { type ScreenData, setUpScreenData } from './screens-data';
import { istDate, shownDate, signInAsAdmin, signInAtDepartment, typeDate } from './support';

/**
 * Every date field shows and takes dd-MM-yyyy: a date typed that way stays as typed, and an impossible or
 * out-of-range one is answered with a message under the field (the field is emptied, or a report goes back
 * to its default with the message still shown, never silently).
 */
function staffFields(d: ScreenData): Array<[string, string[]]> {
  return [
    [`/ug/receipt/${d.student.admissionNo}?sub_id=1003&course=BA+English&batch=${d.batchId}`, ['Receipt date']],
    ['/ug/register/', ['Admission date', 'Date of birth']],
    ['/ug/daybook', ['Date']],
    ['/ug/refunds', ['From', 'To']],
    ['/ug/rcpt_dtws/', ['From', 'To']],
    ['/ug/duesasof/?course=1003', ['As of']],
    ['/ug/defaulters/?course=1003', ['As of']],
    ['/ug/notices/?course=1003', ['As of', 'Pay by']],
    ['/ug/audit', ['From', 'To']],
  ];
}

const ADMIN_FIELDS: Array<[string, string[]]> = [
  ['/admin/batch', ['Start date', 'End date']],
  ['/admin/fhead', ['Start date', 'End date']],
  ['/admin/daybook', ['Date']],
  ['/admin/audit', ['From', 'To']],
];

async function checkFields(page: Page, path: string, labels: string[]) {
  // Today: inside every field's limits (a receipt may not be back-dated far).
  const today = shownDate(istDate());
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  for (const label of labels) {
    const field = page.getByRole('textbox', { name: label, exact: true });
    await expect(field, `${path}: ${label}`).toHaveAttribute('placeholder', 'dd-mm-yyyy');
    await typeDate(page, label, today);
  }
  const first = labels[0]!;
  const field = page.getByRole('textbox', { name: first, exact: true });
  await field.fill('31-02-2026');
  await field.press('Tab');
  await expect(page.getByText('31-02-2026 is not a date: type it as dd-mm-yyyy'), `${path}: ${first}`).toBeVisible();
  await expect(field).not.toHaveValue('31-02-2026');
}

let data: ScreenData;

test.beforeAll(async ({ browser }, info) => {
  const page = await browser.newPage();
  data = await setUpScreenData(page, `dates${info.workerIndex}`);
  await page.close();
});

test('a clerk types dd-MM-yyyy into every date field; an impossible date gets a message', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  for (const [path, labels] of staffFields(data)) await checkFields(page, path, labels);
});

test('an administrator types dd-MM-yyyy into the admin date fields', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  for (const [path, labels] of ADMIN_FIELDS) await checkFields(page, path, labels);
});

test('a receipt date after today is refused with a message naming the latest allowed', async ({ page }) => {
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto(`/ug/receipt/${data.student.admissionNo}?sub_id=1003&course=BA+English&batch=${data.batchId}`);
  const field = page.getByRole('textbox', { name: 'Receipt date', exact: true });
  await field.fill('01-01-2099');
  await field.press('Tab');
  await expect(page.getByText(/01-01-2099 is too late: the latest allowed is \d\d-\d\d-\d{4}/)).toBeVisible();
  await expect(field).toHaveValue('');
  await page.screenshot({ path: 'e2e/artifacts/fit/receipt-date-too-late.png' });
});
