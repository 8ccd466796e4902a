import { expect, type Page, test } from '@playwright/test';
import { choose, istDate, screenshotOnPhone, signInAsAdmin, trpcMutation, trpcQuery } from './support';

/**
 * Scholarships from the screens: the department adds a sponsor, covers two students' tuition, saves the sponsor's
 * transfer allocated across them, and records a shortfall; the counter shows what is expected from the sponsor, and the
 * sponsor's statement and the receivables agree.
 */

const STUDENTS = [
  ['SP-1', 'Anjali Krishnan'],
  ['SP-2', 'Vishnu Prasad'],
] as const;

async function setUp(page: Page): Promise<void> {
  await signInAsAdmin(page);
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: 'SP 2025',
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  await trpcMutation(page, 'fees.structures.create', {
    depId: 100,
    batchId: batch.id,
    feeHeadId: heads.find((h) => h.name === 'Tuition Fee')!.id,
    amount: '30000',
    startDate: '2025-06-01',
    endDate: '2026-03-31',
    confirm: true,
  });
  for (const [admissionNo, name] of STUDENTS)
    await trpcMutation(page, 'students.create', {
      depId: 100,
      courseId: 1003,
      batchId: batch.id,
      capId: `CAP-${admissionNo}`,
      name,
      admissionNo,
      admissionDate: '2025-06-10',
      categoryId: 1,
      dateOfBirth: '2007-03-04',
      gender: 'Female',
      address: '12 Temple Road, Thrissur',
      confirm: true,
    });
}

test('a sponsor covers students, pays for them in one transfer, falls short for one; every screen agrees', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUp(page);
  await page.goto('/ug/sponsors');
  await expect(page.getByRole('heading', { name: 'Sponsors', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'New sponsor' }).fill('e-Grantz (Kerala)');
  await page.getByRole('button', { name: 'Add sponsor' }).click();
  await page.getByRole('button', { name: 'e-Grantz (Kerala)' }).click();

  for (const [admissionNo, amount] of [
    ['SP-1', '12000'],
    ['SP-2', '20000'],
  ] as const) {
    await page.getByRole('textbox', { name: 'Admission no' }).fill(admissionNo);
    await choose(page, 'Head', 'Tuition Fee');
    await page.getByRole('textbox', { name: 'Amount (₹)' }).fill(amount);
    await page.getByRole('button', { name: 'Add share' }).click();
    await expect(
      page.getByRole('table', { name: 'Shares' }).getByRole('row', { name: new RegExp(admissionNo) }),
    ).toBeVisible();
  }
  await page.getByRole('textbox', { name: 'Admission no' }).fill('SP-1');
  await page.getByRole('textbox', { name: 'Amount (₹)' }).fill('25000');
  await page.getByRole('button', { name: 'Add share' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'e-Grantz (Kerala) already covers Tuition Fee for this student' }),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screens/sponsors-coverage-desktop.png', fullPage: true });

  await page.getByRole('tab', { name: 'Receipt' }).click();
  await page.getByRole('textbox', { name: 'Cheque / UTR no' }).fill('UTR 5521');
  await page.getByRole('textbox', { name: 'Received for SP-1 Tuition Fee' }).fill('9000');
  await page.getByRole('textbox', { name: 'Received for SP-2 Tuition Fee' }).fill('15000');
  await expect(page.getByText('Total 24,000.00')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/screens/sponsors-receipt-desktop.png', fullPage: true });
  await screenshotOnPhone(page, 'e2e/artifacts/screens/sponsors-receipt-phone.png');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('button', { name: 'Save receipt' }).click();
  await expect(page.getByText(/Sponsor receipt SP1 saved: .*24,000\.00/)).toBeVisible();

  await page.getByRole('tab', { name: 'Coverage' }).click();
  await page.getByRole('button', { name: 'Shortfall for SP-1 Tuition Fee' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('table', { name: 'Shares' }).getByRole('row', { name: /SP-1/ })).toContainText(
    `3,000.00 on ${istDate().split('-').reverse().join('-')}`,
  );

  await page.getByRole('tab', { name: 'Statement' }).click();
  await expect(page.getByText('Still expected').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sponsor receipts' })).toContainText('SP1');
  await page.screenshot({ path: 'e2e/artifacts/screens/sponsors-statement-desktop.png', fullPage: true });
  await screenshotOnPhone(page, 'e2e/artifacts/screens/sponsors-statement-phone.png');
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByRole('tab', { name: 'Receivables' }).click();
  await expect(
    page.getByRole('table', { name: 'Receivables by age' }).getByRole('row', { name: /e-Grantz/ }),
  ).toContainText('5,000.00');
  await page.screenshot({ path: 'e2e/artifacts/screens/sponsors-receivables-desktop.png', fullPage: true });

  // The transfer is money collected today: the receipts between dates list it in its SP series, the collections count it.
  await page.goto('/ug/rcpt_dtws/');
  await expect(page.getByTestId('sponsor-total')).toContainText('24,000.00');
  await expect(page.getByRole('table').filter({ hasText: 'SP1' })).toContainText('e-Grantz (Kerala)');
  await page.screenshot({ path: 'e2e/artifacts/screens/sponsors-receipts-between-desktop.png', fullPage: true });
  await screenshotOnPhone(page, 'e2e/artifacts/screens/sponsors-receipts-between-phone.png');
  await page.setViewportSize({ width: 1366, height: 768 });
  const today = istDate();
  await page.goto(`/ug/collections/?from=${today}&to=${today}`);
  await expect(page.getByTestId('collections-sponsors')).toContainText('24,000.00');
  await page.screenshot({ path: 'e2e/artifacts/screens/sponsors-collections-desktop.png', fullPage: true });

  await page.goto('/ug/receipt/SP-2');
  await expect(page.getByTestId('expected-from-sponsor')).toHaveText('Expected from e-Grantz (Kerala): 20,000.00');
  await page.goto('/ug/receipt/SP-1');
  await expect(page.getByTestId('expected-from-sponsor')).toHaveText('Expected from e-Grantz (Kerala): 9,000.00');
  await page.screenshot({ path: 'e2e/artifacts/screens/sponsors-counter-desktop.png', fullPage: true });
  await screenshotOnPhone(page, 'e2e/artifacts/screens/sponsors-counter-phone.png');
});
