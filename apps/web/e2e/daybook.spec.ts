import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { runProgram } from './programs';
import { istDate, screenshotOnPhone, signInAsAdmin, signInAtDepartment, trpcMutation, trpcQuery } from './support';

const CLERKS = [
  { email: 'cashier.one@e2e.test', password: 'cashier1' },
  { email: 'cashier.two@e2e.test', password: 'cashier2' },
];
const ARTIFACTS = 'e2e/artifacts';

/** A busy day in the English Medium School (105), which no other spec uses: two clerks, five modes, one void. */
async function busyDay(page: Page): Promise<number> {
  await signInAsAdmin(page);
  // The receipts below are sent without tax: another spec may have left a GST rate on this server.
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
  for (const c of CLERKS)
    await trpcMutation(page, 'admin.users.create', {
      options: 'user',
      depId: 105,
      email: c.email,
      pwd1: c.password,
      pwd2: c.password,
      chk1: true,
    });
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 105,
    courseId: 6000,
    name: 'E2E Day book',
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  const heads = (await (await page.request.get('/trpc/reference.feeHeads')).json()).result.data as Array<{
    id: number;
    name: string;
  }>;
  const tuition = heads.find((h) => h.name === 'Tuition Fee')!.id;
  await trpcMutation(page, 'fees.structures.create', {
    depId: 105,
    batchId: batch.id,
    feeHeadId: tuition,
    amount: '50000',
    startDate: '2025-06-01',
    endDate: '2026-03-31',
    confirm: true,
  });
  const student = await trpcMutation<{ id: number }>(page, 'students.create', {
    depId: 105,
    courseId: 6000,
    batchId: batch.id,
    capId: 'CAP-DB-1',
    name: 'Meera Joseph',
    admissionNo: 'EMS-DB-1',
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2015-03-04',
    gender: 'Female',
    address: '3 Church Road, Kottayam',
    confirm: true,
  });
  const pay = (amount: string, paymentMode: string) =>
    trpcMutation<{ number: number }>(page, 'receipts.create', {
      depId: 105,
      studentId: student.id,
      date: istDate(),
      items: [{ feeHeadId: tuition, particulars: '', amount }],
      paymentMode,
      paymentReference: paymentMode === 'cash' ? null : 'REF-DB',
      total: amount,
      tax: '0',
      net: amount,
      confirm: true,
      ...(paymentMode === 'cheque' ? { bank: 'Canara Bank', instrumentNo: '004411', instrumentDate: istDate() } : {}),
    });
  let voided = 0;
  for (const [i, clerk] of CLERKS.entries()) {
    await page.context().clearCookies();
    await signInAtDepartment(page, 105, clerk.email, clerk.password);
    await expect(page).toHaveURL(/\/ems$/);
    if (i === 0) {
      await pay('1000.00', 'cash');
      await pay('250.50', 'upi');
      voided = (await pay('777.00', 'cash')).number;
    } else {
      await pay('500.25', 'cash');
      await pay('3000.00', 'bank_transfer');
      await pay('120.00', 'card');
      await pay('2000.00', 'cheque');
    }
  }
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await trpcMutation(page, 'receipts.void', { number: voided, reason: 'Wrong entry' });
  return voided;
}

test('the day book of a busy day: totals by clerk and mode, the void, printed', async ({ page }) => {
  // A long story (two clerks, closing, cheques, a closed-day edit, reopening) on a shared machine.
  test.setTimeout(150_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  const voided = await busyDay(page);

  await page.goto('/admin/rptview/105');
  await page.getByRole('link', { name: 'Open' }).nth(7).click();
  await expect(page).toHaveURL(/\/admin\/daybook$/);
  await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'English Medium school' });
  const book = page.getByTestId('day-book');
  await expect(book.getByTestId('day-book-total')).toHaveText('6,870.75');
  await expect(book.getByTestId('day-book-cash')).toHaveText('1,500.25');
  const users = book.getByTestId('day-book-users');
  await expect(users.getByRole('row', { name: /^cashier\.one / })).toContainText('1,250.50');
  await expect(users.getByRole('row', { name: /^cashier\.two / })).toContainText('5,620.25');
  await expect(book.getByTestId('day-book-voided')).toContainText(`#000${voided}`);
  await expect(book.getByTestId('day-book-voided')).toContainText('777.00');
  await page.screenshot({ path: test.info().outputPath('daybook-desktop.png'), fullPage: true });

  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${ARTIFACTS}/daybook.pdf`, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const text = runProgram('pdftotext', ['-layout', `${ARTIFACTS}/daybook.pdf`, '-']);
  expect(text).toContain('Day book');
  expect(text).toContain('ENGLISH MEDIUM SCHOOL');
  // The day book names clerks by their display name (here the e-mail's local part).
  expect(text).toContain('cashier.one');
  expect(text).toContain('6,870.75');
  expect(text).toContain('1,500.25');
  expect(text).toContain('5,620.25');
  expect(text).toContain(`#000${voided}`);
  expect(text).toContain('Cashier');
  expect(text).toContain('Accountant');
  expect(text).not.toContain('Export');
  runProgram('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-singlefile',
    `${ARTIFACTS}/daybook.pdf`,
    test.info().outputPath('daybook-pdf'),
  ]);

  await screenshotOnPhone(page, test.info().outputPath('daybook-phone.png'));

  // The admin closes the day from the screen; a clerk's void of that day is then refused.
  await expect(book.getByTestId('day-book-cheques')).toContainText('1 · 2,000.00');
  await book.getByRole('button', { name: 'Close day' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(book.getByTestId('day-closed')).toContainText('Closed by admin');
  await page.screenshot({ path: test.info().outputPath('daybook-closed.png'), fullPage: true });
  await page.context().clearCookies();
  await signInAtDepartment(page, 105, CLERKS[0]!.email, CLERKS[0]!.password);
  await expect(page).toHaveURL(/\/ems$/);
  const refused = await page.request.post('/trpc/receipts.void', {
    data: { number: voided + 1, reason: 'Wrong mode' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toMatch(
    /^This day is closed: .* was closed by .* Only an administrator can change it\.$/,
  );
  await page.goto('/ems/daybook');
  await expect(page.getByTestId('day-closed')).toBeVisible();

  // The Cheques list: a bounce recorded on the closed day is refused to the clerk; clearing it is not a money change.
  await page.goto('/ems/cheques');
  const cheques = page.getByTestId('cheques');
  await expect(cheques.getByRole('row', { name: /445566|004411/ })).toContainText('2,000.00');
  await cheques.getByRole('button', { name: 'Bounced' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Funds insufficient');
  await dialog.getByLabel('Bank charge (₹)').fill('500');
  await dialog.getByRole('button', { name: 'Mark bounced' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This day is closed');
  await page.screenshot({ path: test.info().outputPath('cheques-refused.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await cheques.getByRole('button', { name: 'Cleared' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark cleared' }).click();
  await expect(page.getByText('No cheques or drafts here.')).toBeVisible();
  await page.locator('label', { hasText: /^Cleared$/ }).click();
  await expect(page.getByTestId('cheques')).toContainText('Cleared');

  // Collections of the day show the cheque received and cleared today.
  await page.goto('/ems/collections');
  await expect(page.getByTestId('collections-cheques-received')).toHaveText('1 · 2,000.00');
  await expect(page.getByTestId('collections-cheques-cleared')).toHaveText('1 · 2,000.00');
  await expect(page.getByTestId('collections-cheques-bounced')).toHaveText('0 · 0.00');

  // An admin edits a receipt of the closed day from the form: the server asks why, the form asks for the reason, then saves.
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto(`/ems/inv/edit/${voided + 1}`);
  await expect(page.getByLabel('Amount 1')).toHaveValue('500.25');
  await page.getByLabel('Amount 1').fill('450.25');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This day is closed' })).toContainText(
    'Give a reason to change it.',
  );
  await page.getByLabel('Reason for changing a closed day').fill('Cashier typed 500.25 for 450.25');
  await page.screenshot({ path: test.info().outputPath('daybook-closed-edit.png'), fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Information!')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  // The day book has the edit; the admin reopens the day with a reason, and it can be closed again.
  await page.goto('/admin/daybook');
  await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'English Medium school' });
  await expect(book.getByTestId('day-book-total')).toHaveText('6,820.75');
  await expect(users.getByRole('row', { name: /^cashier\.two / })).toContainText('5,570.25');
  await book.getByRole('button', { name: 'Reopen day' }).click();
  const reopen = page.getByRole('dialog');
  await reopen.getByLabel('Reason').fill('Late counter entries');
  await reopen.getByRole('button', { name: 'Reopen day' }).click();
  await expect(book.getByTestId('day-closed')).toHaveCount(0);
  await expect(book.getByRole('button', { name: 'Close day' })).toBeVisible();
  const audit = await trpcQuery<{ entries: Array<{ after: { reason: string } }> }>(page, 'audit.list', {
    action: 'reopen_day',
  });
  // Another spec's department may have been reopened too (the approvals spec).
  expect(audit.entries.map((e) => e.after.reason)).toContain('Late counter entries');
});
