import { expect, test } from '@playwright/test';
import { choose, select, signInAsAdmin, trpcMutation, trpcQuery, typeDate } from './support';

const BATCH = '2027-2030';
const BATCH_OPTION = `${BATCH} (BA English)`;

test('admin sets up a BA English batch, its fee structure, fee heads and a discount for a student', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);

  // Batch: department first, then the form; Confirm is required; success returns to the list.
  await page.getByRole('link', { name: 'Create Batches' }).click();
  await expect(page.getByText('Choose a department to see its batches.')).toBeVisible();
  await choose(page, 'Department', 'Arts and Science UG');
  await expect(page).toHaveURL(/\/admin\/batchedt\?depId=100$/);
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/batch\?depId=100$/);
  await expect(select(page, 'Department')).toHaveValue('Arts and Science UG');
  await page.getByRole('button', { name: 'Save batch' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await choose(page, 'Course', 'BA English');
  await page.getByRole('textbox', { name: 'Batch name', exact: true }).fill(BATCH);
  await typeDate(page, 'Start date', '01-06-2027');
  await typeDate(page, 'End date', '31-05-2027');
  await page.getByRole('checkbox', { name: 'Confirm' }).check();
  await page.getByRole('button', { name: 'Save batch' }).click();
  await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
  await typeDate(page, 'End date', '31-03-2030');
  await expect(page.getByText('The end date must not be before the start date')).toBeHidden();
  await page.getByRole('button', { name: 'Save batch' }).click();
  await expect(page.getByRole('status')).toHaveText(`Batch ${BATCH} of BA English saved`);
  await expect(page).toHaveURL(/\/admin\/batchedt\?depId=100$/);
  const batchRow = page.getByRole('row').filter({ hasText: BATCH });
  await expect(batchRow).toContainText('BA English');
  await expect(batchRow).toContainText('01-06-2027');
  await expect(batchRow).toContainText('31-03-2030');
  await expect(batchRow).toContainText('not set');

  // A second batch of that name in the course: the server's text.
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await choose(page, 'Course', 'BA English');
  await page.getByRole('textbox', { name: 'Batch name', exact: true }).fill(BATCH);
  await typeDate(page, 'Start date', '01-06-2027');
  await typeDate(page, 'End date', '31-03-2030');
  await page.getByRole('checkbox', { name: 'Confirm' }).check();
  await page.getByRole('button', { name: 'Save batch' }).click();
  await expect(page.getByRole('alert')).toHaveText(`BA English already has a batch named ${BATCH}`);

  // Fee heads: add, rename inline, delete an unused one.
  await page.getByRole('link', { name: 'Fee Heads' }).click();
  await page.getByRole('textbox', { name: 'New fee head' }).fill('Seminar Fees');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('cell', { name: 'Seminar Fees', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Rename Seminar Fees' }).click();
  await page.getByRole('textbox', { name: 'New name for Seminar Fees' }).fill('Tuition Fee');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('A fee head named Tuition Fee already exists')).toBeVisible();
  await page.getByRole('textbox', { name: 'New name for Seminar Fees' }).fill('Seminar Fee');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('cell', { name: 'Seminar Fee', exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('fees-setup-feeheads.png'), fullPage: true });
  await page.getByRole('button', { name: 'Delete Seminar Fee' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('cell', { name: 'Seminar Fee', exact: true })).toBeHidden();

  // Fee structure: two heads for the new batch; the dates follow the batch.
  await page.getByRole('link', { name: 'Create Fees' }).click();
  await choose(page, 'Department', 'Arts and Science UG');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/fhead\?depId=100$/);
  await choose(page, 'Batch', BATCH_OPTION);
  await expect(page.getByRole('textbox', { name: 'Start date', exact: true })).toHaveValue('01-06-2027');
  await expect(page.getByRole('textbox', { name: 'End date', exact: true })).toHaveValue('31-03-2030');
  await choose(page, 'Fee head', 'Tuition Fee');
  await page.getByRole('textbox', { name: 'Amount' }).fill('25000.005');
  await page.getByRole('checkbox', { name: 'Confirm' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Not valid number with up to 2 decimal places')).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount' }).fill('25000.00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(`Tuition Fee saved for batch ${BATCH_OPTION}`);
  await choose(page, 'Fee head', 'Exam Fee');
  await page.getByRole('textbox', { name: 'Amount' }).fill('1500');
  await page.getByRole('checkbox', { name: 'Confirm' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(`Exam Fee saved for batch ${BATCH_OPTION}`);
  await page.screenshot({ path: test.info().outputPath('fees-setup-fhead.png'), fullPage: true });
  // One head at most once per batch: the chosen heads are offered no more.
  await select(page, 'Fee head').click();
  await expect(page.getByRole('option', { name: 'Tuition Fee (already 25,000.00)' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(page).toHaveURL(/\/admin\/feelist\?depId=100$/);
  const batches = await trpcQuery<Array<{ id: number; name: string }>>(page, 'batches.byCourse', {
    depId: 100,
    courseId: 1003,
  });
  const batchId = batches.find((b) => b.name === BATCH)!.id;
  const structure = page.getByTestId(`batch-${batchId}`);
  await expect(structure.getByRole('row').filter({ hasText: 'Tuition Fee' })).toContainText('25,000.00');
  await expect(structure.getByRole('row').filter({ hasText: 'Exam Fee' })).toContainText('1,500.00');
  await expect(structure.getByRole('row').filter({ hasText: 'Total:' })).toContainText('26,500.00');
  await page.screenshot({ path: test.info().outputPath('fees-setup-feelist.png'), fullPage: true });

  // Edit the exam fee through /admin/fedit.
  await structure.getByRole('link', { name: `Edit Exam Fee of batch ${BATCH}` }).click();
  await expect(page).toHaveURL(/\/admin\/fedit\?id=\d+&depid=100&depname=Arts\+and\+Science\+UG$/);
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('1500.00');
  await page.getByRole('textbox', { name: 'Amount' }).fill('1750.50');
  await page.getByRole('checkbox', { name: 'Confirm' }).check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin\/feelist\?depId=100$/);
  await expect(structure.getByRole('row').filter({ hasText: 'Total:' })).toContainText('26,750.50');

  // The head's GST on the same screen: taxable needs its SAC or HSN code; it holds for every batch charging it.
  await structure.getByRole('link', { name: `Edit Exam Fee of batch ${BATCH}` }).click();
  await page.getByText('Taxable', { exact: true }).click();
  await page.getByRole('textbox', { name: 'GST rate (%)' }).fill('18');
  await page.getByRole('textbox', { name: 'SAC or HSN code' }).fill('99929');
  await page.getByRole('checkbox', { name: 'Confirm' }).check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Enter an SAC (6 digits starting 99) or an HSN code (4, 6 or 8 digits)')).toBeVisible();
  await page.getByRole('textbox', { name: 'SAC or HSN code' }).fill('999293');
  await page.screenshot({ path: test.info().outputPath('fees-setup-gst.png'), fullPage: true });
  // The same screen on a phone, in a page of its own (the signed-in session is the context's).
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(page.url());
  await phone.getByText('Taxable', { exact: true }).click();
  await expect(phone.getByRole('textbox', { name: 'SAC or HSN code' })).toBeVisible();
  await phone.screenshot({ path: test.info().outputPath('fees-setup-gst-phone.png'), fullPage: true });
  await phone.close();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin\/feelist\?depId=100$/);
  await page.goto('/admin/feeheads');
  await expect(page.getByRole('row').filter({ hasText: 'Exam Fee' })).toContainText('GST 18% · SAC 999293');
  await expect(page.getByRole('row').filter({ hasText: 'Tuition Fee' })).toContainText('Exempt');
  await page.screenshot({ path: test.info().outputPath('fees-setup-feeheads-gst.png'), fullPage: true });
  const examHead = (await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads')).find(
    (h) => h.name === 'Exam Fee',
  )!;
  await trpcMutation(page, 'fees.heads.rename', { ...examHead, gst: { treatment: 'exempt' } });
  await page.goto('/admin/feelist?depId=100');
  await expect(structure.getByRole('row').filter({ hasText: 'Total:' })).toContainText('26,750.50');

  // A student of the batch, registered through the students procedure.
  await trpcMutation(page, 'students.create', {
    depId: 100,
    courseId: 1003,
    batchId,
    admissionNo: 'E2E-FS-001',
    capId: 'CAPFS001',
    name: 'Meera Das',
    admissionDate: '2026-06-05',
    dateOfBirth: '2009-02-11',
    gender: 'Female',
    categoryId: 1,
    address: 'Chembukkav, Thrissur',
    confirm: true,
  });

  // Discounts open on the department last chosen in this browser (UG, on the batches list).
  await page.getByRole('link', { name: 'Disc/Adjustment' }).click();
  await expect(page).toHaveURL(/\/admin\/discedt\?depId=100$/);
  await expect(select(page, 'Department')).toHaveValue('Arts and Science UG');
  // The page remembers it once rendered (an effect); forgotten only after that, it stays forgotten.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('admin-list-department'))).toBe('100');
  // With none remembered, the department is required to search.
  await page.evaluate(() => localStorage.removeItem('admin-list-department'));
  await page.goto('/admin/discedt');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await choose(page, 'Department', 'Arts and Science UG');
  await expect(page.getByText('Required')).toBeHidden();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No data available')).toBeVisible();
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/fdiscount\?depId=100$/);

  // After a save the form keeps course and batch (choosing the kept option again would clear it).
  const fillDiscount = async (head: string, discount: string, adjustment: string, kept = false) => {
    if (!kept) {
      await choose(page, 'Course', 'BA English');
      await choose(page, 'Batch', BATCH);
    }
    await choose(page, 'Student', 'E2E-FS-001 · Meera Das');
    await choose(page, 'Fee head', head);
    await page.getByRole('textbox', { name: 'Discount amount' }).fill(discount);
    await page.getByRole('textbox', { name: 'Adjustment amount' }).fill(adjustment);
    await page.getByRole('checkbox', { name: 'Confirm' }).check();
  };
  await fillDiscount('Tuition Fee (fee 25,000.00)', '2000', '500.50');
  await expect(page.getByText('Fee for this batch: ₹ 25,000.00.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Note' }).fill('Sports quota');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Saved!');
  await expect(dialog).toContainText('Discount saved for Meera Das (E2E-FS-001) on Tuition Fee');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The form keeps department, course and batch for the next discount; the amount starts again.
  await expect(select(page, 'Course')).toHaveValue('BA English');
  await expect(page.getByRole('textbox', { name: 'Discount amount' })).toHaveValue('');

  // The same student and head again: the server's duplicate message, in red.
  await fillDiscount('Tuition Fee (fee 25,000.00)', '100', '0', true);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Meera Das (E2E-FS-001) already has a discount on Tuition Fee; edit that one instead',
  );
  await page.screenshot({ path: test.info().outputPath('fees-setup-fdiscount.png'), fullPage: true });

  // More than the head's fee is refused.
  await choose(page, 'Fee head', 'Exam Fee (fee 1,750.50)');
  await page.getByRole('textbox', { name: 'Discount amount' }).fill('1750');
  await page.getByRole('textbox', { name: 'Adjustment amount' }).fill('1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `Discount and adjustment together (1751.00) exceed the Exam Fee of 1750.50 for batch ${BATCH}`,
  );

  // The list shows it; edit it and come back.
  await page.getByRole('button', { name: 'Back to list' }).click();
  await expect(page).toHaveURL(/\/admin\/discedt\?depId=100$/);
  const discountRow = page.getByRole('row').filter({ hasText: 'E2E-FS-001' });
  await expect(discountRow).toContainText('Meera Das');
  await expect(discountRow).toContainText('BA English');
  await expect(discountRow).toContainText('Tuition Fee');
  await expect(discountRow).toContainText('2,000.00');
  await expect(discountRow).toContainText('500.50');
  await expect(discountRow).toContainText('Sports quota');
  await discountRow.getByRole('link', { name: 'Edit discount of E2E-FS-001 on Tuition Fee' }).click();
  await expect(page).toHaveURL(/\/admin\/editdisc\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Discount amount' })).toHaveValue('2000.00');
  await page.getByRole('textbox', { name: 'Discount amount' }).fill('2500');
  await page.getByRole('checkbox', { name: 'Confirm' }).check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toContainText('Discount updated for Meera Das (E2E-FS-001) on Tuition Fee');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/admin\/discedt\?depId=100$/);
  await expect(discountRow).toContainText('2,500.00');
  await page.screenshot({ path: test.info().outputPath('fees-setup-discounts.png'), fullPage: true });

  // The batch list now counts the student and the batch's fee; edit the batch's end date.
  await page.getByRole('link', { name: 'Create Batches' }).click();
  await choose(page, 'Department', 'Arts and Science UG');
  await expect(batchRow).toContainText('26,750.50');
  await batchRow.getByRole('link', { name: `Edit batch ${BATCH} of BA English` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/bedit\\?batchId=${batchId}&depId=100&depName=Arts\\+and\\+Science\\+UG$`),
  );
  await expect(page.getByRole('textbox', { name: 'Batch name', exact: true })).toHaveValue(BATCH);
  await typeDate(page, 'End date', '30-04-2030');
  await page.getByRole('checkbox', { name: 'Confirm' }).check();
  await page.getByRole('button', { name: 'Update batch' }).click();
  await expect(page.getByRole('status')).toHaveText(`Batch ${BATCH} of BA English updated`);
  await expect(page).toHaveURL(/\/admin\/batchedt\?depId=100$/);
  await expect(batchRow).toContainText('30-04-2030');
  await expect(batchRow.getByRole('cell').nth(5)).toHaveText('1');
  await page.screenshot({ path: test.info().outputPath('fees-setup-batches.png'), fullPage: true });
});
