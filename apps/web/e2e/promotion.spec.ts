import { expect, type Page, test } from '@playwright/test';
import { screenshots, signInAsAdmin, trpcMutation, trpcQuery } from './support';

/**
 * The yearly promotion from the admin's screen: a batch with three students owing its fees, and its next batch; the
 * admin keeps one student back, applies after confirming the counts, finds last year's unpaid fees still at the counter
 * for a promoted student, and undoes the promotion.
 */

const STUDENTS = [
  ['PRM-1', 'Anjali Menon'],
  ['PRM-2', 'Rahul Nair'],
  ['PRM-3', 'Sneha Pillai'],
] as const;

async function setUp(page: Page): Promise<{ fromId: number; toId: number }> {
  await signInAsAdmin(page);
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const batch = (name: string, startDate: string, endDate: string) =>
    trpcMutation<{ id: number }>(page, 'batches.create', {
      depId: 100,
      courseId: 1004,
      name,
      startDate,
      endDate,
      confirm: true,
    });
  const from = await batch('PRM Year 1', '2024-06-01', '2025-05-31');
  const to = await batch('PRM Year 2', '2025-06-01', '2026-05-31');
  await trpcMutation(page, 'fees.structures.create', {
    depId: 100,
    batchId: from.id,
    feeHeadId: heads.find((h) => h.name === 'Tuition Fee')!.id,
    amount: '18000',
    startDate: '2024-06-01',
    endDate: '2025-03-31',
    confirm: true,
  });
  for (const [admissionNo, name] of STUDENTS)
    await trpcMutation(page, 'students.create', {
      depId: 100,
      courseId: 1004,
      batchId: from.id,
      capId: `CAP-${admissionNo}`,
      name,
      admissionNo,
      admissionDate: '2024-06-10',
      categoryId: 1,
      dateOfBirth: '2006-08-14',
      gender: 'Female',
      address: '4 Canal Road, Kochi',
      confirm: true,
    });
  return { fromId: from.id, toId: to.id };
}

test('an admin promotes a batch, keeps one student back, and undoes it; last year stays owed', async ({ page }) => {
  test.setTimeout(120_000);
  const { fromId, toId } = await setUp(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Create Batches' }).click();
  await page.getByRole('link', { name: 'Promote students' }).click();
  await expect(page.getByRole('heading', { name: 'Promote students', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Department' }).selectOption('100');
  await page.getByRole('combobox', { name: 'Course' }).selectOption('1004');
  await page.getByRole('combobox', { name: 'Batch', exact: true }).selectOption(String(fromId));
  await expect(page.getByRole('combobox', { name: 'Next batch' })).toHaveValue(String(toId));

  const rows = page.getByRole('table', { name: 'Students' });
  await expect(rows.getByRole('row', { name: /PRM-1/ })).toContainText('18,000.00');
  await expect(page.getByText('Unpaid in PRM Year 1: 54,000.00')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'On' })).toHaveValue('01-06-2025');
  await page.getByRole('radiogroup', { name: 'Choice for PRM-2' }).getByText('Keep').click();
  await screenshots(page, 'e2e/artifacts/screens/promotion-preview');

  await page.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply the promotion' });
  await expect(dialog).toContainText('Promote 2, keep 1, leave 0?');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Promotion applied' });
  await expect(done).toContainText('Promoted 2, kept 1, left 0 on 01-06-2025');
  // Only the kept student is still in the batch; the promotion is listed with its Undo.
  await expect(rows.getByRole('row', { name: /PRM-2/ })).toBeVisible();
  await expect(rows.getByRole('row', { name: /PRM-1/ })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Past promotions' })).toContainText('PRM Year 2');
  await screenshots(page, 'e2e/artifacts/screens/promotion-applied');

  // The promoted student still owes last year's tuition at the counter.
  await page.goto('/ug/receipt/PRM-1');
  await expect(page.getByText('Tuition Fee').first()).toBeVisible();
  await expect(page.getByText('18,000.00').first()).toBeVisible();

  await page.goBack();
  await page
    .getByRole('table', { name: 'Past promotions' })
    .getByRole('button', { name: 'Undo the promotion of 01-06-2025' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('table', { name: 'Past promotions' })).toContainText('Undone');
  await expect(rows.getByRole('row', { name: /PRM-1/ })).toContainText('18,000.00');
  await expect(rows.getByRole('row')).toHaveCount(4);
});
