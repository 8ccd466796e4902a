import { expect, type Page, test } from '@playwright/test';
import { screenshotOnPhone, signInAsAdmin, trpcMutation, trpcQuery } from './support';

/**
 * Opening balances from the screen: an admin imports a small file of previous dues (one bad row
 * first: nothing is written), corrects one, removes one, and the counter offers the dues of the imported student.
 */

const STUDENTS = [
  ['OBE-1', 'Devika Nair'],
  ['OBE-2', 'Farhan Ali'],
] as const;

async function setUp(page: Page) {
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: 'OB 2025',
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  const tuition = heads.find((h) => h.name === 'Tuition Fee')!.id;
  await trpcMutation(page, 'fees.structures.create', {
    depId: 100,
    batchId: batch.id,
    feeHeadId: tuition,
    amount: '20000',
    startDate: '2025-06-01',
    endDate: '2026-03-31',
    confirm: true,
  });
  for (const [admissionNo, name] of STUDENTS) {
    await trpcMutation(page, 'students.create', {
      depId: 100,
      courseId: 1003,
      batchId: batch.id,
      capId: `CAP-${admissionNo}`,
      name,
      admissionNo,
      admissionDate: '2025-06-10',
      categoryId: 1,
      dateOfBirth: '2007-03-04',
      gender: 'Female',
      address: '12 Temple Road, Thrissur',
      confirm: true,
    });
  }
}

test('an admin imports opening balances from a file, sees the preview, commits, corrects and removes one, and the counter shows the dues', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setUp(page);
  await page.goto('/admin/discedt');
  await page.getByRole('link', { name: 'Opening balances' }).click();
  await expect(page.getByRole('heading', { name: 'Opening balances', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Department', exact: true }).click();
  await page.getByRole('option', { name: 'Arts and Science UG', exact: true }).click();

  const header = 'Admission No,Head,Amount,Note';
  const upload = (rows: string[]) =>
    page.locator('input[type=file]').setInputFiles({
      name: 'previous-dues.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...rows].join('\r\n')),
    });
  await upload([
    'OBE-1,Previous dues,1200.50,2024-25 arrears',
    'OBE-2,Previous dues,-500,Advance from 2024-25',
    'OBE-3,Previous dues,100,',
  ]);
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(preview.locator('tr[data-invalid]')).toHaveCount(1);
  await expect(preview.locator('tr[data-invalid]')).toContainText(
    'Admission no: No student with admission no OBE-3 in this department',
  );
  await expect(preview.getByRole('row').filter({ hasText: 'OBE-2' })).toContainText('500.00 advance');
  await expect(page.getByRole('button', { name: 'Import 3 opening balances' })).toBeDisabled();
  await page.screenshot({ path: 'e2e/artifacts/screens/opening-preview.png', fullPage: true });

  await upload([
    'OBE-1,Previous dues,1200.50,2024-25 arrears',
    'OBE-1,Tuition Fee,300,Old tuition',
    'OBE-2,Previous dues,-500,Advance from 2024-25',
  ]);
  await expect(preview.locator('tr[data-invalid]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Import 3 opening balances' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import complete' })).toContainText(
    '3 opening balances were imported',
  );
  const list = page.getByRole('table', { name: 'Opening balances' });
  await expect(list.getByRole('row')).toHaveCount(4);
  await expect(
    list.getByRole('row').filter({ hasText: 'Devika Nair' }).filter({ hasText: 'Previous dues' }),
  ).toContainText('1,200.50');

  await page.getByRole('button', { name: 'Correct OBE-1 Tuition Fee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct the opening balance' });
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('350');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    list.getByRole('row').filter({ hasText: 'Devika Nair' }).filter({ hasText: 'Tuition Fee' }),
  ).toContainText('350.00');
  await page.getByRole('button', { name: 'Remove OBE-2 Previous dues' }).click();
  await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('row')).toHaveCount(3);
  await page.screenshot({ path: 'e2e/artifacts/screens/opening-list.png', fullPage: true });
  await screenshotOnPhone(page, 'e2e/artifacts/screens/opening-list-phone.png');

  // The counter: Previous dues is offered with its balance, Tuition Fee carries the 350 more.
  await page.goto('/ug/receipt/OBE-1');
  await expect(page.getByText('Previous dues').first()).toBeVisible();
  await expect(page.getByText('1,200.50').first()).toBeVisible();
  await expect(page.getByText('20,350.00').first()).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screens/opening-counter.png', fullPage: true });

  // The statement says which part of a head's fee was brought forward.
  const student = await trpcQuery<{ id: number }>(page, 'students.byAdmissionNo', { depId: 100, admissionNo: 'OBE-1' });
  await page.goto(`/ug/statement/${student.id}`);
  const statement = page.getByTestId('statement-table');
  await expect(statement.getByRole('row').filter({ hasText: 'Tuition Fee' }).first()).toContainText(
    'incl. opening balance 350.00',
  );
  await expect(statement.getByRole('row').filter({ hasText: 'Previous dues' }).first()).toContainText('1,200.50');
});
