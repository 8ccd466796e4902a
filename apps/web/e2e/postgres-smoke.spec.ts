import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { runProgram } from './programs';
import { choose, signInAsAdmin, signInAtDepartment, trpcMutation, trpcQuery, typeDate } from './support';

/**
 * The smoke test on PostgreSQL (playwright.postgres.config.ts starts the server on a throwaway
 * cluster): sign in, register a student, take a receipt, print it, read it in a report, and download
 * the pg_dump backup.
 */
const CLERK = { email: 'pg.smoke@e2e.test', password: 'clerk123' };
const STUDENT = { name: 'Lakshmi Varier', admissionNo: 'PGS-26-001' };
const ARTIFACTS = 'e2e/artifacts';
const BATCH = 'PG smoke 2026-2029';

test('on PostgreSQL: sign in, register a student, take a receipt, print it, see it in a report, download the backup', async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  // The admin sets up what the counter needs: a clerk, a batch, two fee heads.
  await signInAsAdmin(page);
  // The engine is told to a signed-in admin only.
  const health = await (await page.request.get('/healthz')).json();
  expect(health).toMatchObject({ ok: true, engine: 'postgresql' });
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: CLERK.email,
    pwd1: CLERK.password,
    pwd2: CLERK.password,
    chk1: true,
  });
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: BATCH,
    startDate: '2026-06-01',
    endDate: '2029-03-31',
    confirm: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  for (const [name, amount] of [
    ['Tuition Fee', '24000'],
    ['Exam Fee', '1200.50'],
  ] as const) {
    const feeHeadId = heads.find((h) => h.name === name)!.id;
    await trpcMutation(page, 'fees.structures.create', {
      depId: 100,
      batchId: batch.id,
      feeHeadId,
      amount,
      startDate: '2026-06-01',
      endDate: '2027-03-31',
      confirm: true,
    });
  }

  // The backup screen offers pg_dump's file and pg_restore's steps.
  await page.getByRole('navigation').getByText('Backup Database', { exact: true }).click();
  await expect(
    page.getByText(/pg_restore --no-owner --dbname=fees_restored backup_\d{4}-\d{2}-\d{2}\.dump/),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('postgres-smoke-backup.png'), fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download backup' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^backup_\d{4}-\d{2}-\d{2}\.dump$/);
  await expect(page.getByRole('status')).toContainText(/Downloaded backup_\d{4}-\d{2}-\d{2}\.dump/);
  await download.saveAs(`${ARTIFACTS}/postgres-backup.dump`);
  expect(runProgram('pg_restore', ['--list', `${ARTIFACTS}/postgres-backup.dump`])).toMatch(
    /TABLE DATA public receipts /,
  );
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  // The clerk signs in and registers the student through the form.
  await signInAtDepartment(page, 100, CLERK.email, CLERK.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto('/ug/register/?courseId=1003');
  await choose(page, 'Batch', BATCH);
  await page.getByLabel('Admission no').fill(STUDENT.admissionNo);
  await typeDate(page, 'Admission date', '15-06-2026');
  await page.getByLabel('CAP ID').fill('CAPPG001');
  await choose(page, 'Category', 'General');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(STUDENT.name);
  await typeDate(page, 'Date of birth', '12-01-2008');
  await page.getByRole('radio', { name: 'Female' }).check();
  await choose(page, 'Religion', 'Hindu');
  await page.getByRole('textbox', { name: 'Phone' }).fill('9847022222');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Varier Madom, Kodungallur');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Student registered' })).toContainText(
    `${STUDENT.name} was registered with admission number ${STUDENT.admissionNo}`,
  );

  // A cash receipt for the tuition fee, from the counter.
  await page.goto('/ug/rcpt/');
  await page.getByRole('textbox', { name: 'Find student' }).fill('lakshmi');
  await page.getByRole('link', { name: `Pay for ${STUDENT.name}` }).click();
  await page.getByRole('combobox', { name: 'Fee type 1' }).click();
  await page.getByRole('option', { name: /^Tuition Fee/ }).click();
  await expect(page.getByLabel('Amount 1')).toHaveValue('24000.00');
  await page.getByLabel('Amount 1').fill('10000');
  await expect(page.getByTestId('receipt-net')).toHaveText('10,000.00');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();

  // The printable receipt, on screen and as a PDF.
  await expect(page).toHaveURL(/\/ug\/inv\/success\/\?url=.+&no=\d+/);
  const number = Number(new URL(page.url()).searchParams.get('no'));
  await expect(page.getByTestId('printable-receipt').getByText(`#000${number}`).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('postgres-smoke-receipt.png') });
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${ARTIFACTS}/postgres-receipt.pdf`, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const text = runProgram('pdftotext', ['-layout', `${ARTIFACTS}/postgres-receipt.pdf`, '-']);
  expect(text).toContain(`#000${number}`);
  expect(text).toContain('10,000.00');
  expect(text.replace(/\s+/g, ' ')).toContain('Rupees Ten Thousand Only');

  // The fee receipt report lists it under the batch, and the dues report shows what is left.
  await page.goto('/ug/rptfee/');
  await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: 'BA English' });
  await page.getByRole('button', { name: 'Search' }).click();
  const section = page.getByTestId(`batch-${BATCH}`);
  await expect(section.locator('tbody tr')).toHaveCount(1);
  await expect(section.locator('tbody tr td').nth(0)).toHaveText(`#000${number}`);
  await expect(section.getByTestId('batch-total')).toHaveText('10,000.00');
  await page.goto('/ug/dues/');
  await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: 'BA English' });
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId(`batch-${BATCH}`).locator('tbody tr').filter({ hasText: STUDENT.name });
  await expect(row.locator('td').nth(6)).toHaveText('10,000.00');
  await expect(row.locator('td').nth(7)).toHaveText('15,200.50');
  await page.screenshot({ path: test.info().outputPath('postgres-smoke-dues.png'), fullPage: true });
});
