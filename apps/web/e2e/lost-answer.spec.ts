import { expect, test } from '@playwright/test';
import { setUpCounter, signInAtDepartment, trpcQuery } from './support';

const STAFF = { email: 'counter.lost@e2e.test', password: 'counter1' };
const ADMISSION_NO = 'E2E-LA-001';

/**
 * The answer of a saved receipt is lost on its way to the browser (the connection is reset after the
 * server answered): the form sends the request again by itself with the same idempotency key and
 * shows the receipt saved the first time; the student is charged once.
 */
test('a receipt whose answer was lost is saved once and shown with its number', async ({ page }) => {
  test.setTimeout(120_000);
  const { tuitionHeadId: tuition } = await setUpCounter(page, {
    staff: STAFF,
    batchName: 'E2E Lost 2025-2028',
    tuitionRupees: '25000',
    tuitionUntil: '2026-03-31',
    student: { name: 'Anjali Menon', admissionNo: ADMISSION_NO, capId: 'CAP-E2E-LA', address: 'Kochi' },
  });
  await signInAtDepartment(page, 100, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/ug$/);

  // The first answer of receipts.create reaches the network but not the page.
  const sent: string[] = [];
  let firstAnswer: unknown;
  await page.route('**/trpc/receipts.create*', async (route) => {
    sent.push(route.request().postData() ?? '');
    if (sent.length > 1) return route.continue();
    const response = await route.fetch();
    firstAnswer = await response.json();
    return route.abort('connectionreset');
  });

  await page.goto(`/ug/receipt/${ADMISSION_NO}`);
  // An action waits for the form however long the shared machine takes to show it; an expect gives up in 10 s.
  await page.getByRole('combobox', { name: 'Fee type 1' }).click();
  await page.keyboard.type('Tuit');
  await expect(page.getByRole('option', { name: /^Tuition Fee/ })).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
  await page.getByLabel('Amount 1').fill('10000');
  await page.getByLabel('Confirm').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();

  await expect(page).toHaveURL(/\/ug\/inv\/success\/\?url=.+&no=\d+/);
  const shown = Number(new URL(page.url()).searchParams.get('no'));
  // The lost answer had saved that very receipt; the retry carried the same key and body.
  expect(firstAnswer).toMatchObject([{ result: { data: { number: shown } } }]);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toBe(sent[0]);
  expect(JSON.parse(sent[0]!)).toMatchObject({ 0: { idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) } });

  const context = await trpcQuery<{ student: { id: number } }>(page, 'receipts.entryContext', {
    depId: 100,
    admissionNo: ADMISSION_NO,
  });
  const info = await trpcQuery<{ rows: Array<{ feeHeadId: number; paidPaise: number }> }>(page, 'receipts.feeInfo', {
    depId: 100,
    studentId: context.student.id,
  });
  expect(info.rows.find((r) => r.feeHeadId === tuition)?.paidPaise).toBe(10_000_00);
});
