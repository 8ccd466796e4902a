import { expect, type Page, test } from '@playwright/test';
import {
  istDate,
  PHONE,
  screenshots,
  signInAsAdmin,
  signInAtDepartment,
  trpcMutation,
  trpcQuery,
  typeDate,
} from './support';

/**
 * A student leaves with fees unpaid: the accountant marks them left on 30-11-2025 from the statement and is warned of
 * what fell due by then (two terms of 10,000 and their fines of 200: 20,400; the third term, due after, is not owed),
 * the no-dues certificate is refused while that is owed; once paid it prints, and its QR link opens on a phone
 * without signing in.
 */

const STAFF = { email: 'leaving@foundation.test', password: 'leave123' };

async function setUp(page: Page): Promise<{ studentId: number; tuition: number; lateFee: number }> {
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: STAFF.email,
    pwd1: STAFF.password,
    pwd2: STAFF.password,
    chk1: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const tuition = heads.find((h) => h.name === 'Tuition Fee')!.id;
  const lateFee = heads.find((h) => h.name === 'Late fee')!.id;
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: 'LV 2025-26',
    startDate: '2025-06-01',
    endDate: '2026-05-31',
    confirm: true,
  });
  await trpcMutation(page, 'fees.structures.create', {
    depId: 100,
    batchId: batch.id,
    feeHeadId: tuition,
    amount: '30000',
    startDate: '2025-06-01',
    endDate: '2026-03-31',
    confirm: true,
  });
  await trpcMutation(page, 'plans.save', {
    depId: 100,
    batchId: batch.id,
    fineRule: { type: 'fixed', amountPaise: 20_000, graceDays: 5 },
    instalments: ['2025-06-20', '2025-10-10', '2026-01-10'].map((dueDate, i) => ({
      name: `Term ${i + 1}`,
      dueDate,
      fineRule: null,
      amounts: [{ feeHeadId: tuition, amountPaise: 1_000_000 }],
    })),
  });
  const student = await trpcMutation<{ id: number }>(page, 'students.create', {
    depId: 100,
    courseId: 1003,
    batchId: batch.id,
    capId: 'CAP-LV-1',
    name: 'Meera Iyer',
    admissionNo: 'LV-1',
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2007-02-11',
    gender: 'Female',
    address: '7 Market Road, Palakkad',
    confirm: true,
  });
  await page.context().clearCookies();
  return { studentId: student.id, tuition, lateFee };
}

test('a student leaves with dues: warned, paid, then the no-dues certificate prints and verifies', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { studentId, tuition, lateFee } = await setUp(page);
  await signInAtDepartment(page, 100, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto(`/ug/statement/${studentId}`);
  await expect(page.getByTestId('statement-student')).toHaveText('Meera Iyer');

  await page.getByRole('button', { name: 'Mark as left' }).click();
  const dialog = page.getByRole('dialog', { name: 'Meera Iyer leaves' });
  await typeDate(page, 'Leaving date', '30-11-2025');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Family moved to Coimbatore');
  const warning = dialog.getByTestId('leaving-warning');
  await expect(warning).toContainText('still owes 20,400.00 (fees 20,000.00, fines 400.00)');
  await screenshots(page, 'e2e/artifacts/screens/leaving-warning');
  await dialog.getByRole('button', { name: 'Mark as left' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('left-badge')).toHaveText('Left on 30-11-2025');
  await expect(page.getByTestId('statement-balance')).toHaveText('20,000.00');

  await page.getByRole('button', { name: 'No-dues certificate' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Rs. 20,400.00 is still outstanding: no no-dues certificate can be issued',
  );

  // The family pays what fell due and its fines at the counter.
  await trpcMutation(page, 'receipts.create', {
    depId: 100,
    studentId,
    date: istDate(),
    items: [
      { feeHeadId: tuition, particulars: 'Terms 1 and 2', amount: '20000' },
      { feeHeadId: lateFee, particulars: 'Fines', amount: '400' },
    ],
    paymentMode: 'cash',
    total: '20400',
    tax: '0',
    net: '20400',
    confirm: true,
  });
  await page.reload();
  await expect(page.getByTestId('statement-balance')).toHaveText('0.00');
  await page.getByRole('button', { name: 'No-dues certificate' }).click();
  await expect(page).toHaveURL(/\/ug\/no-dues\/\d+$/);
  const certificate = page.getByTestId('no-dues-certificate');
  await expect(certificate).toContainText('NO-DUES CERTIFICATE');
  await expect(certificate).toContainText('Meera Iyer');
  await expect(certificate).toContainText('LV 2025-26');
  await expect(certificate.getByTestId('nodues-paid')).toHaveText('20,400.00');
  await expect(certificate).toContainText('nothing is outstanding from Meera Iyer');
  await screenshots(page, 'e2e/artifacts/screens/leaving-certificate');

  const link = (await certificate.getByText(/^Verify: /).textContent())!.replace(/^Verify: /, '');
  expect(link).toMatch(/\/verify\/no-dues\/100\/\d+\/[0-9a-f]{12}$/);
  const phone = await browser.newPage({ viewport: PHONE });
  await phone.goto(link);
  await expect(phone.getByText('Valid certificate: nothing was outstanding when it was issued')).toBeVisible();
  await expect(phone.getByText('Admission number')).toBeVisible();
  await phone.screenshot({ path: 'e2e/artifacts/screens/leaving-verify-phone.png', fullPage: true });
  await phone.close();
});
