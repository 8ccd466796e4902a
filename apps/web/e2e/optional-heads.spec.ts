import { expect, type Page, test } from '@playwright/test';
import { screenshots, signInAsAdmin, trpcMutation, trpcQuery } from './support';

/**
 * Optional heads from the screens: an admin marks Transport optional in a batch's structure; the department ticks two
 * students and opts them in from a date; the counter then shows Transport only for them.
 */

const STUDENTS = [
  ['OPT-1', 'Meera Das'],
  ['OPT-2', 'Joseph Varghese'],
  ['OPT-3', 'Fathima Rahman'],
] as const;

async function setUp(page: Page): Promise<number> {
  await signInAsAdmin(page);
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: 'OPT 2025',
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  const transport = await trpcMutation<{ id: number }>(page, 'fees.heads.create', { name: 'Van service' });
  for (const [feeHeadId, amount] of [
    [heads.find((h) => h.name === 'Tuition Fee')!.id, '20000'],
    [transport.id, '6000'],
  ] as const)
    await trpcMutation(page, 'fees.structures.create', {
      depId: 100,
      batchId: batch.id,
      feeHeadId,
      amount,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
      confirm: true,
      optional: feeHeadId === transport.id,
    });
  for (const [admissionNo, name] of STUDENTS)
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
  return batch.id;
}

test('the department opts ticked students into an optional head, and the counter charges it to them alone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const batchId = await setUp(page);
  await page.goto(`/ug/optional?course=1003&batch=${batchId}`);
  await expect(page.getByRole('heading', { name: 'Optional heads', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Van service · 6,000\.00 a year/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Tick OPT-1' }).check();
  await page.getByRole('checkbox', { name: 'Tick OPT-3' }).check();
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  await from.fill('01-06-2025');
  await from.press('Tab');
  await page.getByRole('button', { name: 'Opt in 2 ticked' }).click();
  const rows = page.getByRole('table', { name: 'Students' });
  await expect(rows.getByRole('row', { name: /OPT-1/ })).toContainText('from 01-06-2025');
  await expect(rows.getByRole('row', { name: /OPT-2/ })).toContainText('Not taken');
  await expect(rows.getByRole('row', { name: /OPT-3/ })).toContainText('from 01-06-2025');
  await screenshots(page, 'e2e/artifacts/screens/optional-heads');

  await page.goto('/ug/receipt/OPT-1');
  await expect(page.getByText('Van service').first()).toBeVisible();
  await page.goto('/ug/receipt/OPT-2');
  await expect(page.getByText('Tuition Fee').first()).toBeVisible();
  await expect(page.getByText('Van service')).toHaveCount(0);
});
