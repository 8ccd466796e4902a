import { expect, type Page, test } from '@playwright/test';
import { choose, screenshots, signInAsAdmin, signInAtDepartment, trpcMutation, typeDate } from './support';

const PASSWORD = 'clerk123';
const CLERK = 'guardians.clerk@e2e.test';
const BATCH = '2026-2030';

async function setUp(page: Page) {
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: CLERK,
    pwd1: PASSWORD,
    pwd2: PASSWORD,
    chk1: true,
  });
  await trpcMutation(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: BATCH,
    startDate: '2026-06-01',
    endDate: '2030-03-31',
    confirm: true,
  });
  await page.context().clearCookies();
  await signInAtDepartment(page, 100, CLERK, PASSWORD);
  await expect(page).toHaveURL(/\/ug$/);
}

test('UG staff registers a student with a guardian, sees the mobile as +91, and imports guardians from a file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setUp(page);
  await page.goto('/ug/register/?courseId=1003');
  await choose(page, 'Batch', BATCH);
  await page.getByLabel('Admission no').fill('BAE-26-201');
  await typeDate(page, 'Admission date', '15-06-2026');
  await page.getByLabel('CAP ID').fill('CAP26201');
  await choose(page, 'Category', 'OBC');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Gauri Nair');
  await typeDate(page, 'Date of birth', '02-03-2008');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Thrissur');
  await page.getByRole('button', { name: 'Add a guardian' }).click();
  await page.getByLabel('Guardian 1 name').fill('Sreedevi Nair');
  await page.getByLabel('Guardian 1 relation').fill('Mother');
  await page.getByLabel('Guardian 1 mobile').fill('12345');
  await page.getByLabel('Guardian 1 takes WhatsApp').check();
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Enter a 10-digit Indian mobile number')).toBeVisible();
  await screenshots(page, test.info().outputPath('guardian-refused'));
  await page.getByLabel('Guardian 1 mobile').fill('098470 55555');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Student registered' })).toBeVisible();

  await page.goto('/ug/edit?admno=BAE-26-201&subid=1003&depId=100&course=BA+English');
  await expect(page.getByLabel('Guardian 1 mobile')).toHaveValue('+919847055555');
  await expect(page.getByLabel('Guardian 1 takes WhatsApp')).toBeChecked();

  await page.getByRole('link', { name: 'Import guardians' }).click();
  await expect(page.getByRole('heading', { name: 'Import guardians' })).toBeVisible();
  const csv = [
    'admissionNo,guardian1Name,guardian1Relation,guardian1Mobile,guardian2Name,guardian2Relation,guardian2Email',
    'BAE-26-201,Sreedevi Nair,Mother,9847055555,Mohan Nair,Father,mohan@example.in',
    'BAE-26-999,Nobody,Aunt,9847055556,,,',
  ].join('\n');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'guardians.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('no student BAE-26-999 in this department')).toBeVisible();
  await screenshots(page, test.info().outputPath('guardians-import'));
  await page.locator('input[type=file]').setInputFiles({
    name: 'guardians.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv.split('\n').slice(0, 2).join('\n')),
  });
  await page.getByRole('button', { name: 'Import guardians of 1 students' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import complete' })).toBeVisible();
  await page.goto('/ug/edit?admno=BAE-26-201&subid=1003&depId=100&course=BA+English');
  await expect(page.getByLabel('Guardian 2 e-mail')).toHaveValue('mohan@example.in');
  await screenshots(page, test.info().outputPath('guardians-edit'));
});
