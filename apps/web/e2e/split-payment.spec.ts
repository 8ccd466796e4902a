import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { runProgram } from './programs';
import { PHONE, signInAsAdmin, signInAtDepartment, trpcMutation, trpcQuery } from './support';

/**
 * One receipt paid partly in cash and partly by UPI, in the Teacher Training department: typed on the
 * form, printed with both modes (the page and the server's PDF), and counted under both in the day book.
 */
const ARTIFACTS = 'e2e/artifacts/split-payment';
const CLERK = { email: 'split.clerk@e2e.test', password: 'split123' };
const STUDENT = { admissionNo: 'TTC-SPLIT-1', name: 'Meera Krishnan' };

async function setUp(page: Page) {
  await signInAsAdmin(page);
  // The amounts below are without GST; another spec may have left a rate in the shared database.
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 103,
    email: CLERK.email,
    pwd1: CLERK.password,
    pwd2: CLERK.password,
    chk1: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 103,
    courseId: 4000,
    name: 'Split 2025',
    startDate: '2025-06-01',
    endDate: '2027-03-31',
    confirm: true,
  });
  await trpcMutation(page, 'fees.structures.create', {
    depId: 103,
    batchId: batch.id,
    feeHeadId: heads.find((h) => h.name === 'Tuition Fee')!.id,
    amount: '20000',
    startDate: '2025-06-01',
    endDate: '2026-03-31',
    confirm: true,
  });
  await trpcMutation(page, 'students.create', {
    depId: 103,
    courseId: 4000,
    batchId: batch.id,
    capId: 'CAP-SPLIT-1',
    name: STUDENT.name,
    admissionNo: STUDENT.admissionNo,
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2005-03-04',
    gender: 'Female',
    address: '12 Temple Road, Thrissur',
    confirm: true,
  });
  await page.context().clearCookies();
}

test('a receipt paid in cash and by UPI: saved, printed with both modes, counted under both', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  await setUp(page);
  await signInAtDepartment(page, 103, CLERK.email, CLERK.password);
  await expect(page).toHaveURL(/\/ttc$/);
  await page.goto(`/ttc/receipt/${STUDENT.admissionNo}`);

  await page.getByRole('combobox', { name: 'Fee type 1' }).fill('Tuition');
  await page.getByRole('option', { name: 'Tuition Fee' }).click();
  await page.getByLabel('Amount 1').fill('12500');
  await expect(page.getByTestId('receipt-net')).toHaveText('12,500.00');

  // Cash first; a second mode takes 2,500.00 by UPI and cash shows what is left.
  await page.getByRole('button', { name: 'Add another mode' }).click();
  const upi = page.getByTestId('payment-part-2');
  await expect(upi.getByRole('combobox', { name: 'Mode 2' })).toHaveValue('UPI');
  await upi.getByLabel('Amount (₹)').fill('2500');
  await expect(page.getByTestId('first-part-amount')).toContainText('Cash: ₹ 10,000.00');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  // The UPI part needs its reference, shown beside it.
  await expect(upi.getByText('Reference number is required unless paid in cash')).toBeVisible();
  await upi.getByLabel('Reference no.').fill('UPI-SPLIT-2500');
  await page.screenshot({ path: `${ARTIFACTS}/form-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${ARTIFACTS}/form-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();

  // The printed receipt lists each mode with its amount.
  await expect(page).toHaveURL(/\/ttc\/inv\/success\/\?url=.+&no=\d+/);
  const number = Number(new URL(page.url()).searchParams.get('no'));
  // Two copies on the A4 page (office and student), each with both modes.
  const modes = page.getByTestId('printable-receipt').getByTestId('receipt-payments');
  await expect(modes).toHaveCount(2);
  await expect(modes.first().getByRole('listitem')).toHaveText([
    'Cash 10,000.00',
    'UPI 2,500.00 · Ref. UPI-SPLIT-2500',
  ]);
  await page.screenshot({ path: `${ARTIFACTS}/print-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${ARTIFACTS}/print-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const file = await downloading;
  await file.saveAs(`${ARTIFACTS}/receipt-server.pdf`);
  const served = runProgram('pdftotext', ['-layout', `${ARTIFACTS}/receipt-server.pdf`, '-']).replace(/[ \t]+/g, ' ');
  expect(served).toContain(`Receipt No #000${number}`);
  expect(served).toContain('Paid by:');
  expect(served).toContain('Cash 10,000.00');
  expect(served).toContain('UPI 2,500.00 · Ref. UPI-SPLIT-2500');
  expect(served).toContain('Rs 12,500.00');

  // The day book counts the receipt once, its cash under Cash and its UPI under UPI.
  await page.goto('/ttc/daybook');
  const users = page.getByTestId('day-book-users');
  // The clerk is named by the e-mail's local part; the screen shows cash and the modes used that day.
  const row = users.getByRole('row', { name: /^split\.clerk / });
  await expect(row).toBeVisible();
  const headers = await users.getByRole('columnheader').allTextContents();
  const cells = await row.getByRole('cell').allTextContents();
  const byHeader = Object.fromEntries(headers.map((header, i) => [header, cells[i]]));
  expect(byHeader).toMatchObject({
    'Received by': 'split.clerk',
    Receipts: '1',
    Cash: '10,000.00',
    UPI: '2,500.00',
    Total: '12,500.00',
  });
  for (const header of headers.slice(4, -1)) expect(byHeader[header], header).toBe('0.00');
});
