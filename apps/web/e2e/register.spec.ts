/**
 * The receipt register and the counter's words, as a clerk meets them: a receipt found by its number,
 * a duplicate printed (marked, and in the audit log), receipt numbers in the statement, the day book,
 * a report and the audit log opening their receipt, Void named Void; at the counter the late fine
 * proposed as a line (the total equals To collect), the confirmation saying what will be saved, a
 * large amount confirmed in words, and a closed day's refusal shown at Submit with the focus there.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  choose,
  istDate,
  rupees,
  shownDate,
  signInAsAdmin,
  signInAtDepartment,
  trpcMutation,
  trpcQuery,
} from './support';

const CLERK = { email: 'register.ug@e2e.test', password: 'register1' };
/** The clerk's display name: the e-mail's local part, as an account without a name gets. */
const CLERK_NAME = 'register.ug';
const MEERA = { name: 'Meera Krishnan', admissionNo: 'E2E-RG-001' };
const ARJUN = { name: 'Arjun Menon', admissionNo: 'E2E-RG-002' };
const KAVYA = { name: 'Kavya Nair', admissionNo: 'E2E-RG-003' };
const SHOTS = 'e2e/artifacts/register';
const TODAY = istDate();

test.describe.configure({ mode: 'serial' });

const ids = { meera: 0, tuition: 0, exam: 0, cash: 0, upi: 0, voided: 0 };

async function student(page: Page, batchId: number, who: { name: string; admissionNo: string }) {
  return trpcMutation<{ id: number }>(page, 'students.create', {
    depId: 100,
    courseId: 1003,
    batchId,
    capId: `CAP-${who.admissionNo}`,
    name: who.name,
    admissionNo: who.admissionNo,
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2007-03-04',
    gender: 'Female',
    address: '12 Temple Road, Thrissur',
    phone: '9847000123',
    confirm: true,
  });
}

async function batchWithFees(page: Page, name: string) {
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name,
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  for (const [feeHeadId, amount] of [
    [ids.tuition, '25000'],
    [ids.exam, '1500'],
  ] as const) {
    await trpcMutation(page, 'fees.structures.create', {
      depId: 100,
      batchId: batch.id,
      feeHeadId,
      amount,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
      confirm: true,
    });
  }
  return batch.id;
}

/** A cash or UPI receipt of today for Meera, through the clerk's session. */
async function pay(page: Page, feeHeadId: number, amount: string, mode: 'cash' | 'upi') {
  return trpcMutation<{ number: number }>(page, 'receipts.create', {
    depId: 100,
    studentId: ids.meera,
    date: TODAY,
    items: [{ feeHeadId, particulars: '', amount }],
    paymentMode: mode,
    paymentReference: mode === 'upi' ? 'UTR-RG-55' : null,
    total: amount,
    tax: '0',
    net: amount,
    confirm: true,
  });
}

async function setUp(browser: Browser) {
  const page = await browser.newPage();
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: CLERK.email,
    pwd1: CLERK.password,
    pwd2: CLERK.password,
    chk1: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  // Other specs may have left a GST rate: these receipts are priced without one.
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
  ids.tuition = heads.find((h) => h.name === 'Tuition Fee')!.id;
  ids.exam = heads.find((h) => h.name === 'Exam Fee')!.id;
  const plain = await batchWithFees(page, 'RG 2025-2028');
  ids.meera = (await student(page, plain, MEERA)).id;
  await student(page, plain, KAVYA);
  // Arjun's batch has one term, long past due, with a fixed fine of 500.
  const planned = await batchWithFees(page, 'RG PLAN 2025-2028');
  await trpcMutation(page, 'plans.save', {
    depId: 100,
    batchId: planned,
    fineRule: { type: 'fixed', amountPaise: 500_00, graceDays: 0 },
    instalments: [
      {
        name: 'Term 1',
        dueDate: '2025-07-01',
        fineRule: null,
        amounts: [
          { feeHeadId: ids.tuition, amountPaise: 25_000_00 },
          { feeHeadId: ids.exam, amountPaise: 1_500_00 },
        ],
      },
    ],
  });
  await student(page, planned, ARJUN);
  await page.context().clearCookies();

  await signInAtDepartment(page, 100, CLERK.email, CLERK.password);
  await expect(page).toHaveURL(/\/ug\/?$/);
  ids.cash = (await pay(page, ids.tuition, '1000', 'cash')).number;
  ids.upi = (await pay(page, ids.exam, '500', 'upi')).number;
  ids.voided = (await pay(page, ids.tuition, '200', 'cash')).number;
  await trpcMutation(page, 'receipts.void', { number: ids.voided, reason: 'Typed twice' });
  await page.close();
}

async function signIn(page: Page) {
  await signInAtDepartment(page, 100, CLERK.email, CLERK.password);
  await expect(page).toHaveURL(/\/ug\/?$/);
}

/** Screenshots of the page at the office's 1366 x 768 and a phone's 390 x 844. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366x768.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390x844.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 820 });
}

const label = (number: number) => `#000${number}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  await setUp(browser);
});

test('the register lists the day, filters, finds by number, prints a duplicate and voids', async ({ page }) => {
  test.setTimeout(120_000);
  // window.print opens nothing in a headless browser: the page's calls are counted instead.
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await signIn(page);
  await page.goto('/ug/rcpt/');
  await expect(page.getByRole('textbox', { name: 'Find student' })).toBeFocused();
  await page.getByRole('link', { name: 'Receipt register' }).click();
  await expect(page).toHaveURL(/\/ug\/rcpt\/register$/);
  await expect(page.getByRole('link', { name: 'Receipt register' })).toHaveAttribute('aria-current', 'page');

  // Today by default (other specs' receipts of today set apart by the student): three receipts, the
  // voided one counted apart.
  const table = page.getByTestId('receipt-register');
  await page.getByRole('textbox', { name: 'Student', exact: true }).fill(MEERA.admissionNo);
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(page.getByTestId('register-summary')).toHaveText('3 receipts · live total ₹ 1,500.00');
  const upiRow = table.getByRole('row', { name: new RegExp(label(ids.upi)) });
  await expect(upiRow).toContainText(MEERA.name);
  await expect(upiRow).toContainText('UPI');
  await expect(upiRow).toContainText('register.ug');
  await expect(upiRow).toContainText('500.00');
  await expect(table.getByRole('row', { name: new RegExp(label(ids.voided)) })).toContainText('Voided');
  await shoot(page, 'register');

  // Filters: status, mode, student; each answered by the server.
  const status = page.getByTestId('register-status');
  await status.getByText('Voided', { exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(label(ids.voided));
  await status.getByText('All', { exact: true }).click();
  await choose(page, 'Mode', 'UPI');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(label(ids.upi));
  // Choosing the chosen mode again clears it.
  await choose(page, 'Mode', 'UPI');
  await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByRole('textbox', { name: 'Student', exact: true }).fill('nobody at all');
  await expect(page.getByText('No receipts')).toBeVisible();
  await page.getByRole('textbox', { name: 'Student', exact: true }).fill('meera krishnan');
  await expect(table.getByRole('row')).toHaveCount(4);

  // Receipt no: an unknown number says so; a known one and Enter opens it.
  const receiptNo = page.getByRole('textbox', { name: 'Receipt no' });
  await receiptNo.fill('999999');
  await receiptNo.press('Enter');
  await expect(page.getByText('Receipt #000999999 does not exist')).toBeVisible();
  await receiptNo.fill(label(ids.upi));
  await receiptNo.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/ug/inv/success/\\?.*no=${ids.upi}`));
  await expect(page.getByRole('heading', { name: `Receipt ${label(ids.upi)}` })).toBeVisible();
  await page.goBack();

  // Print duplicate: the paper says DUPLICATE with today's date, and the print dialog follows.
  await table
    .getByRole('row', { name: new RegExp(label(ids.cash)) })
    .getByRole('button', { name: `Print duplicate of receipt ${label(ids.cash)}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`no=${ids.cash}&duplicate=${TODAY}`));
  const marks = page.getByTestId('duplicate-mark');
  await expect(marks.first()).toHaveText(`DUPLICATE · reprinted ${shownDate(TODAY)}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // The PDF of a duplicate is marked the same way.
  const pdf = await page.request.get(`/api/receipts/${ids.cash}.pdf?duplicate=1`);
  expect(pdf.status()).toBe(200);
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/duplicate.pdf`, await pdf.body());
  const pdfText = execFileSync('pdftotext', ['-layout', `${SHOTS}/duplicate.pdf`, '-']).toString();
  expect(pdfText).toContain(`DUPLICATE printed on ${shownDate(TODAY)}`);
  // Both prints are in the receipt's history and in the department's audit log, by the clerk.
  await page.reload();
  await expect(page.getByLabel('History').getByText(`Printed a duplicate by ${CLERK_NAME}`)).toHaveCount(2);
  await page.goto('/ug/audit');
  const reprint = page.getByRole('row', { name: /Printed a duplicate/ }).first();
  await expect(reprint).toContainText(CLERK_NAME);
  await reprint.getByRole('link', { name: label(ids.cash) }).click();
  await expect(page).toHaveURL(new RegExp(`/ug/inv/success/\\?.*no=${ids.cash}`));

  // Void from the register: named Void, and the banner shows the reason.
  await page.goto('/ug/rcpt/register');
  await table.getByRole('button', { name: `Void receipt ${label(ids.upi)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Void receipt ${label(ids.upi)}` });
  await dialog.getByLabel('Reason').fill('Paid by the wrong student');
  await dialog.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(page.getByText(`Receipt ${label(ids.upi)} voided`)).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(table.getByRole('row', { name: new RegExp(label(ids.upi)) })).toContainText('Voided');
  await table.getByRole('link', { name: `View receipt ${label(ids.upi)}` }).click();
  await expect(page.getByTestId('void-reason')).toHaveText('Reason: Paid by the wrong student');
});

test('receipt numbers in the statement, the day book and a report open the receipt', async ({ page }) => {
  await signIn(page);
  await page.goto(`/ug/statement/${ids.meera}`);
  await page
    .getByRole('link', { name: label(ids.cash) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/ug/inv/success/\\?.*no=${ids.cash}`));
  await expect(page.getByRole('heading', { name: `Receipt ${label(ids.cash)}` })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/ug/statement/${ids.meera}$`));

  await page.goto('/ug/daybook');
  await page
    .getByTestId('day-book-voided')
    .getByRole('link', { name: label(ids.voided) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/ug/inv/success/\\?.*no=${ids.voided}`));
  await expect(page.getByText('This receipt is voided')).toBeVisible();
  await expect(page.getByTestId('void-reason')).toHaveText('Reason: Typed twice');

  await page.goto(`/ug/rcpt_dtws/?from=${TODAY}&to=${TODAY}`);
  await page.getByRole('link', { name: label(ids.cash) }).click();
  await expect(page).toHaveURL(new RegExp(`/ug/inv/success/\\?.*no=${ids.cash}`));
});

test('the counter proposes the late fine, says what it will save, and asks again for a large amount', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/ug/receipt/${ARJUN.admissionNo}`);
  const toCollect = page.getByTestId('instalment-dues').getByTestId('to-collect');
  await expect(toCollect).toHaveText('27,000.00');
  // Due now per head, then the fine on Late fee: the receipt's total is what To collect says.
  await expect(page.getByLabel('Amount 1')).toHaveValue('25000.00');
  await expect(page.getByLabel('Amount 2')).toHaveValue('1500.00');
  await expect(page.getByRole('combobox', { name: 'Fee type 3' })).toHaveValue('Late fee');
  await expect(page.getByLabel('Amount 3')).toHaveValue('500.00');
  await expect(page.getByTestId('receipt-total')).toHaveText((await toCollect.textContent()) ?? '');
  await shoot(page, 'late-fine-proposed');

  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm.getByText('Are you sure you want to Submit ?')).toBeVisible();
  await expect(confirm.getByTestId('receipt-summary')).toHaveText(
    `Save receipt of Rs 27,000.00 (cash 27,000.00) for ${ARJUN.name}, ${ARJUN.admissionNo}?`,
  );
  await confirm.getByRole('button', { name: 'No' }).click();
  // The fine's line is removable like any other.
  await page.getByRole('button', { name: 'Remove line 3' }).click();
  await expect(page.getByTestId('receipt-total')).toHaveText('26,500.00');

  // Above Rs 10,00,000 the amount is said once more, in words, before anything is saved.
  await page.goto(`/ug/receipt/${KAVYA.admissionNo}`);
  await page.getByRole('combobox', { name: 'Fee type 1' }).click();
  await page.getByRole('option', { name: /^Tuition Fee/ }).click();
  await page.getByLabel('Amount 1').fill('1200000');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
  const large = page.getByRole('dialog', { name: 'A large amount' });
  await expect(large.getByTestId('large-amount-words')).toHaveText('Rupees Twelve Lakh Only');
  await expect(large).toContainText('Rs 12,00,000.00');
  await large.getByRole('button', { name: 'Yes, the amount is right' }).click();
  await page
    .getByRole('dialog', { name: 'Amount above the balance' })
    .getByRole('button', { name: 'Accept overpayment' })
    .click();
  await expect(page).toHaveURL(/\/ug\/inv\/success\/\?.+&no=\d+/);
  await expect(page.getByTestId('printable-receipt').getByText('12,00,000.00').first()).toBeVisible();
  expect(rupees(12_00_000_00)).toBe('12,00,000.00');
});

test('a closed day refuses at the Submit button and moves the focus there', async ({ page, browser }) => {
  // An administrator closes today; the clerk's receipt dated today is then refused.
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await trpcMutation(admin, 'days.close', { depId: 100, date: TODAY });
  await admin.close();
  await signIn(page);
  await page.goto(`/ug/receipt/${MEERA.admissionNo}`);
  await page.getByRole('combobox', { name: 'Fee type 1' }).click();
  await page.getByRole('option', { name: /^Exam Fee/ }).click();
  await page.getByLabel('Amount 1').fill('100');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeFocused();
  const refusal = page.getByRole('alert').filter({ hasText: 'This day is closed' });
  await expect(refusal).toBeVisible();
  await expect(submit).toHaveAttribute('aria-describedby', 'receipt-refusal');
  // The message sits right above the button, in view without scrolling.
  const alertBox = (await refusal.boundingBox())!;
  const buttonBox = (await submit.boundingBox())!;
  expect(buttonBox.y - (alertBox.y + alertBox.height)).toBeLessThan(40);
  await expect(refusal).toBeInViewport();
  // What the clerk sees at that moment, as the window shows it.
  await page.screenshot({ path: `${SHOTS}/closed-day-refusal-window-1366x820.png` });
  // The day opens again for the specs after this one, which take today's receipts in this department.
  const reopening = await browser.newPage();
  await signInAsAdmin(reopening);
  await trpcMutation(reopening, 'days.reopen', { depId: 100, date: TODAY, reason: 'The spec closed it' });
  await reopening.close();
});
