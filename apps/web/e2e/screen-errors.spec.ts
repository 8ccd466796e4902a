import { expect, test } from '@playwright/test';
import { writeStraightToDatabase } from './database';
import { setUpCounter, signInAsAdmin, signInAtDepartment } from './support';

const STAFF = { email: 'counter.se@e2e.test', password: 'counter1' };
const STUDENT = { name: 'Meera Varghese', admissionNo: 'E2E-SE-001' };
const BATCH = 'E2E-SE 2025-2028';

test.describe.configure({ mode: 'serial' });

test('a structure over Advance put straight into the database: the receipt entry opens with each head once', async ({
  page,
}) => {
  await setUpCounter(page, {
    staff: STAFF,
    batchName: BATCH,
    tuitionRupees: '25000',
    tuitionUntil: '2026-03-31',
    student: { ...STUDENT, capId: 'CAP-E2E-SE', address: '3 Church Road, Kottayam', phone: '9847055555' },
  });
  // What an older version accepted from the admin screen and POST /rest/api/regfee.
  writeStraightToDatabase(
    `INSERT INTO fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date)
     SELECT b.id, h.id, 200000, '2025-06-01', '2026-03-31' FROM batches b, fee_heads h
     WHERE b.name = '${BATCH}' AND h.name = 'Advance';`,
  );

  // The admin is told at once, naming the batch and the head.
  await signInAsAdmin(page);
  const warning = page.getByRole('alert').filter({ hasText: 'Fee structures need attention' });
  // The dashboard reads every department's totals first: slow on a machine shared with other builds.
  await expect(warning).toContainText(
    `batch ${BATCH} (BA English): its fee structure charges Advance 2000.00, but Advance is collected by its own rule`,
    { timeout: 30_000 },
  );
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await signInAtDepartment(page, 100, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto(`/ug/receipt/${STUDENT.admissionNo}`);
  const firstHead = page.getByRole('combobox', { name: 'Fee type 1' });
  await expect(firstHead).toBeVisible();
  await firstHead.click();
  await expect(page.getByRole('option', { name: /^Advance\b/ })).toHaveCount(1);
  await expect(page.getByRole('option', { name: /^Tuition Fee\b/ })).toHaveCount(1);
  await expect(page.getByText('Hey developer')).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test('a screen that throws shows the plain message with its ref, a way back, and reports it to the server', async ({
  page,
}) => {
  await signInAtDepartment(page, 100, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto('/ug/rcpt/');
  await expect(page.getByRole('textbox', { name: 'Find student' })).toBeFocused();
  await page.keyboard.type('meera');
  await expect(page.getByRole('link', { name: `Pay for ${STUDENT.name}` })).toBeVisible();
  // From here every amount the browser formats throws, as a screen's own bug would, while rendering.
  await page.evaluate(() => {
    // format is a getter that hands out a bound function: replaced as such.
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      configurable: true,
      get: () => () => {
        throw new TypeError('formatting is broken in this test');
      },
    });
  });
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/screen-errors') && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/screen-errors'));
  await page.getByRole('link', { name: `Pay for ${STUDENT.name}` }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong on this screen' });
  await expect(alert).toBeVisible();
  const ref = /\(ref ([A-Z0-9]+)\)/.exec((await alert.textContent()) ?? '')?.[1];
  expect(ref).toMatch(/^[A-Z0-9]{8}$/);
  const body = (await reported).postDataJSON();
  expect(body).toMatchObject({ ref, path: '/ug/receipt/:admNo' });
  expect(body.message).toContain('formatting is broken in this test');
  expect((await answered).status()).toBe(204);

  // Nothing for a developer on a clerk's screen: no stack, no error text, no router page.
  await expect(page.getByText('formatting is broken')).toHaveCount(0);
  await expect(page.getByText('Hey developer')).toHaveCount(0);
  await expect(page.getByText(/\bat \w+ \(/)).toHaveCount(0);

  const back = page.getByRole('link', { name: 'Back to the dashboard' });
  await expect(back).toHaveAttribute('href', '/ug');
  await back.click();
  await expect(page).toHaveURL(/\/ug$/);
  await expect(page.getByText('Something went wrong on this screen')).toHaveCount(0);
});
