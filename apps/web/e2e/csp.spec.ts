import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support';

/** The main screens run under the server's Content-Security-Policy without a single violation. */
test('the built app runs with the CSP on: no violation on the main screens', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));

  const first = await page.goto('/');
  expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'Welcome to the Educational Foundation' })).toBeVisible();
  await page.goto('/deplogin/100');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await signInAsAdmin(page);
  const screens = [
    '/admin/useredt',
    '/admin/batchedt',
    '/admin/feelist',
    '/admin/discedt',
    '/admin/settings',
    '/admin/backup',
    '/admin/collections',
  ];
  for (const path of [...screens, '/ug', '/ug/register', '/ug/import', '/ug/rcpt', '/ug/dues', '/ug/collections']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
