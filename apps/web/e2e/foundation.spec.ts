import { expect, test } from '@playwright/test';
import { signInAsAdmin, signInAtDepartment, trpcMutation } from './support';

test('home page: spinner first, then navbar, hero and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Loading')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to the Educational Foundation' })).toBeVisible({
    timeout: 5000,
  });
  await expect(page.getByText('Founded in 1964')).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('menuitem')).toHaveCount(6);
  await expect(page.getByRole('menuitem', { name: 'Diploma in Health Inspector' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Arts and Science UG' }).click();
  await expect(page).toHaveURL(/\/deplogin\/100\?dpname=/);
  await expect(page.getByRole('heading', { name: 'Arts and Science UG' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/department-login.png' });
});

test('admin signs in, sees the admin shell menus, and signs out', async ({ page }) => {
  await signInAsAdmin(page);
  const menu = page.getByRole('navigation');
  for (const entry of [
    'Admin List',
    'New Users',
    'Create Batches',
    'Create Fees',
    'Disc/Adjustment',
    'Backup Database',
  ]) {
    await expect(menu.getByText(entry, { exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Bachelor of Education' }).first()).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('auth'), localStorage.getItem('department')])).toEqual([
    'true',
    'ADM',
  ]);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Do you really want to log off?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  // The server session is gone too: the admin area sends us home.
  await page.goto('/admin/adm');
  await expect(page).toHaveURL(/\/$/);
});

test('UG staff signs in to UG with the full menu, and is refused at PG', async ({ page }) => {
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: 'foundation.ug@e2e.test',
    pwd1: 'clerk123',
    pwd2: 'clerk123',
    chk1: true,
  });
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();

  await signInAtDepartment(page, 101, 'foundation.ug@e2e.test', 'clerk123');
  await expect(page.getByRole('alert')).toContainText('This account does not belong to Arts and Science PG');
  await expect(page).toHaveURL(/\/deplogin\/101/);

  await signInAtDepartment(page, 100, 'foundation.ug@e2e.test', 'clerk123');
  await expect(page).toHaveURL(/\/ug$/);
  const menu = page.getByRole('navigation');
  for (const entry of ['Dashboard', 'Courses', 'Register student', 'Receipts', 'Reports']) {
    await expect(menu.getByText(entry, { exact: true })).toBeVisible();
  }
  // The PG area is not theirs: the guard sends them home.
  await page.goto('/pg');
  await expect(page).toHaveURL(/\/$/);
});

for (const deepLink of ['/admin/feelist', '/ug/register/']) {
  test(`an anonymous deep link to ${deepLink} lands on /`, async ({ page }) => {
    await page.goto(deepLink);
    await expect(page).toHaveURL(/\/$/);
  });
}
