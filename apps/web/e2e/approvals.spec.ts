import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  choose,
  istDate,
  screenshots,
  shownDate,
  signInAsAdmin,
  signInAtDepartment,
  trpcMutation,
  trpcQuery,
  typeDate,
} from './support';

const ARTIFACTS = 'e2e/artifacts';
const MAKER = { email: 'maker.pg@e2e.test', password: 'maker123' };
const CHECKER = { email: 'checker.pg@e2e.test', password: 'check123' };
const ALL_OFF = {
  void: false,
  refund: false,
  waiver: false,
  reopenDay: false,
  backdated: false,
  discountAbovePaise: null,
};

type Account = { email: string; password: string };

async function accountantPage(browser: Browser, who: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAtDepartment(page, 101, who.email, who.password);
  await expect(page).toHaveURL(/\/pg$/);
  return page;
}

/** Accountants of PG (101), made by the signed-in admin. */
async function addAccountants(page: Page, accounts: Account[]): Promise<void> {
  for (const who of accounts) {
    await trpcMutation(page, 'admin.users.create', {
      options: 'user',
      depId: 101,
      email: who.email,
      pwd1: who.password,
      pwd2: who.password,
      chk1: true,
    });
  }
}

/**
 * A maker and a checker in PG (101), and a student of MA English admitted on 2025-06-10 into a batch of their own,
 * owing `fee` rupees of Tuition Fee from 2025-06-01 to `feeUntil`: made by the signed-in admin.
 */
async function makerCheckerAndStudent(
  page: Page,
  options: {
    accountants: [Account, Account];
    batch: string;
    fee: string;
    feeUntil: string;
    student: { capId: string; name: string; admissionNo: string; dateOfBirth: string; gender: string; address: string };
  },
): Promise<{ studentId: number; tuitionId: number }> {
  await addAccountants(page, options.accountants);
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 101,
    courseId: 2000,
    name: options.batch,
    startDate: '2025-06-01',
    endDate: '2027-03-31',
    confirm: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const tuitionId = heads.find((h) => h.name === 'Tuition Fee')!.id;
  await trpcMutation(page, 'fees.structures.create', {
    depId: 101,
    batchId: batch.id,
    feeHeadId: tuitionId,
    amount: options.fee,
    startDate: '2025-06-01',
    endDate: options.feeUntil,
    confirm: true,
  });
  const student = await trpcMutation<{ id: number }>(page, 'students.create', {
    ...options.student,
    depId: 101,
    courseId: 2000,
    batchId: batch.id,
    admissionDate: '2025-06-10',
    categoryId: 1,
    confirm: true,
  });
  return { studentId: student.id, tuitionId };
}

/**
 * Maker and checker in PG (101): with void approval on, one accountant's void of a receipt is sent for
 * approval (the receipt still counts), both see it on their dashboards, the maker cannot approve it, and a
 * second accountant approves it on the Approvals page; the receipt is voided then.
 */
test('a void sent for approval by one accountant and approved by another', async ({ page, browser }) => {
  test.setTimeout(150_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
  const { studentId, tuitionId: tuition } = await makerCheckerAndStudent(page, {
    accountants: [MAKER, CHECKER],
    batch: 'E2E Approvals',
    fee: '30000',
    feeUntil: '2026-03-31',
    student: {
      capId: 'CAP-AP-1',
      name: 'Meera Krishnan',
      admissionNo: 'PG-AP-1',
      dateOfBirth: '2002-01-15',
      gender: 'Female',
      address: '12 Temple Road, Thrissur',
    },
  });
  const receipt = await trpcMutation<{ number: number }>(page, 'receipts.create', {
    depId: 101,
    studentId,
    date: istDate(),
    items: [{ feeHeadId: tuition, amount: '12500' }],
    paymentMode: 'cash',
    total: '12500',
    tax: '0',
    net: '12500',
    confirm: true,
  });
  const label = `#000${receipt.number}`;
  await trpcMutation(page, 'approvals.settings.update', { ...ALL_OFF, void: true });

  try {
    // The maker voids from the receipt's screen: the dialog says it was sent, not that it failed.
    const maker = await accountantPage(browser, MAKER);
    await maker.goto(`/pg/inv/edit/${receipt.number}`);
    await maker.getByRole('button', { name: 'Void' }).click();
    const voidDialog = maker.getByRole('dialog', { name: `Void receipt ${label}` });
    await voidDialog.getByLabel('Reason').fill('Entered for the wrong student');
    await voidDialog.getByRole('button', { name: 'Void' }).click();
    await expect(maker.getByText('Sent for approval')).toBeVisible();
    await expect(maker.getByText(`The void of receipt ${label} waits for another accountant`)).toBeVisible();
    await maker.getByRole('button', { name: 'Close' }).click();
    await maker.goto(`/pg/inv/edit/${receipt.number}`);
    await expect(maker.getByText('VOIDED', { exact: true })).toHaveCount(0);

    // On the maker's dashboard: the request, without Approve or Reject.
    await maker.goto('/pg');
    const waiting = maker.getByRole('region', { name: 'Waiting for approval' });
    await expect(waiting.getByText(`Void receipt ${label}`)).toBeVisible();
    await expect(waiting.getByText('Meera Krishnan (PG-AP-1)')).toBeVisible();
    await expect(waiting.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // The checker approves it on the Approvals page, where what changes is spelt out.
    const checker = await accountantPage(browser, CHECKER);
    await expect(
      checker.getByRole('region', { name: 'Waiting for approval' }).getByText(`Void receipt ${label}`),
    ).toBeVisible();
    await checker.goto('/pg/approvals');
    const request = checker.getByRole('region', { name: /^Request \d+$/ }).filter({ hasText: label });
    await expect(request.getByText('12,500.00')).toBeVisible();
    await expect(request.getByText('Entered for the wrong student')).toBeVisible();
    await expect(request.getByText(`Asked by ${MAKER.email}`)).toBeVisible();
    await screenshots(checker, `${ARTIFACTS}/approvals-pending`);
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(checker.getByText(`Receipt ${label} voided`)).toBeVisible();
    await checker.getByRole('button', { name: 'Close' }).click();
    await expect(checker.getByText('Nothing waits for approval')).toBeVisible();
    await checker.getByRole('tab', { name: 'Decided' }).click();
    await expect(checker.getByText(new RegExp(`approved by ${CHECKER.email}`))).toBeVisible();
    await screenshots(checker, `${ARTIFACTS}/approvals-decided`);

    await maker.goto(`/pg/inv/edit/${receipt.number}`);
    await expect(maker.getByText('VOIDED', { exact: true })).toBeVisible();
  } finally {
    await trpcMutation(page, 'approvals.settings.update', ALL_OFF);
  }
});

/**
 * Reopening a closed day in PG with reopening held: an accountant asks from the day book (the day stays
 * closed), another accountant approves it on the Approvals page, and the day is open again.
 */
test('a closed day reopened by one accountant and approved by another', async ({ page, browser }) => {
  test.setTimeout(150_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  const maker = { email: 'reopen.maker@e2e.test', password: 'maker123' };
  const checker = { email: 'reopen.checker@e2e.test', password: 'check123' };
  await signInAsAdmin(page);
  await addAccountants(page, [maker, checker]);
  const day = istDate(-3);
  const shown = `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
  await trpcMutation(page, 'days.close', { depId: 101, date: day });
  await trpcMutation(page, 'approvals.settings.update', { ...ALL_OFF, reopenDay: true });

  try {
    const asking = await accountantPage(browser, maker);
    await asking.goto(`/pg/daybook?date=${day}`);
    await expect(asking.getByTestId('day-closed')).toBeVisible();
    await asking.getByRole('button', { name: 'Reopen day' }).click();
    const dialog = asking.getByRole('dialog', { name: `Reopen ${shown}` });
    await dialog.getByLabel('Reason').fill('Late cheques entered tomorrow');
    await dialog.getByRole('button', { name: 'Reopen day' }).click();
    await expect(asking.getByText(`Reopening ${shown} waits for another accountant`)).toBeVisible();
    await asking.getByRole('button', { name: 'Close' }).click();
    await expect(asking.getByTestId('day-closed')).toBeVisible();

    const deciding = await accountantPage(browser, checker);
    await deciding.goto('/pg/approvals');
    const request = deciding.getByRole('region', { name: /^Request \d+$/ }).filter({ hasText: `Reopen ${shown}` });
    await expect(request.getByText('Late cheques entered tomorrow')).toBeVisible();
    await expect(request.getByText(`Asked by ${maker.email}`)).toBeVisible();
    await screenshots(deciding, `${ARTIFACTS}/approvals-reopen-pending`);
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(deciding.getByText(`${shown} is open again`)).toBeVisible();
    await deciding.getByRole('button', { name: 'Close' }).click();

    await asking.goto(`/pg/daybook?date=${day}`);
    await expect(asking.getByRole('heading', { name: /Day book/ })).toBeVisible();
    await expect(asking.getByTestId('day-closed')).toHaveCount(0);
  } finally {
    await trpcMutation(page, 'approvals.settings.update', ALL_OFF);
  }
});

/**
 * A discount above the threshold in PG: an accountant gives it on the department's Discounts screen, and it
 * is sent for approval (the student still owes the whole fee); another accountant approves it on the
 * Approvals page, reading the maker's note, and only then does the student's balance fall.
 */
test('a discount above the threshold given by one accountant and approved by another', async ({ page, browser }) => {
  test.setTimeout(150_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  const maker = { email: 'disc.maker@e2e.test', password: 'maker123' };
  const checker = { email: 'disc.checker@e2e.test', password: 'check123' };
  await signInAsAdmin(page);
  await makerCheckerAndStudent(page, {
    accountants: [maker, checker],
    batch: 'E2E Discount approvals',
    fee: '30000',
    feeUntil: '2026-03-31',
    student: {
      capId: 'CAP-DA-1',
      name: 'Arjun Menon',
      admissionNo: 'PG-DA-1',
      dateOfBirth: '2002-03-11',
      gender: 'Male',
      address: '4 Canal Road, Kochi',
    },
  });
  await trpcMutation(page, 'approvals.settings.update', { ...ALL_OFF, discountAbovePaise: 5_000_00 });
  const tuitionRow = (p: Page) => p.getByRole('row').filter({ hasText: 'Tuition Fee' }).first();

  try {
    const asking = await accountantPage(browser, maker);
    await asking.getByRole('navigation', { name: /menu/ }).getByRole('link', { name: 'Discounts' }).click();
    await expect(asking).toHaveURL(/\/pg\/discounts\/$/);
    await asking.getByRole('link', { name: 'New', exact: true }).click();
    await choose(asking, 'Course', 'MA English');
    await choose(asking, 'Batch', 'E2E Discount approvals');
    await choose(asking, 'Student', 'PG-DA-1 · Arjun Menon');
    await choose(asking, 'Fee head', 'Tuition Fee (fee 30,000.00)');
    await asking.getByRole('textbox', { name: 'Discount amount' }).fill('8000');
    await asking.getByRole('textbox', { name: 'Adjustment amount' }).fill('0');
    await asking.getByRole('checkbox', { name: 'Confirm' }).check();
    // Above the threshold the note is the request's reason: without one it is asked for.
    await asking.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(asking.getByRole('alert')).toContainText('Note: say in a few words');
    await asking.getByRole('textbox', { name: 'Note' }).fill('Sibling studies in the UG department');
    await asking.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(asking.getByText('This discount waits for another accountant')).toBeVisible();
    await asking.getByRole('button', { name: 'Close' }).click();
    await asking.goto('/pg/receipt/PG-DA-1');
    await expect(tuitionRow(asking)).toContainText('30,000.00');
    await expect(tuitionRow(asking)).not.toContainText('8,000.00');

    const deciding = await accountantPage(browser, checker);
    await deciding.goto('/pg/approvals');
    const request = deciding
      .getByRole('region', { name: /^Request \d+$/ })
      .filter({ hasText: 'Discount of 8000.00 on Tuition Fee for Arjun Menon' });
    await expect(request.getByText('8,000.00')).toBeVisible();
    await expect(request.getByText('Sibling studies in the UG department')).toBeVisible();
    await expect(request.getByText(`Asked by ${maker.email}`)).toBeVisible();
    await screenshots(deciding, `${ARTIFACTS}/approvals-discount-pending`);
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(deciding.getByText('Discount saved for Arjun Menon (PG-DA-1) on Tuition Fee')).toBeVisible();
    await deciding.getByRole('button', { name: 'Close' }).click();

    await asking.goto('/pg/receipt/PG-DA-1');
    await expect(tuitionRow(asking)).toContainText('22,000.00');
    await asking.goto('/pg/discounts/');
    await expect(asking.getByRole('row').filter({ hasText: 'PG-DA-1' })).toContainText('8,000.00');
    await screenshots(asking, `${ARTIFACTS}/approvals-discount-list`);
  } finally {
    await trpcMutation(page, 'approvals.settings.update', ALL_OFF);
  }
});

/**
 * A receipt dated before the back-dating limit in PG while such receipts are held: the clerk is asked why in
 * words of their own (nothing else will do), the receipt waits unnumbered, and the approver reads that reason.
 */
test('a back-dated receipt waits with the reason its clerk typed', async ({ page, browser }) => {
  test.setTimeout(150_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  const clerk = { email: 'backdate.maker@e2e.test', password: 'maker123' };
  const checker = { email: 'backdate.checker@e2e.test', password: 'check123' };
  await signInAsAdmin(page);
  await makerCheckerAndStudent(page, {
    accountants: [clerk, checker],
    batch: 'E2E Back-dated',
    fee: '5000',
    feeUntil: '2027-03-31',
    student: {
      capId: 'CAP-BD-1',
      name: 'Nila Thomas',
      admissionNo: 'PG-BD-1',
      dateOfBirth: '2002-07-21',
      gender: 'Female',
      address: '9 Market Road, Kottayam',
    },
  });
  const { backdateLimitDays } = await trpcQuery<{ backdateLimitDays: number }>(page, 'admin.settings.get');
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0', backdateLimitDays: 30 });
  await trpcMutation(page, 'approvals.settings.update', { ...ALL_OFF, backdated: true });
  const early = istDate(-40);
  const reason = 'Paid during the holidays, office was shut';

  try {
    const asking = await accountantPage(browser, clerk);
    await asking.goto('/pg/receipt/PG-BD-1');
    await asking.getByRole('combobox', { name: 'Fee type 1' }).click();
    await asking.keyboard.type('tuit');
    await asking.keyboard.press('Enter');
    await expect(asking.getByLabel('Amount 1')).toHaveValue('5000.00');
    await typeDate(asking, 'Receipt date', shownDate(early));
    const why = asking.getByRole('textbox', { name: 'Why is it dated so early?' });
    await expect(why).toBeVisible();
    await asking.getByRole('checkbox', { name: 'Confirm' }).check();
    await asking.getByRole('button', { name: 'Submit' }).click();
    await expect(asking.getByText('Reason for the earlier date: say in a few words')).toBeVisible();
    await why.fill(reason);
    await screenshots(asking, `${ARTIFACTS}/approvals-backdated-reason`);
    await asking.getByRole('button', { name: 'Submit' }).click();
    await asking.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(asking.getByText('This back-dated receipt waits for another accountant')).toBeVisible();

    const deciding = await accountantPage(browser, checker);
    await deciding.goto('/pg/approvals');
    const request = deciding
      .getByRole('region', { name: /^Request \d+$/ })
      .filter({ hasText: `Receipt of 5000.00 dated ${shownDate(early)} for Nila Thomas` });
    await expect(request.getByText(reason)).toBeVisible();
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(deciding.getByText(/^Receipt #000\d+ made$/)).toBeVisible();
  } finally {
    await trpcMutation(page, 'approvals.settings.update', ALL_OFF);
    await trpcMutation(page, 'admin.settings.update', { backdateLimitDays });
  }
});
