import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PHONE, screenshots, signInAsAdmin, trpcMutation } from './support';

const ARTIFACTS = 'e2e/artifacts/screens';
const SCHEME = 'E2E RTE 25%';
const COURSE = { id: 4000, name: 'Diploma in Elementary Education' };

/**
 * In the Diploma in Elementary Education (103), which no other spec uses: a batch with Tuition Fee
 * 20,000.00 and Exam Fee 1,000.00, four students, one of them with a hand-typed tuition discount of
 * 1,500.00.
 */
/** axe-core on what is on screen (or on one part of it): no critical or serious violation (WCAG 2 A and AA). */
async function expectAccessible(page: Page, screen: string, only?: string) {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (only ? axe.include(only) : axe).analyze();
  const serious = results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(
    serious.map(
      (v) =>
        `${screen}: ${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
  ).toEqual([]);
}

async function setUp(page: Page) {
  await signInAsAdmin(page);
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 103,
    courseId: COURSE.id,
    name: 'E2E Schemes',
    startDate: '2025-06-01',
    endDate: '2027-03-31',
    confirm: true,
  });
  const heads = (await (await page.request.get('/trpc/reference.feeHeads')).json()).result.data as Array<{
    id: number;
    name: string;
  }>;
  const head = (name: string) => heads.find((h) => h.name === name)!.id;
  for (const [name, amount] of [
    ['Tuition Fee', '20000'],
    ['Exam Fee', '1000'],
  ] as const) {
    await trpcMutation(page, 'fees.structures.create', {
      depId: 103,
      batchId: batch.id,
      feeHeadId: head(name),
      amount,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
      confirm: true,
    });
  }
  const ids: number[] = [];
  for (const n of [1, 2, 3, 4]) {
    const student = await trpcMutation<{ id: number }>(page, 'students.create', {
      depId: 103,
      courseId: COURSE.id,
      batchId: batch.id,
      capId: `CAP-SCH-${n}`,
      name: `Scheme Student ${n}`,
      admissionNo: `TTC-SCH-${n}`,
      admissionDate: '2025-06-10',
      categoryId: 1,
      dateOfBirth: '2005-03-04',
      gender: 'Female',
      address: '5 Lake Road, Alappuzha',
      confirm: true,
    });
    ids.push(student.id);
  }
  await trpcMutation(page, 'discounts.create', {
    depId: 103,
    courseId: COURSE.id,
    batchId: batch.id,
    studentId: ids[0],
    feeHeadId: head('Tuition Fee'),
    discount: '1500',
    adjustment: '0',
    note: 'Hardship',
    confirm: true,
  });
}

test('a scheme defined under Admin, applied from the course list with a hand-typed discount kept, shown on the student page and in the concessions summary, then left', async ({
  page,
}) => {
  test.setTimeout(150_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  await setUp(page);

  // Admin > Concession schemes: 25% of the tuition for the course, 100.00 off the exam fee in the batch.
  await page.goto('/admin/discedt');
  await page.getByRole('link', { name: 'Concession schemes' }).click();
  await page.getByRole('button', { name: 'New scheme' }).click();
  const editor = page.getByRole('dialog', { name: 'New concession scheme' });
  await editor.getByRole('textbox', { name: 'Name' }).fill(SCHEME);
  await editor.getByRole('combobox', { name: 'Fee head of rule 1' }).selectOption({ label: 'Tuition Fee' });
  await editor.getByRole('combobox', { name: 'Course of rule 1' }).selectOption({ label: COURSE.name });
  await editor.getByRole('textbox', { name: 'Percent of rule 1' }).fill('25');
  await editor.getByRole('button', { name: 'Add rule' }).click();
  await editor.getByRole('combobox', { name: 'Fee head of rule 2' }).selectOption({ label: 'Exam Fee' });
  await editor.getByRole('combobox', { name: 'Course of rule 2' }).selectOption({ label: COURSE.name });
  await editor.getByRole('combobox', { name: 'Batch of rule 2' }).selectOption({ label: 'E2E Schemes' });
  await editor.getByText('Fixed').nth(1).click();
  await editor.getByRole('textbox', { name: 'Amount of rule 2' }).fill('100');
  await page.screenshot({ path: `${ARTIFACTS}/scheme-editor-desktop.png` });
  await editor.getByRole('button', { name: 'Save scheme' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(SCHEME) })).toContainText(/2\s*0/);
  await page.getByRole('button', { name: `Students of ${SCHEME}` }).click();
  await expect(page.getByRole('heading', { name: 'Join by category' })).toBeVisible();
  await expectAccessible(page, 'schemes');
  await screenshots(page, `${ARTIFACTS}/schemes`);

  // The course list: select three students and apply the scheme.
  await page.goto(`/ttc/list/${COURSE.id}`);
  for (const n of [1, 2, 3]) await page.getByRole('checkbox', { name: `Select TTC-SCH-${n}` }).check();
  await page.getByRole('button', { name: 'Apply scheme (3)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply a concession scheme' });
  await dialog.getByRole('combobox', { name: 'Scheme' }).selectOption({ label: SCHEME });
  await expect(dialog.getByTestId('scheme-row-TTC-SCH-2-Tuition Fee')).toContainText('5,000.00');
  const hand = dialog.getByTestId('scheme-row-TTC-SCH-1-Tuition Fee');
  await expect(hand).toContainText('Typed by hand');
  await expect(hand.getByRole('checkbox', { name: 'Replace the Tuition Fee discount of TTC-SCH-1' })).not.toBeChecked();
  // Kept: 1,500.00 + 2 x 5,000.00 tuition + 3 x 100.00 exam.
  await expect(dialog.getByTestId('scheme-after-total')).toHaveText('11,800.00');
  await page.screenshot({ path: `${ARTIFACTS}/scheme-preview-desktop.png` });
  await expectAccessible(page, 'scheme preview');
  await dialog.getByRole('button', { name: 'Apply scheme' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${SCHEME}: 3 students joined, 5 discounts written, 1 kept`)).toBeVisible();

  // The student page's Schemes section.
  await page.getByRole('link', { name: 'Edit TTC-SCH-2' }).click();
  const section = page.getByTestId('student-schemes');
  await expect(section.getByRole('row', { name: new RegExp(SCHEME) })).toContainText(
    'Exam Fee 100.00, Tuition Fee 5,000.00',
  );
  await expectAccessible(page, 'student page', '[data-testid="student-schemes"]');

  // The concessions summary of the course.
  await page.goto(`/ttc/concessions/?course=${COURSE.id}`);
  await expect(page.getByTestId('concessions-table')).toContainText(SCHEME);
  await expect(page.getByTestId('concessions-total')).toHaveText('10,300.00');
  await expectAccessible(page, 'concessions summary');

  // Leaving from the student page removes the scheme's discounts.
  await page.goto(`/ttc/edit?admno=TTC-SCH-2&subid=${COURSE.id}&depId=103`);
  await page.getByRole('button', { name: `Leave ${SCHEME}` }).click();
  const leave = page.getByRole('dialog', { name: `Leave ${SCHEME}` });
  await expect(leave).toContainText('5,100.00');
  await leave.getByRole('button', { name: 'Leave scheme' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByText('Not in any scheme.')).toBeVisible();
  await page.goto(`/ttc/concessions/?course=${COURSE.id}`);
  await expect(page.getByTestId('concessions-total')).toHaveText('5,200.00');

  // The course list's selection on a phone.
  await page.setViewportSize(PHONE);
  await page.goto(`/ttc/list/${COURSE.id}`);
  await page.getByRole('checkbox', { name: 'Select TTC-SCH-4' }).check();
  await page.getByRole('button', { name: 'Apply scheme (1)' }).click();
  await page
    .getByRole('dialog', { name: 'Apply a concession scheme' })
    .getByRole('combobox', { name: 'Scheme' })
    .selectOption({ label: SCHEME });
  await expect(page.getByTestId('scheme-row-TTC-SCH-4-Exam Fee')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/scheme-preview-phone.png` });
});
