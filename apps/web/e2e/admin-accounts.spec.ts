import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, choose, rupees, signInAsAdmin, trpcMutation, trpcQuery } from './support';

/** Today in the foundation's time zone, as the server names its backup files. */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const YEAR = Number(TODAY.slice(0, 4));

/** A batch, a tuition fee, a student and one receipt dated today, through the procedures the screens use. */
async function collect(
  page: Page,
  opts: { depId: number; courseId: number; admissionNo: string; name: string; amount: string },
) {
  const startDate = `${YEAR - 1}-06-01`;
  const endDate = `${YEAR + 3}-03-31`;
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: opts.depId,
    courseId: opts.courseId,
    name: `${YEAR - 1}-${YEAR + 3}`,
    startDate,
    endDate,
    confirm: true,
  });
  const heads = await trpcQuery<{ id: number; name: string }[]>(page, 'fees.heads.list');
  const tuition = heads.find((h) => h.name === 'Tuition Fee')!.id;
  await trpcMutation(page, 'fees.structures.create', {
    depId: opts.depId,
    batchId: batch.id,
    feeHeadId: tuition,
    startDate,
    endDate,
    amount: '40000.00',
    confirm: true,
  });
  const student = await trpcMutation<{ id: number }>(page, 'students.create', {
    depId: opts.depId,
    courseId: opts.courseId,
    batchId: batch.id,
    capId: `CAP-${opts.admissionNo}`,
    name: opts.name,
    admissionNo: opts.admissionNo,
    admissionDate: startDate,
    categoryId: 1,
    dateOfBirth: '2006-04-02',
    gender: 'Female',
    address: 'Temple Road, Thrissur',
    confirm: true,
  });
  await trpcMutation(page, 'receipts.create', {
    depId: opts.depId,
    studentId: student.id,
    date: TODAY,
    items: [{ feeHeadId: tuition, particulars: 'First instalment', amount: opts.amount }],
    paymentMode: 'cash',
    total: opts.amount,
    tax: '0',
    net: opts.amount,
    confirm: true,
  });
}

test('admin creates a UG staff user, sets the GST rate, sees the dashboard and downloads a backup', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // The specs share one server: the dashboard shows what others collected before plus this spec's receipts.
  // The all-time total is the department's; today's and this month's are the period figures.
  const before = await trpcQuery<{
    departments: Array<{ depId: number; totalPaise: number }>;
    figures: { departments: Array<{ depId: number; todayPaise: number; monthPaise: number }> };
  }>(page, 'admin.dashboard');
  const collected: Record<number, number> = { 100: 12_500_50, 104: 8_000_00 };
  const shown = (depId: number, field: 'totalPaise' | 'todayPaise' | 'monthPaise') => {
    const figure =
      field === 'totalPaise'
        ? before.departments.find((d) => d.depId === depId)?.totalPaise
        : before.figures.departments.find((d) => d.depId === depId)?.[field];
    return `₹ ${rupees((figure ?? 0) + (collected[depId] ?? 0))}`;
  };
  await collect(page, { depId: 100, courseId: 1003, admissionNo: 'UG-E2E-1', name: 'Meera Nair', amount: '12500.50' });
  await collect(page, { depId: 104, courseId: 5000, admissionNo: 'BED-E2E-1', name: 'Arun Das', amount: '8000.00' });

  // New department user: every rule shows beside its field and clears when the field is edited.
  await page.getByRole('link', { name: 'New Users' }).click();
  await expect(page).toHaveURL(/\/admin\/useredt$/);
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/nuser$/);
  await expect(page.getByRole('radio', { name: 'User' })).toBeChecked();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Required')).toHaveCount(5);
  await choose(page, 'Department', 'Arts and Science UG');
  await expect(page.getByText('Required')).toHaveCount(4);
  await page.getByRole('textbox', { name: 'Email' }).fill('ug.clerk@foundation.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('clerk');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('clerk124');
  await page.getByRole('checkbox', { name: 'Agree to terms and conditions' }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Minimum 6 digit required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('clerk123');
  await expect(page.getByText('Minimum 6 digit required')).toBeHidden();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('passwords do not match')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-accounts-nuser.png'), fullPage: true });
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('clerk123');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/admin\/useredt$/);
  await expect(page.getByText('User ug.clerk@foundation.test created')).toBeVisible();
  const clerkRow = page.getByRole('row').filter({ hasText: 'ug.clerk@foundation.test' });
  // The legacy New form makes an accountant of the department chosen (shown by its code).
  await expect(clerkRow).toContainText('Accountant');
  await expect(clerkRow).toContainText('UG');
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Admin');
  await page.screenshot({ path: test.info().outputPath('admin-accounts-users.png'), fullPage: true });

  // The same email again: the server's message in red above the form.
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await choose(page, 'Department', 'Arts and Science PG');
  await page.getByRole('textbox', { name: 'Email' }).fill('UG.Clerk@foundation.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('clerk123');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('clerk123');
  await page.getByRole('checkbox', { name: 'Agree to terms and conditions' }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'An account with the email ug.clerk@foundation.test already exists',
  );
  await page.screenshot({ path: test.info().outputPath('admin-accounts-duplicate.png'), fullPage: true });

  // GST rate: out of range is refused beside the field, a valid one is saved and read back.
  await page.getByRole('link', { name: 'GST and Letterheads' }).click();
  const gst = page.getByRole('textbox', { name: 'GST rate' });
  await expect(gst).toHaveValue('0.00');
  await gst.fill('120');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Enter a GST rate from 0 to 100 with up to 2 decimals')).toBeVisible();
  await gst.fill('18');
  await expect(page.getByText('Enter a GST rate from 0 to 100 with up to 2 decimals')).toBeHidden();
  await page.getByRole('textbox', { name: 'Phone' }).first().fill('0487 2420000');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Settings saved: GST 18.00% is the default rate of heads marked taxable.',
  );
  await page.screenshot({ path: test.info().outputPath('admin-accounts-settings.png'), fullPage: true });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'GST rate' })).toHaveValue('18.00');
  await expect(page.getByRole('textbox', { name: 'Phone' }).first()).toHaveValue('0487 2420000');

  // Dashboard: six cards with 2-decimal totals, today's collections, the chart and the real admins.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const card = (name: string) => page.getByLabel(`${name} collections`);
  await expect(card('UG')).toContainText(shown(100, 'totalPaise'));
  await expect(card('UG')).toContainText(shown(100, 'todayPaise'));
  await expect(card('UG')).toContainText(shown(100, 'monthPaise'));
  await expect(card('BEd')).toContainText(shown(104, 'totalPaise'));
  for (const [name, depId] of [
    ['PG', 101],
    ['DHI', 102],
    ['D.El.Ed', 103],
    ['English School', 105],
  ] as const)
    await expect(card(name)).toContainText(shown(depId, 'totalPaise'));
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'List of Admins' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Change password');
  await page.screenshot({ path: 'e2e/artifacts/admin-dashboard.png', fullPage: true });

  // Backup: the browser receives backup_{today}.sqlite, an SQLite database.
  await page.getByRole('link', { name: 'Backup Database' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`backup_${TODAY}.sqlite`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
  expect(bytes.length).toBeGreaterThan(100_000);
  await expect(page.getByRole('status')).toContainText(`Downloaded backup_${TODAY}.sqlite`);
  await page.screenshot({ path: test.info().outputPath('admin-accounts-backup.png'), fullPage: true });
});

test('admin accounts: register, change a password, cancel goes back, delete after confirming', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Admin List' }).click();
  await expect(page.getByRole('heading', { name: 'List of Admin' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${ADMIN.email}` })).toBeDisabled();

  await page.getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/newadm$/);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Required')).toHaveCount(4);
  await page.getByRole('textbox', { name: 'Email' }).fill('accounts@foundation.test');
  await expect(page.getByText('Required')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('accounts1');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('accounts1');
  await page.getByRole('checkbox', { name: 'Agree to terms and conditions' }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/admin\/adm$/);
  await expect(page.getByText('Admin account accounts@foundation.test created')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-accounts-list.png'), fullPage: true });

  // Change its password: email read-only, 'Accept' required; on SAVED back to the list.
  await page.getByRole('link', { name: 'Edit accounts@foundation.test' }).click();
  await expect(page).toHaveURL(/\/admin\/adm\/edt\/\d+\/accounts%40foundation\.test$/);
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveValue('accounts@foundation.test');
  await expect(email).toHaveAttribute('readonly', '');
  await page.getByRole('textbox', { name: 'New password' }).fill('changed12');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('changed12');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Required')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Accept' }).check();
  await expect(page.getByText('Required')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('admin-accounts-password.png'), fullPage: true });
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/admin\/adm$/);
  await expect(page.getByText('Password changed for accounts@foundation.test')).toBeVisible();

  // The new password signs in (in a separate request context, so this page stays signed in as it was).
  const api = await playwright.request.newContext({ baseURL });
  expect(
    (await api.post('/trpc/auth.login', { data: { email: 'accounts@foundation.test', password: 'changed12' } })).ok(),
  ).toBe(true);
  await api.dispose();

  // Cancel goes back in history.
  await page.getByRole('link', { name: 'Edit accounts@foundation.test' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/adm$/);

  // Delete: the dialog first; Cancel keeps it, Delete removes it.
  await page.getByRole('button', { name: 'Delete accounts@foundation.test' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Do you really want to delete the account accounts@foundation.test?',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'accounts@foundation.test' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete accounts@foundation.test' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Account accounts@foundation.test deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'accounts@foundation.test' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toBeVisible();
});
