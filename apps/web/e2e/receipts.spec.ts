import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { runProgram } from './programs';
import { signInAsAdmin, signInAtDepartment, trpcMutation, trpcQuery } from './support';

const STAFF = { email: 'counter.ug@e2e.test', password: 'counter1' };
const STUDENT = { name: 'Devika Pillai', admissionNo: 'E2E-RC-001', address: '7 Lake View, Kochi' };
const LETTERHEAD = {
  institutionName: 'Arts and Science College',
  address: 'College Road, Thrissur 680001',
  phone: '0487 2440000',
};
const ARTIFACTS = 'e2e/artifacts';
const GSTIN = '27AAPFU0939F1ZV';

/**
 * Admin data the counter needs: a UG staff account, a BA English batch with three fee heads marked taxable at 18%
 * GST on the fee structure screen's path (the default rate of the settings), the department's GSTIN, one student.
 */
async function setUpData(page: Page) {
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: STAFF.email,
    pwd1: STAFF.password,
    pwd2: STAFF.password,
    chk1: true,
  });
  await trpcMutation(page, 'admin.settings.update', {
    gstRate: '18',
    letterheads: [{ depId: 100, ...LETTERHEAD, gstin: GSTIN }],
  });
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: 'E2E 2025-2028',
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const head = (name: string) => heads.find((h) => h.name === name)!.id;
  for (const [name, amount] of [
    ['Tuition Fee', '25000'],
    ['Exam Fee', '1500.50'],
    ['Library Fee', '2000'],
  ] as const) {
    await trpcMutation(page, 'fees.structures.create', {
      depId: 100,
      batchId: batch.id,
      feeHeadId: head(name),
      amount,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
      confirm: true,
      gst: { treatment: 'taxable', code: '999293' },
    });
  }
  await trpcMutation(page, 'students.create', {
    depId: 100,
    courseId: 1003,
    batchId: batch.id,
    capId: 'CAP-E2E-77',
    name: STUDENT.name,
    admissionNo: STUDENT.admissionNo,
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2007-03-04',
    gender: 'Female',
    address: STUDENT.address,
    phone: '9847012345',
    confirm: true,
  });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

async function searchStudent(page: Page) {
  await page.goto('/ug/rcpt/');
  await expect(page.getByRole('textbox', { name: 'Find student' })).toBeFocused();
  await page.keyboard.type('devika');
  await expect(page.getByRole('row', { name: `${STUDENT.admissionNo} ${STUDENT.name}` })).toBeVisible();
}

/** Types into the focused fee type and presses Enter once the list has highlighted the match, as a clerk sees it. */
async function chooseHeadByTyping(page: Page, typed: string, head: string) {
  await page.keyboard.type(typed);
  await expect(page.getByRole('option', { name: new RegExp(`^${head}`) })).toHaveAttribute(
    'data-combobox-selected',
    'true',
  );
  await page.keyboard.press('Enter');
}

async function feesInfoBalance(page: Page): Promise<string> {
  await page.getByRole('button', { name: `View fees of ${STUDENT.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Fees Info' });
  await expect(dialog).toBeVisible();
  const balance = (await dialog.getByTestId('fees-info-balance').textContent()) ?? '';
  return balance;
}

test('the fee counter: find, pay two heads by UPI, print, edit, void', async ({ page }) => {
  // A long walk on a machine shared with other builds.
  test.setTimeout(180_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  await setUpData(page);
  await signInAtDepartment(page, 100, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/ug$/);

  // Find student across the department, then the Fees Info dialog.
  await searchStudent(page);
  await expect(page.getByRole('cell', { name: STUDENT.admissionNo })).toBeVisible();
  const balanceBefore = await feesInfoBalance(page);
  expect(balanceBefore).toBe('28,500.50');
  await page.screenshot({ path: test.info().outputPath('receipts-fees-info.png') });
  await page.getByRole('dialog', { name: 'Fees Info' }).getByRole('button', { name: 'Close' }).click();

  // Receipt entry, from the keyboard: fee type has focus, choosing a head pre-fills its balance in Amount.
  await page.getByRole('link', { name: `Pay for ${STUDENT.name}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/ug/receipt/${STUDENT.admissionNo}\\?sub_id=1003&course=BA\\+English&batch=\\d+`),
  );
  const firstHead = page.getByRole('combobox', { name: 'Fee type 1' });
  await expect(firstHead).toBeFocused();
  await chooseHeadByTyping(page, 'Tuit', 'Tuition Fee');
  await expect(page.getByLabel('Amount 1')).toHaveValue('25000.00');
  await expect(page.getByLabel('Amount 1')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.type('First instalment');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Amount 1')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('10000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Fee type 2' })).toBeFocused();
  await chooseHeadByTyping(page, 'Exam', 'Exam Fee');
  await expect(page.getByLabel('Amount 2')).toHaveValue('1500.50');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.type('Semester 1');
  await expect(page.getByTestId('receipt-total')).toHaveText('11,500.50');
  await expect(page.getByText('GST 18% on 11,500.50')).toBeVisible();
  await expect(page.getByTestId('receipt-tax')).toHaveText('2,070.09');
  await expect(page.getByTestId('receipt-net')).toHaveText('13,570.59');
  const words = 'Rupees Thirteen Thousand Five Hundred Seventy and Fifty-Nine Paise Only';
  await expect(page.getByTestId('receipt-words')).toHaveText(words);

  // A cheque's date field, loaded with its calendar only when a cheque is chosen, takes a typed date.
  await page.getByText('Cheque', { exact: true }).click();
  await page.getByLabel('Cheque date').fill('15-11-2026');
  await page.getByRole('textbox', { name: 'Bank' }).click();
  await expect(page.getByLabel('Cheque date')).toHaveValue('15-11-2026');

  // UPI needs a reference number; Confirm is required.
  await page.getByText('UPI', { exact: true }).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(
    page.getByText('Reference number is required unless paid in cash').or(page.getByText('Required').first()),
  ).toBeVisible();
  await page.getByLabel('Reference no.').fill('UPI-E2E-424242');
  await page.getByLabel('Confirm').check();
  await page.screenshot({ path: test.info().outputPath('receipts-entry.png') });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Are you sure you want to Submit ?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();

  // The printable receipt: number in the address, letterhead, words, payment reference.
  await expect(page).toHaveURL(/\/ug\/inv\/success\/\?url=.+&no=\d+/);
  const number = Number(new URL(page.url()).searchParams.get('no'));
  const sheet = page.getByTestId('printable-receipt');
  await expect(sheet.getByText(`#000${number}`).first()).toBeVisible();
  await expect(sheet.getByText(words).first()).toBeVisible();
  await expect(sheet.getByText(LETTERHEAD.institutionName).first()).toBeVisible();
  await expect(sheet.getByText('UPI-E2E-424242').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('printable-receipt').getByText(`#000${number}`).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('receipts-success.png') });

  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${ARTIFACTS}/receipt.pdf`, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const text = runProgram('pdftotext', ['-layout', `${ARTIFACTS}/receipt.pdf`, '-']);
  expect(text).toContain('ARTS AND SCIENCE COLLEGE');
  expect(text).toContain(LETTERHEAD.address);
  expect(text).toContain(`Phone: ${LETTERHEAD.phone}`);
  expect(text).toContain(`#000${number}`);
  expect(text).toContain('OFFICE COPY');
  expect(text).toContain('STUDENT COPY');
  expect(text.replace(/\s+/g, ' ')).toContain(words);
  expect(text).toContain('13,570.59');
  expect(text).toContain(`GSTIN: ${GSTIN}`);
  expect(text).toMatch(/GST 18% on 11,500\.50\s+2,070\.09/);
  // A clerk made without a name is named by the e-mail's local part.
  expect(text).toContain(`Received by ${STAFF.email.split('@')[0]}`);
  expect(text).not.toContain('Print Receipt');
  expect(runProgram('pdfinfo', [`${ARTIFACTS}/receipt.pdf`])).toMatch(
    /Pages:\s+1\n[\s\S]*Page size:\s+59[45][.\d]* x 841[.\d]* pts \(A4\)/,
  );
  runProgram('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-singlefile',
    `${ARTIFACTS}/receipt.pdf`,
    test.info().outputPath('receipts-pdf'),
  ]);

  // Download PDF: the server's own A4 file of the same receipt, as a family will be sent it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`receipt-${number}.pdf`);
  await file.saveAs(`${ARTIFACTS}/receipt-server.pdf`);
  const served = runProgram('pdftotext', ['-layout', `${ARTIFACTS}/receipt-server.pdf`, '-']).replace(/[ \t]+/g, ' ');
  expect(served).toContain(LETTERHEAD.institutionName);
  expect(served).toContain(`Receipt No #000${number}`);
  expect(served).toContain(words);
  expect(served).toContain('Rs 13,570.59');
  expect(served).toContain('Ref. UPI-E2E-424242');
  expect(runProgram('pdfinfo', [`${ARTIFACTS}/receipt-server.pdf`])).toMatch(/Pages:\s+1\n[\s\S]*\(A4\)/);

  // A5: one copy on an A5 page.
  await page.getByText('A5 · one copy').click();
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${ARTIFACTS}/receipt-a5.pdf`, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const a5 = runProgram('pdftotext', ['-layout', `${ARTIFACTS}/receipt-a5.pdf`, '-']);
  expect(a5.match(/FEE RECEIPT/g)).toHaveLength(1);
  expect(a5.replace(/\s+/g, ' ')).toContain(words);
  expect(runProgram('pdfinfo', [`${ARTIFACTS}/receipt-a5.pdf`])).toMatch(
    /Pages:\s+1\n[\s\S]*Page size:\s+4(19|20)[.\d]* x 59[45][.\d]* pts \(A5\)/,
  );
  runProgram('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-singlefile',
    `${ARTIFACTS}/receipt-a5.pdf`,
    test.info().outputPath('receipts-pdf-a5'),
  ]);
  await page.getByText('A4 · office + student copy').click();

  // Edit: the form comes back filled; change the tuition line.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/ug/inv/edit/${number}$`));
  await expect(page.getByLabel('Amount 1')).toHaveValue('10000.00');
  await expect(page.getByLabel('Reference no.')).toHaveValue('UPI-E2E-424242');
  await page.getByLabel('Amount 1').fill('9000');
  await expect(page.getByTestId('receipt-net')).toHaveText('12,390.59');
  await page.getByLabel('Confirm').check();
  await page.screenshot({ path: test.info().outputPath('receipts-edit.png'), fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Information!')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/ug\/inv\/success\//);
  await expect(page.getByTestId('printable-receipt').getByText('12,390.59').first()).toBeVisible();

  // Void: the dialog and the message say Void; the receipt shows VOIDED with the reason and cannot be edited.
  await page.goto(`/ug/inv/edit/${number}`);
  await page.getByRole('button', { name: 'Void' }).click();
  const voidDialog = page.getByRole('dialog', { name: `Void receipt #000${number}` });
  await voidDialog.getByLabel('Reason').fill('no');
  await voidDialog.getByRole('button', { name: 'Void' }).click();
  await expect(voidDialog.getByText('Give a reason for the void (3 to 200 characters)')).toBeVisible();
  await voidDialog.getByLabel('Reason').fill('Paid twice by mistake');
  await voidDialog.getByLabel('Reason').press('Enter');
  await expect(page.getByText(`Receipt #000${number} voided`)).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.goto(`/ug/inv/edit/${number}`);
  await expect(page.getByText('VOIDED', { exact: true })).toBeVisible();
  await expect(page.getByText('cannot be edited')).toBeVisible();
  await expect(page.getByText('Reason: Paid twice by mistake')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('receipts-voided.png'), fullPage: true });

  // The Fees Info balance is back to what it was.
  await searchStudent(page);
  expect(await feesInfoBalance(page)).toBe(balanceBefore);

  // The heads are the foundation's: the specs after this one price their receipts without GST.
  await signInAsAdmin(page);
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  for (const head of heads.filter((h) => ['Tuition Fee', 'Exam Fee', 'Library Fee'].includes(h.name))) {
    await trpcMutation(page, 'fees.heads.rename', { id: head.id, name: head.name, gst: { treatment: 'exempt' } });
  }
});
