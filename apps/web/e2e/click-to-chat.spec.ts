import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { writeStraightToDatabase } from './database';
import { screenshots, signInAsAdmin, signInAtDepartment, trpcMutation, trpcQuery } from './support';

const STAFF = { email: 'counter.chat@e2e.test', password: 'chatchat12' };
const STUDENT = { name: 'Devika Raghavan', admissionNo: 'E2E-WA-001' };
const ARTIFACTS = 'e2e/artifacts';
const TODAY = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const TODAY_SHOWN = TODAY.split('-').reverse().join('-');

/** A staff account, a batch with a tuition fee, one student with a phone, and her mother on WhatsApp. */
async function setUpData(page: Page): Promise<{ studentId: number; headId: number }> {
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
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
    name: 'E2E Chat 2025',
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const headId = heads.find((h) => h.name === 'Tuition Fee')!.id;
  await trpcMutation(page, 'fees.structures.create', {
    depId: 100,
    batchId: batch.id,
    feeHeadId: headId,
    amount: '30000',
    startDate: '2025-06-01',
    endDate: '2027-03-31',
    confirm: true,
  });
  const student = await trpcMutation<{ id: number }>(page, 'students.create', {
    depId: 100,
    courseId: 1003,
    batchId: batch.id,
    capId: 'CAP-E2E-WA',
    name: STUDENT.name,
    admissionNo: STUDENT.admissionNo,
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2007-05-06',
    gender: 'Female',
    address: '4 Canal Road, Kochi',
    phone: '98470 55501',
    confirm: true,
  });
  // Guardians as registration keeps them: the mother's mobile has WhatsApp, the father's has not.
  writeStraightToDatabase(`
    INSERT INTO student_contacts (student_id, position, name, relation, mobile, whatsapp)
    VALUES (${student.id}, 1, 'Sreeja Raghavan', 'Mother', '+919847055502', 1),
           (${student.id}, 2, 'Raghavan K', 'Father', '+919847055503', 0);`);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  return { studentId: student.id, headId };
}

test('the receipt page and the statement offer WhatsApp links to the family with the message written, the receipt’s verification link at PUBLIC_URL', async ({
  page,
}) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const { studentId, headId } = await setUpData(page);
  await signInAtDepartment(page, 100, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/ug$/);
  const created = await trpcMutation<{ number: number }>(page, 'receipts.create', {
    depId: 100,
    studentId,
    date: TODAY,
    items: [{ feeHeadId: headId, particulars: 'First term', amount: '12500.00' }],
    paymentMode: 'cash',
    total: '12500.00',
    tax: '0.00',
    net: '12500.00',
    confirm: true,
  });

  await page.goto(`/ug/inv/success/?no=${created.number}`);
  const chat = page.getByTestId('click-to-chat');
  const mother = chat.getByRole('link', { name: 'WhatsApp Sreeja Raghavan (Mother)' });
  const own = chat.getByRole('link', { name: `WhatsApp ${STUDENT.name} (Student)` });
  await expect(mother).toBeVisible();
  await expect(own).toBeVisible();
  await expect(chat.getByRole('link')).toHaveCount(2);
  await screenshots(page, `${ARTIFACTS}/click-to-chat-receipt`);

  const url = new URL((await mother.getAttribute('href'))!);
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/919847055502');
  expect(await mother.getAttribute('target')).toBe('_blank');
  const text = url.searchParams.get('text')!;
  const verify = new RegExp(`^https://fees\\.e2e\\.test(/verify/${created.number}/[0-9a-f]{12})$`);
  const lines = text.split('\n');
  expect(lines[0]).toBe(
    `We have received Rs 12,500.00 towards the fees of ${STUDENT.name} (${STUDENT.admissionNo}) by receipt ` +
      `#000${created.number} dated ${TODAY_SHOWN}. Thank you.`,
  );
  expect(lines[1]).toMatch(/^Check the receipt: /);
  const verifyPath = verify.exec(lines[1]!.replace('Check the receipt: ', ''))![1]!;
  expect(new URL((await own.getAttribute('href'))!).pathname).toBe('/919847055501');

  // The link in the message is the receipt's own verification page (here on the test server's address).
  const printed = await page
    .getByTestId('printable-receipt')
    .getByText(/^Verify: /)
    .first()
    .textContent();
  expect(printed).toMatch(new RegExp(`${verifyPath.replace(/\//g, '\\/')}$`));
  await page.goto(verifyPath);
  await expect(page.getByText('Valid receipt')).toBeVisible();

  await page.goto(`/ug/statement/${studentId}`);
  const statementChat = page.getByTestId('click-to-chat');
  const statementLink = statementChat.getByRole('link', { name: 'WhatsApp Sreeja Raghavan (Mother)' });
  await expect(statementLink).toBeVisible();
  const statementText = new URL((await statementLink.getAttribute('href'))!).searchParams.get('text')!;
  expect(statementText).toBe(
    `Fee statement of ${STUDENT.name} (${STUDENT.admissionNo}, BA English) on ${TODAY_SHOWN}: fees Rs 30,000.00, ` +
      'paid Rs 12,500.00, balance due Rs 17,500.00.',
  );
  await screenshots(page, `${ARTIFACTS}/click-to-chat-statement`);
});
