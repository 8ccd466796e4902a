import { expect, test } from '@playwright/test';
import { signInAsAdmin, trpcMutation, trpcQuery } from './support';

test('an edit from a screen loaded before another change is refused with who-changed-it-when, and the other change stays', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const batch = {
    depId: 100,
    courseId: 1003,
    name: '2031-2034',
    startDate: '2031-06-01',
    endDate: '2034-03-31',
    confirm: true,
  };
  const { id } = await trpcMutation<{ id: number }>(page, 'batches.create', batch);

  await page.goto(`/admin/bedit?batchId=${id}&depId=100`);
  const name = page.getByRole('textbox', { name: 'Batch name' });
  await expect(name).toHaveValue('2031-2034');

  // Another admin renames it meanwhile, from the version this screen also loaded.
  await trpcMutation(page, 'batches.update', { ...batch, id, name: '2031-34', version: 1 });

  await name.fill('2031 to 2034');
  await page.getByRole('checkbox', { name: 'Confirm' }).check();
  await page.getByRole('button', { name: 'Update batch' }).click();
  await expect(
    page.getByText(/^This batch was changed by someone else at \d{2}:\d{2}; reload it to see the change$/),
  ).toBeVisible();
  expect((await trpcQuery<{ name: string; version: number }>(page, 'batches.byId', { id })).name).toBe('2031-34');
});
