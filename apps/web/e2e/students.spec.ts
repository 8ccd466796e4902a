import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { choose, signInAsAdmin, signInAtDepartment, trpcMutation, typeDate } from './support';

const PASSWORD = 'clerk123';

/** The admin creates a UG staff account and a BA English batch through their procedures. */
async function setUp(page: Page, clerk: string, batch: string, startDate: string) {
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: clerk,
    pwd1: PASSWORD,
    pwd2: PASSWORD,
    chk1: true,
  });
  await trpcMutation(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: batch,
    startDate,
    endDate: '2029-03-31',
    confirm: true,
  });
  await page.context().clearCookies();
  await signInAtDepartment(page, 100, clerk, PASSWORD);
  await expect(page).toHaveURL(/\/ug$/);
}

async function admissionsOf(page: Page, course: string): Promise<number> {
  const row = page
    .getByRole('table', { name: 'List of Admission' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: course, exact: true }) });
  return Number(await row.getByRole('cell').last().textContent());
}

test('UG staff registers a student, finds them under their batch, edits, exports, and the dashboard counts them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const BATCH = '2026-2029';
  await setUp(page, 'ug.clerk@e2e.test', BATCH, '2026-06-01');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('card-Admin total')).toHaveText('₹ 0.00');
  await expect(page.getByTestId('card-Salary total')).toHaveText('₹ 0.00');
  const before = await admissionsOf(page, 'BA English');
  expect(await page.getByRole('table', { name: 'List of Admission' }).getByRole('row').count()).toBe(14);

  await page.getByRole('link', { name: 'BA English', exact: true }).click();
  await expect(page).toHaveURL(/\/ug\/list\/1003\?course=BA\+English&depurl=ug$/);
  await expect(page.getByTestId(`batch-${BATCH}`)).toContainText('No students registered in this batch yet.');
  await page.getByRole('link', { name: 'Admission' }).click();
  await expect(page).toHaveURL(/\/ug\/register\/\?courseId=1003$/);

  await expect(page.getByRole('combobox', { name: 'Course', exact: true })).toHaveValue('BA English');
  // Confirm unticked and fields empty: the spec's messages, no call.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByLabel('CAP ID').fill('C'.repeat(51));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Maximum 50 digit allowed')).toBeVisible();

  await choose(page, 'Batch', BATCH);
  await page.getByLabel('Admission no').fill('BAE-26-001');
  await typeDate(page, 'Admission date', '15-06-2026');
  await page.getByLabel('CAP ID').fill('CAP26001');
  await choose(page, 'Category', 'OBC');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Devika Raghavan');
  await typeDate(page, 'Date of birth', '02-03-2008');
  await page.getByRole('radio', { name: 'Female' }).check();
  await choose(page, 'Religion', 'Hindu');
  await page.getByRole('textbox', { name: 'Phone' }).fill('9847011111');
  await page.getByLabel('Parent').fill('Raghavan P');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Puthenveetil House, Irinjalakuda, Thrissur');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Student registered' })).toContainText(
    'Devika Raghavan was registered with admission number BAE-26-001',
  );

  // The same admission number again is refused with the server's message.
  await page.getByLabel('Admission no').fill('BAE-26-001');
  await page.getByLabel('CAP ID').fill('CAP26002');
  await choose(page, 'Category', 'General');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Second Try');
  await typeDate(page, 'Date of birth', '02-03-2008');
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Thrissur');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Admission number BAE-26-001 is already used in this department');

  await page.getByRole('link', { name: 'Open the list of BA English' }).click();
  const batch = page.getByTestId(`batch-${BATCH}`);
  const row = batch.getByRole('row').filter({ hasText: 'BAE-26-001' });
  await expect(row).toContainText('Devika Raghavan');
  await expect(row).toContainText('CAP26001');
  await expect(row).toContainText('9847011111');
  await expect(row).toContainText('15-06-2026');

  await row.getByRole('link', { name: 'BAE-26-001', exact: true }).click();
  await expect(page).toHaveURL(/\/ug\/edit\?admno=BAE-26-001&subid=1003&depId=100&course=BA\+English$/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Devika Raghavan');
  await page.getByRole('textbox', { name: 'Phone' }).fill('9447022222');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/ug\/list\/1003/);
  await expect(batch.getByRole('row').filter({ hasText: 'BAE-26-001' })).toContainText('9447022222');
  await page.screenshot({ path: test.info().outputPath('students-course-list.png'), fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(batch.getByRole('button', { name: 'CSV export' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Admission' })).toBeHidden();
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(row).toContainText('Devika Raghavan');
  await page.emulateMedia({ media: 'screen' });

  const downloading = page.waitForEvent('download');
  await batch.getByRole('button', { name: 'CSV export' }).click();
  await expect(page.getByText('CSV export started')).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Students_BA_English_Batch_${BATCH}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  // A UTF-8 byte order mark first, for Excel on Windows.
  expect(csv.split('\r\n')).toEqual([
    '\uFEFFSNo,Adm.No,Student Name,CAP ID,Phone,Admission Date',
    '1,BAE-26-001,Devika Raghavan,CAP26001,9447022222,15-06-2026',
  ]);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => admissionsOf(page, 'BA English')).toBe(before + 1);
  await page.screenshot({ path: test.info().outputPath('students-dashboard.png'), fullPage: true });

  // Delete: confirm, then after 0.5 s 'Deleted!', then back to where we came from.
  await page.getByRole('link', { name: 'BA English', exact: true }).click();
  await batch.getByRole('link', { name: 'Edit BAE-26-001' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog').getByText('Deleted!')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/ug\/list\/1003/);
  await expect(batch).toContainText('No students registered in this batch yet.');
});

test('bulk import marks invalid rows, imports nothing until the file is right, then imports it all', async ({
  page,
}) => {
  const BATCH = '2026-2029 Evening';
  await setUp(page, 'ug.importer@e2e.test', BATCH, '2026-07-01');
  await page.getByRole('link', { name: 'Import students' }).click();
  await expect(page.getByText('At most 2,000 students and 1 MB per file')).toBeVisible();
  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  expect(await readFile(await (await template).path(), 'utf8')).toBe(
    '\uFEFFadmissionNo,capId,name,admissionDate,dateOfBirth,gender,category,religion,email,phone,parentName,address,' +
      'guardianAddress,guardian1Name,guardian1Relation,guardian1Mobile,guardian1Email,guardian1WhatsApp,guardian1OptOut,' +
      'guardian2Name,guardian2Relation,guardian2Mobile,guardian2Email,guardian2WhatsApp,guardian2OptOut',
  );

  await choose(page, 'Course', 'BA English');
  await choose(page, 'Batch', BATCH);
  const header =
    'admissionNo,capId,name,admissionDate,dateOfBirth,gender,category,religion,email,phone,parentName,address,guardianAddress';
  const good = (n: number) =>
    `BAE-IMP-${n},CAPI${n},Student ${n},15-06-2026,2008-01-0${n},Male,General,Hindu,,94470000${n}0,,"House ${n}, Chalakudy",`;
  const bad = 'BAE-IMP-3,CAPI3,Student 3,31-02-2026,2008-01-03,Male,Royal,,,,,Kochi,';
  const upload = (rows: string[]) =>
    page
      .locator('input[type=file]')
      .setInputFiles({ name: 'intake.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\r\n')) });

  await upload([good(1), good(2), bad]);
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(preview.locator('tr[data-invalid]')).toHaveCount(1);
  await expect(preview.locator('tr[data-invalid]')).toContainText("Category: 'Royal' is not a known category");
  await expect(preview.locator('tr[data-invalid]')).toContainText('Admission date: Enter a valid date (yyyy-MM-dd)');
  await expect(page.getByRole('button', { name: 'Import 3 students' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('students-import-preview.png'), fullPage: true });

  await upload([good(1), good(2), good(3)]);
  await expect(preview.locator('tr[data-invalid]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Import 3 students' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import complete' })).toContainText(
    '3 students were imported',
  );
  await page.getByRole('link', { name: 'Open the list of BA English' }).click();
  await expect(page.getByTestId(`batch-${BATCH}`).getByRole('row')).toHaveCount(4);
});
