import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  choose,
  istDate,
  screenshots,
  shownDate,
  signInAsAdmin,
  signInAtDepartment,
  trpcMutation,
  trpcQuery,
  typeDate,
} from './support';

const CLERK = { email: 'plans.clerk@e2e.test', password: 'plans123' };
const STUDENT = { name: 'Lakshmi Menon', admissionNo: 'BED-PL-01' };
const LETTERHEAD = {
  institutionName: 'College of Education',
  address: 'Temple Road, Palakkad 678001',
  phone: '0491 2500000',
};
const UPI = { upiId: 'bedcollege@sbi', payeeName: 'College of Education' };
const ARTIFACTS = 'e2e/artifacts';

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + m - 1 + months;
  const last = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return new Date(Date.UTC(Math.floor(index / 12), index % 12, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The first due date lies 40 days back, so the first term is 35 days late after 5 days of grace. */
const FIRST_DUE = istDate(-40);
const SECOND_DUE = addMonths(FIRST_DUE, 3);

test('a three-term plan with a per-day fine: fine at the counter, one receipt, dues cleared, a demand notice with a UPI QR and a verification QR', async ({
  page,
  browser,
}) => {
  // Four screens at two sizes and two PDFs: longer than one screen's test.
  test.setTimeout(180_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  // This run's own folder: a second run, in this or another checkout, never overwrites its screenshots.
  const SHOTS = test.info().outputPath('plans');
  mkdirSync(SHOTS, { recursive: true });

  // Data the screens need but do not test: a B.Ed clerk, a batch with Tuition 30,000, one student.
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 104,
    email: CLERK.email,
    pwd1: CLERK.password,
    pwd2: CLERK.password,
    chk1: true,
  });
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0', letterheads: [{ depId: 104, ...LETTERHEAD }] });
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 104,
    courseId: 5001,
    name: 'PL 2025-2027',
    startDate: FIRST_DUE,
    endDate: addMonths(FIRST_DUE, 22),
    confirm: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const tuition = heads.find((h) => h.name === 'Tuition Fee')!.id;
  await trpcMutation(page, 'fees.structures.create', {
    depId: 104,
    batchId: batch.id,
    feeHeadId: tuition,
    amount: '30000',
    startDate: FIRST_DUE,
    endDate: addMonths(FIRST_DUE, 22),
    confirm: true,
  });
  await trpcMutation(page, 'students.create', {
    depId: 104,
    courseId: 5001,
    batchId: batch.id,
    capId: 'CAP-PL-01',
    name: STUDENT.name,
    admissionNo: STUDENT.admissionNo,
    admissionDate: FIRST_DUE,
    categoryId: 1,
    dateOfBirth: '2001-02-03',
    gender: 'Female',
    address: 'Kalpathy, Palakkad',
    phone: '9847000001',
    parentName: 'Ravi Menon',
    confirm: true,
  });

  // Settings: the department's UPI ID is checked like name@bank.
  await page.goto('/admin/settings');
  const upiCard = page.getByTestId('upi-104');
  await upiCard.getByLabel('UPI ID').fill('not a upi id');
  await upiCard.getByLabel('Payee name').fill(UPI.payeeName);
  await upiCard.getByRole('button', { name: 'Save UPI' }).click();
  await expect(upiCard.getByText(/name@bank/)).toBeVisible();
  await upiCard.getByLabel('UPI ID').fill(UPI.upiId);
  await upiCard.getByRole('button', { name: 'Save UPI' }).click();
  await expect(page.getByText('UPI details saved')).toBeVisible();

  // Admin › Fee plans: three equal terms every 3 months, a per-day fine of 10 capped at 500, 5 days' grace.
  await page.goto('/admin/plans');
  await choose(page, 'Department', 'Bachelor of Education');
  await choose(page, 'Batch', /PL 2025-2027/);
  await expect(page.getByText('has no plan yet')).toBeVisible();
  await page.getByLabel('Instalments', { exact: true }).fill('3');
  await typeDate(page, 'First due date', shownDate(FIRST_DUE));
  await page.getByLabel('Every (months)').fill('3');
  await page.getByRole('button', { name: 'Fill' }).click();
  const table = page.getByTestId('plan-table');
  await expect(table.getByLabel('Tuition Fee in instalment 3')).toHaveValue('10000.00');
  await expect(page.getByTestId(`difference-${tuition}`)).toHaveText('OK');
  // A plan that does not add up cannot be saved.
  await table.getByLabel('Tuition Fee in instalment 3').fill('9000');
  await expect(page.getByTestId(`difference-${tuition}`)).toHaveText('short 1,000.00');
  await expect(page.getByRole('button', { name: 'Save plan' })).toBeDisabled();
  await table.getByLabel('Tuition Fee in instalment 3').fill('10000');
  for (const [i, name] of ['Term 1', 'Term 2', 'Term 3'].entries())
    await table.getByLabel(`Name of instalment ${i + 1}`).fill(name);
  await page.getByText('Per day', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Per day' }).fill('10');
  await page.getByRole('textbox', { name: 'Cap' }).fill('500');
  await page.getByRole('textbox', { name: 'Grace days' }).fill('5');
  await screenshots(page, `${SHOTS}/fee-plan`);
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('The plan of batch PL 2025-2027 is saved.')).toBeVisible();
  await expect(page.getByText('has no plan yet')).toHaveCount(0);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  // The counter: the dues panel shows the late first term and its fine (35 days late x 10 = 350).
  await signInAtDepartment(page, 104, CLERK.email, CLERK.password);
  await expect(page).toHaveURL(/\/bed\/?$/);
  await page.goto(`/bed/receipt/${STUDENT.admissionNo}`);
  const dues = page.getByTestId('instalment-dues');
  await expect(dues.getByRole('row', { name: /Term 1/ })).toContainText('35 d');
  await expect(dues.getByRole('row', { name: /Term 1/ })).toContainText('350.00');
  await expect(dues.getByTestId('fine-outstanding')).toHaveText('350.00');
  await expect(dues.getByTestId('to-collect')).toHaveText('10,350.00');

  // Tuition pre-fills what is due today (the first term); Late fee pre-fills the fine.
  await page.getByRole('combobox', { name: 'Fee type 1' }).click();
  await page.getByRole('option', { name: /^Tuition Fee/ }).click();
  await expect(page.getByLabel('Amount 1')).toHaveValue('10000.00');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByRole('combobox', { name: 'Fee type 2' }).click();
  await page.getByRole('option', { name: /^Late fee/ }).click();
  await expect(page.getByLabel('Amount 2')).toHaveValue('350.00');
  await expect(page.getByTestId('receipt-net')).toHaveText('10,350.00');

  // UPI: a QR for the net amount to the department's UPI ID.
  await page.getByText('UPI', { exact: true }).click();
  const qr = page.getByTestId('upi-qr');
  await expect(qr).toHaveAttribute(
    'data-upi-link',
    `upi://pay?pa=bedcollege@sbi&pn=College%20of%20Education&am=10350.00&tn=${STUDENT.admissionNo}&cu=INR`,
  );
  await expect(qr.getByRole('img')).toBeVisible();
  await page.getByLabel('Reference no.').fill('UPI-PL-777');
  await page.getByLabel('Confirm').check();
  await screenshots(page, `${SHOTS}/receipt-entry`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/bed\/inv\/success\/\?url=.+&no=\d+/);
  const sheet = page.getByTestId('printable-receipt');
  await expect(sheet.getByText('Late fee').first()).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${ARTIFACTS}/plans-receipt.pdf`, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const receiptText = execFileSync('pdftotext', ['-layout', `${ARTIFACTS}/plans-receipt.pdf`, '-']).toString();
  expect(receiptText).toContain('Late fee');
  expect(receiptText).toContain('10,350.00');

  // The dues report as of today: the student is cleared; nobody of the batch is overdue (another spec's
  // students of the course may be).
  await page.goto(`/bed/duesasof/?course=5001&asof=${istDate()}`);
  const report = page.getByTestId('dues-asof-PL 2025-2027');
  const row = report.getByRole('row', { name: new RegExp(STUDENT.admissionNo) });
  await expect(row).toContainText('10,000.00');
  await expect(row.getByRole('cell').last()).toHaveText('0.00');
  await expect(
    report
      .getByRole('row', { name: /^Total:/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('0.00');
  await screenshots(page, `${SHOTS}/dues-asof`);
  // The switch lives in the address: it shows checked once the report has been asked again.
  await page.getByLabel('Overdue only').click();
  await expect(page.getByLabel('Overdue only')).toBeChecked();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('row', { name: new RegExp(STUDENT.admissionNo) })).toHaveCount(0);

  // Ten days after the second term: 10,000 outstanding, 5 days late, fine 50; the first term's 350 is paid.
  const noticeDate = new Date(Date.parse(`${SECOND_DUE}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/bed/defaulters/?asof=${noticeDate}`);
  // Other specs' students of the department may be late too: the row is this student's, the total is everyone's.
  const defaulter = page.getByTestId('defaulters-table').getByRole('row', { name: new RegExp(STUDENT.admissionNo) });
  await expect(defaulter).toContainText('9847000001');
  await expect(defaulter).toContainText('10,050.00');
  await screenshots(page, `${SHOTS}/defaulters`);
  // A defaulter's own notice, as of the same date.
  await page.getByRole('link', { name: `Demand notice of ${STUDENT.name}` }).click();
  await expect(page.getByTestId('demand-notice').getByTestId('notice-total')).toHaveText('10,050.00');

  await page.goto(`/bed/notices/?course=5001&batch=${batch.id}&asof=${noticeDate}&paper=a5`);
  const notice = page.getByTestId('demand-notice');
  await expect(notice).toHaveCount(1);
  await expect(notice.getByTestId('notice-total')).toHaveText('10,050.00');
  await expect(notice.getByTestId('upi-qr').getByRole('img')).toBeVisible();
  await screenshots(page, `${SHOTS}/demand-notice`);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${ARTIFACTS}/demand-notice.pdf`, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const text = execFileSync('pdftotext', ['-layout', `${ARTIFACTS}/demand-notice.pdf`, '-']).toString();
  expect(text).toContain('DEMAND NOTICE');
  expect(text).toContain('COLLEGE OF EDUCATION');
  expect(text).toContain(STUDENT.name);
  expect(text).toContain('10,050.00');
  expect(text).toContain('50.00');
  expect(text).toContain(UPI.upiId);
  expect(execFileSync('pdfinfo', [`${ARTIFACTS}/demand-notice.pdf`]).toString()).toMatch(/Pages:\s+1\n[\s\S]*\(A5\)/);

  // The two QR codes on paper: the UPI link for the total, and the verification link printed beside it.
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '200',
    '-singlefile',
    `${ARTIFACTS}/demand-notice.pdf`,
    `${SHOTS}/notice-pdf`,
  ]);
  const png = PNG.sync.read(readFileSync(`${SHOTS}/notice-pdf.png`));
  const printedLink = (await notice.getByText(/^Verify: /).textContent())!.replace('Verify: ', '');
  expect(printedLink).toMatch(/\/verify\/notice\/\d+\/\d{4}-\d{2}-\d{2}\/1005000\/[0-9a-f]{12}$/);
  expect(qrCodesOf(png).sort()).toEqual(
    [
      `upi://pay?pa=bedcollege@sbi&pn=College%20of%20Education&am=10050.00&tn=${STUDENT.admissionNo}&cu=INR`,
      printedLink,
    ].sort(),
  );

  // Anyone with the paper, without a session: only the institution, initials, admission number, date and total.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  await phone.goto(printedLink);
  await expect(phone.getByText('Valid demand notice')).toBeVisible();
  await expect(phone.getByText('₹ 10,050.00')).toBeVisible();
  await expect(phone.getByText(shownDate(noticeDate), { exact: true })).toBeVisible();
  await expect(phone.getByText(STUDENT.admissionNo)).toBeVisible();
  await expect(phone.getByText('L. M.', { exact: true })).toBeVisible();
  await expect(phone.getByText(STUDENT.name)).toHaveCount(0);
  await phone.screenshot({ path: `${SHOTS}/notice-verify-phone.png`, fullPage: true });
  await phone.goto(printedLink.replace('/1005000/', '/1000000/'));
  await expect(phone.getByText('Not a valid demand notice')).toBeVisible();
  await visitor.close();
});

/** Every QR code on a page image: decode one, paint its area white, look again. */
function qrCodesOf(png: PNG): string[] {
  const found: string[] = [];
  for (
    let code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    code;
    code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  ) {
    found.push(code.data);
    const { topLeftCorner: a, bottomRightCorner: b } = code.location;
    const margin = 20;
    for (
      let y = Math.max(0, Math.floor(Math.min(a.y, b.y)) - margin);
      y < Math.min(png.height, Math.ceil(Math.max(a.y, b.y)) + margin);
      y++
    ) {
      for (
        let x = Math.max(0, Math.floor(Math.min(a.x, b.x)) - margin);
        x < Math.min(png.width, Math.ceil(Math.max(a.x, b.x)) + margin);
        x++
      ) {
        png.data.fill(255, (y * png.width + x) * 4, (y * png.width + x) * 4 + 4);
      }
    }
  }
  return found;
}
