import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin, signInAtDepartment, trpcMutation, trpcQuery } from './support';

/**
 * Enter at the counter acts on the answer for the text typed so far, whenever that answer arrives:
 * an admission number typed at 0 ms and at 30 ms a key and Enter pressed at once open that
 * student's receipt entry every time, from the dashboard and from the Receipts search, on a freshly
 * loaded page (nothing answered yet, the receipt entry's code not loaded yet). Typing on after Enter
 * drops it. The searchable selects at the counter (course filter, fee type) take the typed option at
 * both speeds.
 */
const STAFF = { email: 'enter.ug@e2e.test', password: 'counter1' };
// The second student's admission number starts like the first: every prefix of the first has two
// rows, so only the answer for the whole number opens a receipt entry.
const STUDENT = { admissionNo: 'EN-UG-42', name: 'Meera Pillai' };
const NEIGHBOUR = { admissionNo: 'EN-UG-421', name: 'Rahul Nair' };
const HEADS = [
  ['Tuition Fee', '25000'],
  ['Exam Fee', '1500'],
  ['Library Fee', '2000'],
] as const;
const DELAYS = [0, 30] as const;
const ROUNDS = 20;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsAdmin(page);
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: STAFF.email,
    pwd1: STAFF.password,
    pwd2: STAFF.password,
    chk1: true,
  });
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: 'EN 2025',
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  for (const [name, amount] of HEADS) {
    await trpcMutation(page, 'fees.structures.create', {
      depId: 100,
      batchId: batch.id,
      feeHeadId: heads.find((h) => h.name === name)!.id,
      amount,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
      confirm: true,
    });
  }
  for (const student of [STUDENT, NEIGHBOUR]) {
    await trpcMutation(page, 'students.create', {
      depId: 100,
      courseId: 1003,
      batchId: batch.id,
      capId: `CAP-${student.admissionNo}`,
      name: student.name,
      admissionNo: student.admissionNo,
      admissionDate: '2025-06-10',
      categoryId: 1,
      dateOfBirth: '2007-03-04',
      gender: 'Female',
      address: '12 Temple Road, Thrissur',
      phone: '9847055555',
      confirm: true,
    });
  }
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await signInAtDepartment(page, 100, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/ug$/);
});

async function expectReceiptEntry(page: Page, student: { admissionNo: string; name: string }) {
  await expect(page).toHaveURL(new RegExp(`/ug/receipt/${student.admissionNo}\\?`));
  await expect(page.getByText(`${student.name} (${student.admissionNo})`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Fee type 1' })).toBeFocused();
}

// The Receipts search is the dashboard's component on another page: fewer rounds keep the suite's time.
for (const [screen, path, rounds] of [
  ['the dashboard', '/ug', ROUNDS],
  ['the Receipts search', '/ug/rcpt/', 5],
] as const) {
  test(`on ${screen}, an admission number and Enter at once open that student's receipt entry, ${rounds} times at 0 ms and at 30 ms a key`, async ({
    page,
  }) => {
    test.setTimeout(600_000);
    for (const delay of DELAYS) {
      for (let round = 0; round < rounds; round += 1) {
        await page.goto(path);
        await expect(page.getByRole('textbox', { name: 'Find student' })).toBeFocused();
        await page.keyboard.type(STUDENT.admissionNo, { delay });
        await page.keyboard.press('Enter');
        await expectReceiptEntry(page, STUDENT);
      }
    }
  });
}

test('typing on after Enter drops it: Enter then acts on the longer text', async ({ page }) => {
  const find = page.getByRole('textbox', { name: 'Find student' });
  await expect(find).toBeFocused();
  await page.keyboard.type(STUDENT.admissionNo);
  await page.keyboard.press('Enter');
  await page.keyboard.type('1');
  await expect(page.getByRole('row', { name: `${NEIGHBOUR.admissionNo} ${NEIGHBOUR.name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/ug\?q=EN-UG-421$/);
  await expect(find).toBeFocused();
  await page.keyboard.press('Enter');
  await expectReceiptEntry(page, NEIGHBOUR);
});

test('the course filter and the fee type take the typed option on Enter, 20 times at 0 ms and at 30 ms a key', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const courses = [
    ['eng', 'BA English', 1003],
    ['econ', 'BA Economics', 1004],
    ['phys', 'BSc Physics', 1000],
  ] as const;
  await page.goto('/ug/rcpt/');
  const course = page.getByRole('combobox', { name: 'Course' });
  for (const delay of DELAYS) {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [text, name, id] = courses[round % courses.length]!;
      await course.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(text, { delay });
      await page.keyboard.press('Enter');
      await expect(course).toHaveValue(name);
      await expect(page).toHaveURL(new RegExp(`course=${id}$`));
    }
  }

  const heads = [
    ['exam', 'Exam Fee'],
    ['lib', 'Library Fee'],
    ['tui', 'Tuition Fee'],
  ] as const;
  for (const delay of DELAYS) {
    await page.goto(`/ug/receipt/${STUDENT.admissionNo}`);
    for (let line = 1; line <= ROUNDS; line += 1) {
      const [text, head] = heads[line % heads.length]!;
      await expect(page.getByRole('combobox', { name: `Fee type ${line}` })).toBeFocused();
      await page.keyboard.type(text, { delay });
      await page.keyboard.press('Enter');
      await page.keyboard.type('12', { delay });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('combobox', { name: `Fee type ${line}` })).toHaveValue(head);
      await expect(page.getByLabel(`Amount ${line}`)).toHaveValue('12');
    }
  }
});
