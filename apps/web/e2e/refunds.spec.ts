import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { runProgram } from './programs';
import { istDate, screenshotOnPhone, signInAsAdmin, signInAtDepartment, trpcMutation } from './support';

const ARTIFACTS = 'e2e/artifacts';
const CLERK = { email: 'refunds.clerk@e2e.test', password: 'refund1' };

/**
 * The Health Inspector department (102), which no other spec uses: a student who paid 5,000.00 in
 * advance settles the Exam Fee from it at the counter, then gets 1,250.50 back from the Refunds
 * screen; the voucher is printed to PDF and voided.
 */
test('an advance settled at the counter and refunded: new refund, printed voucher checked with pdftotext, void', async ({
  page,
}) => {
  test.setTimeout(150_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 102,
    email: CLERK.email,
    pwd1: CLERK.password,
    pwd2: CLERK.password,
    chk1: true,
  });
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 102,
    courseId: 3000,
    name: 'E2E Refunds',
    startDate: '2025-06-01',
    endDate: '2027-03-31',
    confirm: true,
  });
  const heads = (await (await page.request.get('/trpc/reference.feeHeads')).json()).result.data as Array<{
    id: number;
    name: string;
  }>;
  const tuition = heads.find((h) => h.name === 'Tuition Fee')!.id;
  const advance = heads.find((h) => h.name === 'Advance')!.id;
  const exam = heads.find((h) => h.name === 'Exam Fee')!.id;
  await trpcMutation(page, 'fees.structures.create', {
    depId: 102,
    batchId: batch.id,
    feeHeadId: tuition,
    amount: '20000',
    startDate: '2025-06-01',
    endDate: '2026-03-31',
    confirm: true,
  });
  await trpcMutation(page, 'fees.structures.create', {
    depId: 102,
    batchId: batch.id,
    feeHeadId: exam,
    amount: '1000',
    startDate: '2025-06-01',
    endDate: '2026-03-31',
    confirm: true,
  });
  const student = await trpcMutation<{ id: number }>(page, 'students.create', {
    depId: 102,
    courseId: 3000,
    batchId: batch.id,
    capId: 'CAP-RF-1',
    name: 'Thomas Varghese',
    admissionNo: 'HIC-RF-1',
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2004-03-04',
    gender: 'Male',
    address: '7 Market Road, Kollam',
    confirm: true,
  });
  await trpcMutation(page, 'receipts.create', {
    depId: 102,
    studentId: student.id,
    date: istDate(),
    items: [
      { feeHeadId: tuition, particulars: '', amount: '20000' },
      { feeHeadId: advance, particulars: 'Next year', amount: '5000' },
    ],
    paymentMode: 'cash',
    total: '25000',
    tax: '0',
    net: '25000',
    confirm: true,
  });
  await page.context().clearCookies();
  await signInAtDepartment(page, 102, CLERK.email, CLERK.password);
  await expect(page).toHaveURL(/\/hic$/);

  // The Exam Fee settled from the advance: no new money, no reference, the advance shown.
  await page.goto('/hic/receipt/HIC-RF-1');
  await expect(page.getByRole('combobox', { name: 'Fee type 1' })).toBeFocused();
  await page.keyboard.type('exam');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Amount 1')).toHaveValue('1000.00');
  await page.getByText('Adjusted from advance', { exact: true }).click();
  await expect(page.getByTestId('advance-available')).toContainText('5,000.00');
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('printable-receipt')).toContainText('Paid by Adjusted from advance', {
    timeout: 20_000,
  });
  // Settled from the advance: no GST (the advance was taxed, if at all, when it was paid).
  await expect(page.getByTestId('printable-receipt')).not.toContainText('GST');

  await page.goto('/hic');
  await page.getByRole('link', { name: 'Refunds' }).click();
  await expect(page).toHaveURL(/\/hic\/refunds\/$/);
  await page.getByRole('button', { name: 'New refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'New refund' });
  await dialog.getByRole('textbox', { name: 'Admission no.' }).fill('HIC-RF-1');
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog.getByTestId('refund-advance')).toHaveText('₹ 4,000.00');
  await dialog.getByRole('textbox', { name: 'Amount (₹)' }).fill('6000');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Discontinued the course');
  await dialog.getByRole('checkbox', { name: 'Confirm' }).check();
  await dialog.getByRole('button', { name: 'Save refund' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The refund of 6000.00 is more than the advance of 4000.00');
  await dialog.getByRole('textbox', { name: 'Amount (₹)' }).fill('1250.50');
  await dialog.getByRole('button', { name: 'Save refund' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();

  await expect(page).toHaveURL(/\/hic\/refunds\/\d+$/);
  const number = Number(page.url().split('/').pop());
  const voucher = page.getByTestId('printable-refund');
  await expect(voucher).toContainText(`R${number}`);
  await expect(voucher).toContainText('1,250.50');
  await page.screenshot({ path: test.info().outputPath('refund-voucher.png'), fullPage: true });

  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${ARTIFACTS}/refund.pdf`, format: 'A5', printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const text = runProgram('pdftotext', ['-layout', `${ARTIFACTS}/refund.pdf`, '-']);
  expect(text).toContain('INSTITUTE OF HEALTH SCIENCES');
  expect(text).toContain('REFUND VOUCHER');
  expect(text).toContain(`R${number}`);
  expect(text).toContain('Thomas Varghese');
  expect(text).toContain('HIC-RF-1');
  expect(text).toContain('1,250.50');
  expect(text).toMatch(/Rupees One Thousand Two Hundred\s+Fifty\s+and\s+Fifty\s+Paise\s+Only/);
  expect(text).toContain('Discontinued the course');
  expect(text).toContain('Paid in Cash');
  expect(text).toContain('Authorised signatory');
  expect(text).not.toContain('Print voucher');
  runProgram('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-singlefile',
    `${ARTIFACTS}/refund.pdf`,
    test.info().outputPath('refund-pdf'),
  ]);

  await page.getByRole('link', { name: 'Refunds' }).first().click();
  const list = page.getByTestId('refunds-list');
  const row = list.getByRole('row', { name: new RegExp(`R${number}`) });
  await expect(row).toContainText('1,250.50');
  await row.getByRole('button', { name: 'Void' }).click();
  const voidDialog = page.getByRole('dialog', { name: `Void refund R${number}` });
  await voidDialog.getByRole('textbox', { name: 'Reason' }).fill('Parent kept the advance');
  await voidDialog.getByRole('button', { name: 'Void' }).click();
  await expect(row).toContainText('Voided');
  await screenshotOnPhone(page, test.info().outputPath('refunds-phone.png'));

  // A second refund by UPI; then the admin's refunds report of the month: paid out and voided apart, filtered by status.
  const paid = await trpcMutation<{ number: number }>(page, 'refunds.create', {
    depId: 102,
    studentId: student.id,
    date: istDate(),
    amount: '500',
    paymentMode: 'upi',
    paymentReference: 'UPI/HIC-55',
    reason: 'Books returned',
    confirm: true,
  });
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto('/admin/rptview/102');
  await page.getByRole('link', { name: 'Open' }).last().click();
  await expect(page).toHaveURL(/\/admin\/refunds$/);
  // Dates in the address: the vouchers carry the server's (India's) date, which may be ahead of the browser's.
  await page.goto(`/admin/refunds?from=2025-06-01&to=${istDate()}`);
  await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Diploma in Health Inspector' });
  await expect(page.getByTestId('refunds-paid-out')).toHaveText('500.00');
  await expect(page.getByTestId('refunds-voided')).toHaveText('1,250.50');
  await expect(page.getByTestId('refunds-mode-upi')).toHaveText('500.00');
  const report = page.getByTestId('refunds-report');
  await expect(report.getByRole('row', { name: new RegExp(`R${paid.number}`) })).toContainText('UPI/HIC-55');
  await expect(report.getByRole('row', { name: new RegExp(`R${number}`) })).toContainText('Parent kept the advance');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Voided' });
  await expect(report.locator('tbody tr')).toHaveCount(1);
  await expect(report.locator('tbody tr')).toContainText(`R${number}`);
  await page.screenshot({ path: test.info().outputPath('refunds-report.png'), fullPage: true });
});
