import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { runProgram } from './programs';
import { setUpCounter, signInAsAdmin, signInAtDepartment, trpcMutation } from './support';

const STAFF = { email: 'counter.verify@e2e.test', password: 'verify12' };
const STUDENT = { name: 'Meera Nair Krishnan', admissionNo: 'E2E-VF-001' };
const ARTIFACTS = 'e2e/artifacts';
/** Today at the foundation (receipts may not be back-dated past the limit). */
const TODAY = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const TODAY_SHOWN = TODAY.split('-').reverse().join('-');

/** Prints the page to PDF, renders the office copy's lower right part with pdftoppm and decodes its QR code. */
async function qrOfPrintedPage(page: Page): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${ARTIFACTS}/verify-receipt.pdf`, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  // A4 at 200 dpi is 1654 x 2339 pixels: the office copy (the upper half) holds one code, at its foot on the right.
  const corner = ['-x', '827', '-y', '0', '-W', '827', '-H', '1100'];
  runProgram('pdftoppm', [
    '-png',
    '-r',
    '200',
    '-f',
    '1',
    '-l',
    '1',
    ...corner,
    '-singlefile',
    `${ARTIFACTS}/verify-receipt.pdf`,
    `${ARTIFACTS}/verify-receipt`,
  ]);
  const png = PNG.sync.read(readFileSync(`${ARTIFACTS}/verify-receipt.png`));
  const found = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  if (!found) throw new Error('No QR code found on the printed receipt');
  return found.data;
}

test('a printed receipt verifies from its QR code without signing in and shows VOIDED once voided; its history and the audit log show the edit and the void', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  const { studentId, tuitionHeadId: headId } = await setUpCounter(page, {
    staff: STAFF,
    batchName: 'E2E Verify 2025',
    tuitionRupees: '30000',
    tuitionUntil: '2027-03-31',
    student: { ...STUDENT, capId: 'CAP-E2E-VF', address: '12 Temple Road, Thrissur', phone: '9847000001' },
  });
  // The receipts below carry no GST; another spec may have left a rate on the shared server.
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
  await page.context().clearCookies();
  await signInAtDepartment(page, 100, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/ug$/);
  const created = await trpcMutation<{ number: number }>(page, 'receipts.create', {
    depId: 100,
    studentId,
    date: TODAY,
    items: [{ feeHeadId: headId, particulars: 'First term', amount: '12500.00' }],
    paymentMode: 'cash',
    total: '12500.00',
    tax: '0.00',
    net: '12500.00',
    confirm: true,
  });

  // An edit before printing: the History panel and the audit log show it; the print carries the new amount.
  await trpcMutation(page, 'receipts.update', {
    depId: 100,
    number: created.number,
    studentId,
    date: TODAY,
    items: [{ feeHeadId: headId, particulars: 'First term', amount: '13000.00' }],
    paymentMode: 'cash',
    total: '13000.00',
    tax: '0.00',
    net: '13000.00',
    confirm: true,
  });

  await page.goto(`/ug/inv/success/?no=${created.number}`);
  const sheet = page.getByTestId('printable-receipt');
  await expect(sheet.getByText(`#000${created.number}`).first()).toBeVisible();
  const printedLink = (await sheet
    .getByText(/^Verify: /)
    .first()
    .textContent())!.replace('Verify: ', '');
  expect(printedLink).toMatch(new RegExp(`/verify/${created.number}/[0-9a-f]{12}$`));
  await page.screenshot({ path: test.info().outputPath('verify-printable.png'), fullPage: true });

  const link = await qrOfPrintedPage(page);
  expect(link).toBe(printedLink);

  // A parent's phone: a fresh browser context, no session.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  await phone.goto(link);
  await expect(phone.getByText('Valid receipt')).toBeVisible();
  await expect(phone.getByText(`#000${created.number}`)).toBeVisible();
  await expect(phone.getByText(TODAY_SHOWN, { exact: true })).toBeVisible();
  await expect(phone.getByText('₹ 13,000.00')).toBeVisible();
  await expect(phone.getByText('M. N. K.')).toBeVisible();
  await expect(phone.getByText(STUDENT.admissionNo)).toBeVisible();
  await expect(phone.getByText(STUDENT.name)).toHaveCount(0);
  await phone.screenshot({ path: test.info().outputPath('verify-valid-phone.png'), fullPage: true });

  await trpcMutation(page, 'receipts.void', { number: created.number, reason: 'Wrong entry' });
  await phone.reload();
  await expect(phone.getByText(/^VOIDED on \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  await expect(phone.getByText('Valid receipt')).toHaveCount(0);
  await phone.screenshot({ path: test.info().outputPath('verify-voided-phone.png'), fullPage: true });

  await phone.goto(link.replace(/[0-9a-f]$/, (c) => (c === '0' ? '1' : '0')));
  await expect(phone.getByRole('heading', { name: 'Not a valid receipt' })).toBeVisible();
  await expect(phone.getByText(`#000${created.number}`)).toHaveCount(0);
  await visitor.close();

  // The receipt's History panel for staff: created, the edit with its changes, the void.
  await page.reload();
  const history = page.getByLabel('History');
  await expect(history.getByText(`Created by ${STAFF.email.split('@')[0]}`)).toBeVisible();
  await expect(history.getByText(`Changed by ${STAFF.email.split('@')[0]}`)).toBeVisible();
  await expect(history.getByText(`Voided by ${STAFF.email.split('@')[0]}`)).toBeVisible();
  await expect(history.getByText('Reason: Wrong entry')).toBeVisible();
  await expect(history.getByRole('row', { name: 'Net (₹) 12,500.00 13,000.00' })).toBeVisible();
  await history.screenshot({ path: test.info().outputPath('verify-history.png') });

  // Admin › Audit log: the receipt's three entries, newest first; the edit opens to its fields.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAsAdmin(page);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Receipt number').fill(`#000${created.number}`);
  const entries = page.getByTestId('audit-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Voided');
  await expect(entries.nth(1)).toContainText('Changed');
  await expect(entries.nth(2)).toContainText('Created');
  await entries.nth(1).click();
  await expect(page.getByRole('row', { name: 'Net (₹) 12,500.00 13,000.00', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: `Date ${TODAY_SHOWN} ${TODAY_SHOWN}`, exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('audit-log.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('audit-log-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 820 });
  await entries.nth(0).click();
  await expect(page.getByRole('row', { name: 'Reason — Wrong entry', exact: true })).toBeVisible();

  // The server backed the new database up at start: Backup Database lists it, checked, to download.
  await page.goto('/admin/backup');
  await expect(page.getByRole('heading', { name: 'Automatic backups' })).toBeVisible();
  const startBackup = page.getByRole('row').filter({ hasText: 'At start' });
  await expect(startBackup.getByText(/^Good · [\d,]+ rows$/)).toBeVisible();
  const download = startBackup.getByRole('link', { name: 'Download' });
  const file = await download.getAttribute('download');
  expect(file).toMatch(/^fees_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.sqlite$/);
  const response = await page.request.get(`/api/backup/files/${file}`);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  await page.screenshot({ path: test.info().outputPath('backup-page.png'), fullPage: true });
  // A good backup and no copy configured: the dashboard has nothing to warn about.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Backups need attention')).toHaveCount(0);
});
