import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin, signInAtDepartment, trpcMutation, trpcQuery } from './support';

/**
 * The counter's keyboard contract, walked in two departments: a known student and two fee
 * heads from Find student to the print call, every key action counted; and the keys of one fee line
 * sent in a burst, 20 times. Screenshots of the flow at desktop and phone sizes are kept as artifacts.
 */
const ARTIFACTS = 'e2e/artifacts/counter';

interface Counter {
  prefix: string;
  depId: number;
  courseId: number;
  staff: { email: string; password: string };
  student: { admissionNo: string; name: string };
  viewport: { width: number; height: number };
  start: 'dashboard' | 'receipts';
}

const UG: Counter = {
  prefix: 'ug',
  depId: 100,
  courseId: 1003,
  staff: { email: 'keys.ug@e2e.test', password: 'counter1' },
  student: { admissionNo: 'KB-UG-7', name: 'Lekha Varma' },
  viewport: { width: 1366, height: 820 },
  start: 'dashboard',
};
const PG: Counter = {
  prefix: 'pg',
  depId: 101,
  courseId: 2000,
  staff: { email: 'keys.pg@e2e.test', password: 'counter1' },
  student: { admissionNo: 'KB-PG-3', name: 'Nikhil Joseph' },
  viewport: { width: 390, height: 844 },
  start: 'receipts',
};
// Admission Fee comes first in the list: a stale highlight would take it instead of the typed head.
const HEADS = [
  ['Admission Fee', '5000'],
  ['Tuition Fee', '25000'],
  ['Exam Fee', '1500.50'],
  ['Library Fee', '2000'],
] as const;

async function setUp(page: Page) {
  await signInAsAdmin(page);
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  // The amounts below are without GST; another spec may have left a rate in the shared database.
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
  for (const c of [UG, PG]) {
    await trpcMutation(page, 'admin.users.create', {
      options: 'user',
      depId: c.depId,
      email: c.staff.email,
      pwd1: c.staff.password,
      pwd2: c.staff.password,
      chk1: true,
    });
    const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
      depId: c.depId,
      courseId: c.courseId,
      name: 'KB 2025',
      startDate: '2025-06-01',
      endDate: '2028-03-31',
      confirm: true,
    });
    for (const [name, amount] of HEADS) {
      const feeHeadId = heads.find((h) => h.name === name)!.id;
      await trpcMutation(page, 'fees.structures.create', {
        depId: c.depId,
        batchId: batch.id,
        feeHeadId,
        amount,
        startDate: '2025-06-01',
        endDate: '2026-03-31',
        confirm: true,
      });
    }
    // A second student whose admission number starts like the first: the exact one must still win.
    for (const [admissionNo, name, capId] of [
      [c.student.admissionNo, c.student.name, `CAP-${c.student.admissionNo}`],
      [`${c.student.admissionNo}1`, 'Other Student', `CAP-${c.student.admissionNo}1`],
    ]) {
      await trpcMutation(page, 'students.create', {
        depId: c.depId,
        courseId: c.courseId,
        batchId: batch.id,
        capId,
        name,
        admissionNo,
        admissionDate: '2025-06-10',
        categoryId: 1,
        dateOfBirth: '2007-03-04',
        gender: 'Female',
        address: '12 Temple Road, Thrissur',
        phone: '9847055555',
        confirm: true,
      });
    }
  }
  await page.context().clearCookies();
}

/** window.print counts its calls instead of opening the dialog. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

async function walk(page: Page, c: Counter) {
  await page.setViewportSize(c.viewport);
  const size = c.viewport.width < 500 ? 'phone' : 'desktop';
  const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}/${c.prefix}-${size}-${name}.png` });
  await signInAtDepartment(page, c.depId, c.staff.email, c.staff.password);
  await expect(page).toHaveURL(new RegExp(`/${c.prefix}$`));
  if (c.start === 'receipts') await page.goto(`/${c.prefix}/rcpt/`);
  const find = page.getByRole('textbox', { name: 'Find student' });
  await expect(find).toBeFocused();

  let actions = 0;
  const act = async (step: () => Promise<void>) => {
    actions += 1;
    await step();
  };
  const started = Date.now();

  // 1-2: admission number, Enter: the exact admission number wins over its longer neighbour.
  await act(() => page.keyboard.type(c.student.admissionNo));
  await expect(page.getByRole('row', { name: `${c.student.admissionNo}1 Other Student` })).toBeVisible();
  await shot('1-find');
  await act(() => page.keyboard.press('Enter'));
  await expect(page).toHaveURL(new RegExp(`/${c.prefix}/receipt/${c.student.admissionNo}\\?`));
  await expect(page.getByRole('combobox', { name: 'Fee type 1' })).toBeFocused();

  // 3-5: part of a head, Enter (Amount holds the balance, selected), Enter (next line).
  await act(() => page.keyboard.type('tuit'));
  await act(() => page.keyboard.press('Enter'));
  await expect(page.getByLabel('Amount 1')).toBeFocused();
  await expect(page.getByLabel('Amount 1')).toHaveValue('25000.00');
  await act(() => page.keyboard.press('Enter'));
  await expect(page.getByRole('combobox', { name: 'Fee type 2' })).toBeFocused();

  // 6-7: the second head; its Amount keeps the balance.
  await act(() => page.keyboard.type('exam'));
  await act(() => page.keyboard.press('Enter'));
  await expect(page.getByLabel('Amount 2')).toHaveValue('1500.50');
  await expect(page.getByTestId('receipt-net')).toHaveText('26,500.50');
  await shot('2-entry');

  // 8-9: Ctrl+Enter ticks Confirm and submits; the dialog opens on Yes and Enter saves.
  await act(() => page.keyboard.press('ControlOrMeta+Enter'));
  const yes = page.getByRole('dialog').getByRole('button', { name: 'Yes' });
  await expect(yes).toBeFocused();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Dismiss' })).toBeVisible();
  await shot('3-confirm');
  await act(() => page.keyboard.press('Enter'));

  // 10: the printable receipt opens on Print Receipt; Enter prints after 500 ms.
  await expect(page).toHaveURL(new RegExp(`/${c.prefix}/inv/success/`));
  await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeFocused();
  await act(() => page.keyboard.press('Enter'));
  await expect.poll(() => printed(page)).toBe(1);
  const seconds = (Date.now() - started) / 1000;
  await shot('4-printable');

  expect(actions).toBeLessThanOrEqual(12);
  const number = Number(new URL(page.url()).searchParams.get('no'));
  const saved = await trpcQuery<{
    receipt: { admissionNo: string; netPaise: number };
    lines: Array<{ feeHead: string; amountPaise: number }>;
  }>(page, 'receipts.byNumber', { number });
  expect(saved.receipt).toMatchObject({ admissionNo: c.student.admissionNo, netPaise: 26_500_50 });
  expect(saved.lines.map((l) => [l.feeHead, l.amountPaise])).toEqual([
    ['Tuition Fee', 25_000_00],
    ['Exam Fee', 1_500_50],
  ]);

  // Escape returns to Find student.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/${c.prefix}/rcpt/`));
  await expect(page.getByRole('textbox', { name: 'Find student' })).toBeFocused();
  test.info().annotations.push({
    type: 'counter',
    description: `${c.prefix} (${size}): ${actions} key actions, ${seconds.toFixed(1)} s from the first key to the print call`,
  });
  console.log(`counter ${c.prefix} ${size}: ${actions} key actions, ${seconds.toFixed(1)} s`);
  await page.context().clearCookies();
}

test.describe.configure({ mode: 'serial' });

test('a known student and two heads take 10 key actions, from Find student to the print call, in two departments', async ({
  page,
}) => {
  test.setTimeout(240_000);
  mkdirSync(ARTIFACTS, { recursive: true });
  await setUp(page);
  await stubPrint(page);
  await walk(page, UG);
  await walk(page, PG);
});

/** Sends key events back to back without waiting for the page in between, as a busy PC delivers them. */
async function burst(page: Page, keys: string[]) {
  const cdp = await page.context().newCDPSession(page);
  const events = keys.flatMap((key) => {
    const enter = key === 'Enter';
    const code = enter ? 'Enter' : /\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`;
    const keyCode = enter ? 13 : key.toUpperCase().charCodeAt(0);
    const text = enter ? '\r' : key;
    return [
      cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, code, text, windowsVirtualKeyCode: keyCode }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode }),
    ];
  });
  await Promise.all(events);
  await cdp.detach();
}

test('the keys of one fee line in a burst always take the typed head, 20 times', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAtDepartment(page, UG.depId, UG.staff.email, UG.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto(`/ug/receipt/${UG.student.admissionNo}`);
  const typed = [
    ['exam', 'Exam Fee'],
    ['lib', 'Library Fee'],
    ['tui', 'Tuition Fee'],
    ['fee', 'Admission Fee'],
  ] as const;
  for (let i = 0; i < 20; i += 1) {
    const [text, head] = typed[i % typed.length]!;
    await expect(page.getByRole('combobox', { name: `Fee type ${i + 1}` })).toBeFocused();
    await burst(page, [...text, 'Enter', '1', '2', 'Enter']);
    await expect(page.getByRole('combobox', { name: `Fee type ${i + 2}` })).toBeFocused();
    await expect(page.getByRole('combobox', { name: `Fee type ${i + 1}` })).toHaveValue(head);
    await expect(page.getByLabel(`Amount ${i + 1}`)).toHaveValue('12');
  }
});

test('a searchable select takes its first match on Enter; Pay on the course list and the statement opens the receipt entry', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAtDepartment(page, UG.depId, UG.staff.email, UG.staff.password);
  await expect(page).toHaveURL(/\/ug$/);

  // The course filter beside Find student: "eng" and Enter in a burst choose BA English and keep it.
  await page.goto('/ug/rcpt/');
  const course = page.getByRole('combobox', { name: 'Course' });
  await course.focus();
  await burst(page, [...'eng', 'Enter']);
  await expect(course).toHaveValue('BA English');
  await expect(page).toHaveURL(/course=1003/);
  await page.getByRole('textbox', { name: 'Find student' }).fill('KB-UG');
  await expect(page.getByRole('row', { name: `${UG.student.admissionNo} ${UG.student.name}` })).toBeVisible();
  // ArrowDown moves into the list, Enter on a row opens that student's receipt.
  await page.getByRole('textbox', { name: 'Find student' }).press('ArrowDown');
  await expect(page.getByRole('row', { name: `${UG.student.admissionNo} ${UG.student.name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/ug/receipt/${UG.student.admissionNo}\\?`));

  await page.goto(`/ug/list/${UG.courseId}?course=BA+English&depurl=ug`);
  await page.getByRole('link', { name: `Pay for ${UG.student.name}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/ug/receipt/${UG.student.admissionNo}\\?sub_id=${UG.courseId}&course=BA\\+English&batch=\\d+`),
  );
  await expect(page.getByRole('combobox', { name: 'Fee type 1' })).toBeFocused();

  await page.goBack();
  await page.getByRole('link', { name: `Statement of ${UG.student.admissionNo}`, exact: true }).click();
  await page.getByRole('link', { name: `Pay for ${UG.student.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/ug/receipt/${UG.student.admissionNo}\\?sub_id=${UG.courseId}`));
});
