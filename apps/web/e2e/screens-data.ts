import type { Page } from '@playwright/test';
import { signInAsAdmin, trpcMutation, trpcQuery } from './support';

/** What the screen specs visit: a UG clerk, a BA English batch with two heads, a student and a receipt. */
export interface ScreenData {
  staff: { email: string; password: string };
  student: { id: number; name: string; admissionNo: string };
  batchId: number;
  receiptNumber: number;
}

/** Today where the server counts receipt dates (the e2e server runs with TZ=Asia/Kolkata). */
function todayInKolkata(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/** Creates the data through the API as an admin, then signs out; `tag` keeps two specs' data apart. */
export async function setUpScreenData(page: Page, tag: string): Promise<ScreenData> {
  const staff = { email: `screens.${tag}@e2e.test`, password: 'clerk123' };
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: staff.email,
    pwd1: staff.password,
    pwd2: staff.password,
    chk1: true,
  });
  await trpcMutation(page, 'admin.settings.update', {
    gstRate: '0',
    letterheads: [
      {
        depId: 100,
        institutionName: 'Arts and Science College',
        address: 'College Road, Thrissur 680001',
        phone: '0487 2440000',
      },
    ],
  });
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: `Screens ${tag} 2025-2028`,
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const head = (name: string) => heads.find((h) => h.name === name)!.id;
  for (const [name, amount] of [
    ['Tuition Fee', '25000'],
    ['Exam Fee', '1500.50'],
  ] as const) {
    await trpcMutation(page, 'fees.structures.create', {
      depId: 100,
      batchId: batch.id,
      feeHeadId: head(name),
      amount,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
      confirm: true,
    });
  }
  const admissionNo = `E2E-SC-${tag.toUpperCase()}`;
  const name = `Lakshmi Narayanan ${tag.toUpperCase()}`;
  const student = await trpcMutation<{ id: number }>(page, 'students.create', {
    depId: 100,
    courseId: 1003,
    batchId: batch.id,
    capId: `CAP-SC-${tag}`,
    name,
    admissionNo,
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2007-03-04',
    gender: 'Female',
    address: '12 Temple Street, Thrissur',
    phone: '9847012345',
    confirm: true,
  });
  const receipt = await trpcMutation<{ number: number }>(page, 'receipts.create', {
    depId: 100,
    studentId: student.id,
    date: todayInKolkata(),
    items: [{ feeHeadId: head('Tuition Fee'), particulars: 'First instalment', amount: '10000' }],
    paymentMode: 'cash',
    total: '10000',
    tax: '0',
    net: '10000',
    confirm: true,
  });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  return { staff, student: { id: student.id, name, admissionNo }, batchId: batch.id, receiptNumber: receipt.number };
}
