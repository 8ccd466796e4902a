import { expect, type Page, test } from '@playwright/test';
import { screenshots, signInAsAdmin, signInAtDepartment, trpcMutation } from './support';

const ARTIFACTS = 'e2e/artifacts';
const DEPARTMENT = { id: 103, prefix: 'ttc' };
const ACCOUNTS = {
  cashier: { email: 'desk.cashier@e2e.test', password: 'desk1234', name: 'Ravi Kumar' },
  viewer: { email: 'principal@e2e.test', password: 'view1234', name: 'Dr. Susan Mathew' },
} as const;

/** Every answer of the server the page got that refused the account (403), by path. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  return refused;
}

/** Visits every link of the department menu; each screen loads without a refusal. */
async function visitMenu(page: Page, refused: string[]): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: /menu/ });
  for (const group of ['Courses', 'Reports']) {
    const toggle = menu.getByRole('button', { name: group });
    if (await toggle.count()) await toggle.click();
  }
  const links = await menu.getByRole('link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  for (const link of links) {
    await page.goto(link);
    await page.waitForLoadState('networkidle');
    expect(refused, `refused on ${link}`).toEqual([]);
  }
  return links;
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsAdmin(page);
  const existing = (await (await page.request.get('/trpc/admin.users.list')).json()).result.data as Array<{
    username: string;
  }>;
  for (const [role, account] of Object.entries(ACCOUNTS)) {
    if (existing.some((u) => u.username === account.email)) continue;
    await trpcMutation(page, 'admin.users.createAccount', { ...account, role, depIds: [DEPARTMENT.id] });
  }
  // A bank statement with one credit no receipt matches: an accountant's Accept and Ignore, none for a viewer.
  const csv = ['Date,Narration,Deposits', '02-11-2026,NEFT FROM A PARENT,2500.00'].join('\n');
  await trpcMutation(page, 'reconciliation.import', {
    depId: DEPARTMENT.id,
    bankAccount: 'Roles check 7788',
    fileName: 'roles.csv',
    fileBase64: Buffer.from(csv).toString('base64'),
    mapping: { date: 'Date', narration: 'Narration', credit: 'Deposits' },
  });
  await page.close();
});

test('a cashier finds students and takes receipts, and sees no control it may not use', async ({ page }) => {
  test.setTimeout(180_000);
  const refused = watchRefusals(page);
  await signInAtDepartment(page, DEPARTMENT.id, ACCOUNTS.cashier.email, ACCOUNTS.cashier.password);
  // The department's figures are not a cashier's: it starts at the receipts.
  await expect(page).toHaveURL(new RegExp(`/${DEPARTMENT.prefix}/rcpt/?$`));
  await expect(page.getByText(ACCOUNTS.cashier.name)).toBeVisible();
  const menu = page.getByRole('navigation', { name: /menu/ });
  await expect(menu.getByRole('link', { name: 'Receipts' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Day book' })).toBeVisible();
  for (const hidden of [
    'Dashboard',
    'Register student',
    'Optional heads',
    'Online payments',
    'Reconciliation',
    'Approvals',
    'Refunds',
    'Cheques',
    'Messages',
    'Discounts',
    'Audit log',
  ]) {
    await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Receipt register' })).toHaveCount(0);
  await screenshots(page, `${ARTIFACTS}/roles-cashier`);
  const links = await visitMenu(page, refused);
  expect(links).toEqual(expect.arrayContaining([`/${DEPARTMENT.prefix}/rcpt/`, `/${DEPARTMENT.prefix}/daybook/`]));
  // The day book has no Close day button for a cashier.
  await page.goto(`/${DEPARTMENT.prefix}/daybook/`);
  await expect(page.getByRole('button', { name: 'Close day' })).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('a viewer reads the department and sees no control that writes', async ({ page }) => {
  // Every screen of the department menu, each waited on until the network is quiet.
  test.setTimeout(300_000);
  const refused = watchRefusals(page);
  await signInAtDepartment(page, DEPARTMENT.id, ACCOUNTS.viewer.email, ACCOUNTS.viewer.password);
  await expect(page).toHaveURL(new RegExp(`/${DEPARTMENT.prefix}/?$`));
  const menu = page.getByRole('navigation', { name: /menu/ });
  for (const shown of [
    'Dashboard',
    'Optional heads',
    'Receipts',
    'Refunds',
    'Cheques',
    'Online payments',
    'Reconciliation',
    'Approvals',
    'Messages',
  ]) {
    await expect(menu.getByRole('link', { name: shown })).toBeVisible();
  }
  for (const hidden of ['Register student', 'Import students', 'Import guardians', 'Discounts', 'Audit log']) {
    await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await screenshots(page, `${ARTIFACTS}/roles-viewer`);
  await visitMenu(page, refused);
  // Who takes the bus is shown, not changed: no import of opt-ins.
  await page.goto(`/${DEPARTMENT.prefix}/optional/`);
  await expect(page.getByRole('heading', { name: 'Optional heads' })).toBeVisible();
  await expect(page.getByLabel('Import opt-ins (CSV)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Template' })).toHaveCount(0);
  // Bank statements are shown, not uploaded.
  await page.goto(`/${DEPARTMENT.prefix}/reconciliation/`);
  await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  // Payment links are shown, not made, sent, cancelled or asked of the gateway.
  await page.goto(`/${DEPARTMENT.prefix}/payments/`);
  await expect(page.getByRole('heading', { name: 'Online payments' })).toBeVisible();
  for (const control of ['Create link', 'Refresh', 'Send again', 'Cancel link']) {
    await expect(page.getByRole('button', { name: control })).toHaveCount(0);
  }
  // A bank statement's lines without the column of Accept, Ignore and Unmatch, which a viewer may not use.
  await page.goto(`/${DEPARTMENT.prefix}/reconciliation/`);
  await page.getByRole('link', { name: 'roles.csv' }).click();
  const lines = page.getByTestId('statement-lines');
  await expect(lines.getByRole('row').filter({ hasText: 'NEFT FROM A PARENT' })).toBeVisible();
  await expect(lines.getByRole('columnheader')).toHaveText([
    'Date',
    'Narration',
    'State',
    'Receipt, student or reason',
    'Credit',
  ]);
  await expect(lines.getByRole('button')).toHaveCount(0);
  await screenshots(page, `${ARTIFACTS}/roles-viewer-statement`);
  await page.goto(`/${DEPARTMENT.prefix}/daybook/`);
  await expect(page.getByRole('button', { name: 'Close day' })).toHaveCount(0);
  expect(refused).toEqual([]);
});

test("an administrator's reset makes the user choose a new password first", async ({ page, browser }) => {
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/useredt');
  await expect(admin.getByRole('cell', { name: ACCOUNTS.viewer.name })).toBeVisible();
  await screenshots(admin, `${ARTIFACTS}/roles-users`);
  const users = (await (await admin.request.get('/trpc/admin.users.list')).json()).result.data as Array<{
    id: number;
    username: string;
  }>;
  const viewer = users.find((u) => u.username === ACCOUNTS.viewer.email)!;
  await trpcMutation(admin, 'admin.users.resetPassword', { id: viewer.id, password: 'temp1234' });
  await admin.close();

  await signInAtDepartment(page, DEPARTMENT.id, ACCOUNTS.viewer.email, 'temp1234');
  await expect(page).toHaveURL(/\/password\?next=/);
  await page.getByLabel(/^Current password/).fill('temp1234');
  await page.getByLabel(/^New password/).fill('mine1234');
  await page.getByLabel(/^Confirm new password/).fill('mine1234');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(new RegExp(`/${DEPARTMENT.prefix}/?$`));
});
