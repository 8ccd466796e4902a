import { expect, test } from '@playwright/test';
import { setUpScreenData } from './screens-data';
import { DESKTOP, istDate, screenshots, shownDate, signInAsAdmin, trpcMutation, trpcQuery } from './support';

/** The dashboard's figures name their periods, and a department's dues open the whole-department dues report. */
test("the admin reads each department's figures and opens its dues across all courses, with phones", async ({
  page,
}) => {
  const data = await setUpScreenData(page, 'dsh');
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  // A trust covers 5,000.00 of the student's tuition and has not paid yet: expected, not collected.
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const sponsor = await trpcMutation<{ id: number }>(page, 'sponsors.create', { name: 'E2E Dashboard Trust' });
  await trpcMutation(page, 'sponsors.cover', {
    depId: 100,
    sponsorId: sponsor.id,
    studentId: data.student.id,
    feeHeadId: heads.find((h) => h.name === 'Tuition Fee')!.id,
    amount: '5000',
  });
  await page.goto('/admin');
  const figures = page.getByRole('table').filter({ hasText: 'Dues outstanding' });
  await expect(figures.getByRole('columnheader', { name: `Today ${shownDate(istDate())}` })).toBeVisible();
  await expect(figures.getByRole('columnheader', { name: /^[A-Z][a-z]+ \d{4}$/ })).toBeVisible();
  await expect(figures.getByRole('columnheader', { name: /^\d{4}-\d{2}$/ })).toBeVisible();
  await expect(figures.getByLabel('All departments defaulters')).toBeVisible();
  // Collection against demand: UG's bar is labelled with the share its link names in rupees.
  const demand = page.getByTestId('demand-chart');
  const ugLink = demand.getByRole('link', { name: /^UG dues: ₹ [\d,.]+ collected of ₹ [\d,.]+$/ });
  const [collected, demanded] = [...((await ugLink.getAttribute('aria-label')) ?? '').matchAll(/₹ ([\d,.]+)/g)].map(
    (m) => Math.round(Number(m[1]!.replaceAll(',', '')) * 100),
  );
  expect(demanded).toBeGreaterThan(0);
  await expect(demand.getByText(`UG ${Math.floor((collected! * 100) / demanded!)}%`, { exact: true })).toBeVisible();
  await expect(demand.getByText('Expected from sponsors')).toBeVisible();
  await screenshots(page, 'e2e/artifacts/screens/admin-dashboard-figures');
  const dues = figures.getByRole('link', { name: 'UG dues outstanding' });
  const shown = ((await dues.textContent()) ?? '').replace('₹', '').trim();
  await dues.click();
  await expect(page).toHaveURL(/\/admin\/dues\/100\/.*course=all/);
  await expect(page.getByRole('columnheader', { name: 'Phone' }).first()).toBeVisible();
  await expect(page.getByTestId('dues-total-balance')).toContainText(shown);
  await screenshots(page, 'e2e/artifacts/screens/admin-dues-all-courses');
});
