import { expect, test } from '@playwright/test';
import { setUpScreenData } from './screens-data';
import { DESKTOP, istDate, shownDate, signInAsAdmin, trpcMutation, trpcQuery, typeDate } from './support';

/** The administrator reaches a department's screens from the admin menu alone, and comes back the same way. */
test("the admin opens a department's cheques from the menu and goes back to the admin area", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/admin$/);
  const adminMenu = page.getByRole('navigation', { name: 'Administration menu' });
  await adminMenu.getByRole('button', { name: 'Departments' }).click();
  await adminMenu.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Arts and Science PG' });
  await adminMenu.getByRole('link', { name: 'Cheques of Arts and Science PG' }).click();
  await expect(page).toHaveURL(/\/pg\/cheques\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screens/admin-department-cheques.png' });
  const departmentMenu = page.getByRole('navigation', { name: 'Arts and Science PG menu' });
  await departmentMenu.getByRole('link', { name: 'Back to administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(adminMenu.getByRole('button', { name: 'Departments' })).toBeVisible();
});

test('the admin clears two cheques of a department at once on one date and is told which', async ({ page }) => {
  const data = await setUpScreenData(page, 'chq');
  await signInAsAdmin(page);
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const tuition = heads.find((h) => h.name === 'Tuition Fee')!.id;
  const numbers: number[] = [];
  for (const [instrumentNo, amount] of [
    ['112233', '1000'],
    ['445566', '2000'],
  ] as const) {
    const receipt = await trpcMutation<{ number: number }>(page, 'receipts.create', {
      depId: 100,
      studentId: data.student.id,
      date: istDate(),
      items: [{ feeHeadId: tuition, particulars: '', amount }],
      paymentMode: 'cheque',
      bank: 'Canara Bank',
      instrumentNo,
      instrumentDate: istDate(),
      total: amount,
      tax: '0',
      net: amount,
      confirm: true,
    });
    numbers.push(receipt.number);
  }
  await page.goto('/admin');
  const adminMenu = page.getByRole('navigation', { name: 'Administration menu' });
  await adminMenu.getByRole('button', { name: 'Departments' }).click();
  await adminMenu.getByRole('link', { name: 'Cheques of Arts and Science UG' }).click();
  const labels = numbers.map((n) => `#000${n}`);
  for (const label of labels)
    await page.getByRole('checkbox', { name: `Choose the cheque of receipt ${label}` }).check();
  await page.getByRole('button', { name: 'Clear 2 chosen on one date' }).click();
  await typeDate(page, 'Cleared on', shownDate(istDate()));
  await page.getByRole('button', { name: 'Clear 2 cheques' }).click();
  await expect(
    page.getByText(`2 cheques cleared on ${shownDate(istDate())}: receipts ${labels.join(', ')}`),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Choose the cheque of receipt ${labels[0]}` })).toBeHidden();
  await page.screenshot({ path: 'e2e/artifacts/screens/cheques-cleared-together.png' });
});
