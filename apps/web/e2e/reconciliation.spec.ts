import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  istDate,
  rupees,
  screenshots,
  setUpCounter,
  shownDate,
  signInAtDepartment,
  trpcMutation,
  trpcQuery,
} from './support';

const ARTIFACTS = 'e2e/artifacts';
const STAFF = { email: 'recon.clerk@e2e.test', password: 'recon1' };
const STUDENT = {
  name: 'Meera Pillai',
  admissionNo: 'RECON-207',
  capId: 'CAP-RC-207',
  address: '3 Canal Road, Alappuzha',
};

const printed = (iso: string) => iso.split('-').reverse().join('/');

/**
 * An accountant uploads a small statement: one credit is a UPI receipt already written at the counter
 * (matched by its UTR), the other names the student's admission number and becomes a receipt on Accept.
 */
test('a bank statement uploaded, its columns guessed, one credit matched and a proposal accepted as a receipt', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  const { studentId, tuitionHeadId } = await setUpCounter(page, {
    staff: STAFF,
    batchName: 'E2E Reconciliation',
    tuitionRupees: '30000',
    tuitionUntil: '2026-03-31',
    student: STUDENT,
  });
  await signInAtDepartment(page, 100, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/ug\/?$/);
  const counter = await trpcMutation<{ number: number }>(page, 'receipts.create', {
    depId: 100,
    studentId,
    date: istDate(-3),
    items: [{ feeHeadId: tuitionHeadId, particulars: '', amount: '1000' }],
    paymentMode: 'upi',
    paymentReference: '633300011122',
    total: '1000',
    tax: '0',
    net: '1000',
    confirm: true,
  });

  const csv = [
    'Statement of account,Canara Bank',
    '',
    'Date,Particulars,Cheque/Ref No,Withdrawals,Deposits,Balance',
    `${printed(istDate(-3))},UPI/633300011122/MEERA/okhdfc,633300011122,,1000.00,51000.00`,
    `${printed(istDate(-2))},NEFT N32600077 FEES ${STUDENT.admissionNo},N32600077,,"5,000.00",56000.00`,
    `${printed(istDate(-1))},SMS CHARGES,,17.70,,55982.30`,
  ].join('\n');

  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Bank account' }).fill('Canara 4455');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'canara.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('statement-preview-summary')).toContainText(
    `2 credits of ${rupees(6_000_00)} from ${shownDate(istDate(-3))} to ${shownDate(istDate(-1))}; 1 debit left out`,
  );
  await expect(page.getByRole('combobox', { name: 'Credit' })).toHaveValue('Deposits');
  await screenshots(page, `${ARTIFACTS}/reconciliation-upload`);
  await page.getByRole('button', { name: 'Import 2 credits' }).click();

  await expect(page.getByRole('heading', { name: 'Bank statement' })).toBeVisible();
  const lines = page.getByTestId('statement-lines');
  const matched = lines.getByRole('row').filter({ hasText: '633300011122' });
  await expect(matched).toContainText('Matched');
  await expect(matched).toContainText(`#000${counter.number}`);
  const proposed = lines.getByRole('row').filter({ hasText: 'N32600077' });
  await expect(proposed).toContainText(`Proposed: ${STUDENT.name} (${STUDENT.admissionNo})`);

  await proposed.getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a receipt from this credit' });
  await expect(dialog.getByRole('radio', { name: `${STUDENT.name} (${STUDENT.admissionNo}), proposed` })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create receipt' }).click();
  await expect(dialog.getByTestId('accepted')).toContainText('created');
  const receiptNumber = Number(
    ((await dialog.getByTestId('accepted').getByRole('link').textContent()) ?? '').replace('#', ''),
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect(proposed).toContainText('Receipt created');
  const totals = page.getByTestId('statement-totals');
  await expect(totals.locator('[data-state="receipt_created"]')).toContainText(rupees(5_000_00));
  await expect(totals.locator('[data-state="all"]')).toContainText(rupees(6_000_00));
  await screenshots(page, `${ARTIFACTS}/reconciliation-statement`);

  const receipt = await trpcQuery<{
    receipt: { date: string; netPaise: number; paymentMode: string; paymentReference: string; studentId: number };
  }>(page, 'receipts.byNumber', { number: receiptNumber });
  expect(receipt.receipt).toMatchObject({
    date: istDate(-2),
    netPaise: 5_000_00,
    paymentMode: 'bank_transfer',
    paymentReference: 'N32600077',
    studentId,
  });
  await page
    .getByTestId('statement-lines')
    .getByRole('link', { name: `#000${receiptNumber}` })
    .click();
  await expect(page.getByText(STUDENT.name).first()).toBeVisible();
  await expect(page.getByText('Bank transfer').first()).toBeVisible();
});
