import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  istDate,
  rupees,
  shownDate,
  signInAsAdmin,
  signInAtDepartment,
  trpcMutation,
  trpcQuery,
  typeDate,
} from './support';

const PASSWORD = 'clerk123';
const CLERK = 'reports.clerk@e2e.test';
const COURSE = { id: 1004, name: 'BA Economics' };

interface Receipt {
  number: number;
  date: string;
  batch: string;
  student: string;
  netPaise: number;
  lines: Array<{ head: string; particulars: string; paise: number }>;
  voided?: boolean;
}

/**
 * Through the other screens' procedures: the admin makes a UG clerk, two BA Economics batches with
 * Tuition and Exam fees, three students and a discount; the clerk then takes receipts (one with two
 * lines, one voided afterwards), dated on and around the last days of July 2025.
 */
async function setUp(page: Page) {
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: CLERK,
    pwd1: PASSWORD,
    pwd2: PASSWORD,
    chk1: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'fees.heads.list', undefined);
  const head = (name: string) => heads.find((h) => h.name === name)!.id;
  const batches: Record<string, number> = {};
  for (const name of ['2025-2028', '2024-2027']) {
    const { id } = await trpcMutation<{ id: number }>(page, 'batches.create', {
      depId: 100,
      courseId: COURSE.id,
      name,
      startDate: `${name.slice(0, 4)}-06-01`,
      endDate: `${name.slice(5)}-03-31`,
      confirm: true,
    });
    batches[name] = id;
    for (const [feeHead, amount] of [
      ['Tuition Fee', '20000'],
      ['Exam Fee', '1500.50'],
    ] as const) {
      await trpcMutation(page, 'fees.structures.create', {
        depId: 100,
        batchId: id,
        feeHeadId: head(feeHead),
        amount,
        startDate: '2025-06-01',
        endDate: '2026-03-31',
        confirm: true,
      });
    }
  }
  const students: Record<string, { id: number; admissionNo: string; batch: string }> = {};
  for (const [name, admissionNo, batch] of [
    ['Meera Nair', 'ECO-24-01', '2024-2027'],
    ['Arjun Das', 'ECO-24-02', '2024-2027'],
    ['Fathima Beevi', 'ECO-25-01', '2025-2028'],
  ] as const) {
    const { id } = await trpcMutation<{ id: number }>(page, 'students.create', {
      depId: 100,
      courseId: COURSE.id,
      batchId: batches[batch],
      capId: `CAP-${admissionNo}`,
      name,
      admissionNo,
      admissionDate: '2025-06-10',
      categoryId: 1,
      dateOfBirth: '2006-05-05',
      gender: 'Female',
      address: `${name} House, Kottayam`,
      confirm: true,
    });
    students[name] = { id, admissionNo, batch };
  }
  await trpcMutation(page, 'discounts.create', {
    depId: 100,
    courseId: COURSE.id,
    batchId: batches['2024-2027'],
    studentId: students['Meera Nair']!.id,
    feeHeadId: head('Tuition Fee'),
    discount: '2000',
    adjustment: '250.25',
    note: 'Merit',
    confirm: true,
  });
  // The specs share one server and others issue receipts at 18%: these figures are at no GST. The clerk
  // enters last year's receipts, so the admin lifts the back-dating limit first.
  await trpcMutation(page, 'admin.settings.update', { gstRate: '0', backdateLimitDays: 3650 });
  await page.context().clearCookies();
  await signInAtDepartment(page, 100, CLERK, PASSWORD);
  await expect(page).toHaveURL(/\/ug$/);

  const receipts: Receipt[] = [];
  const pay = async (student: string, date: string, lines: Receipt['lines']) => {
    const total = lines.reduce((s, l) => s + l.paise, 0);
    const money = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
    const created = await trpcMutation<{ number: number; netPaise: number }>(page, 'receipts.create', {
      depId: 100,
      studentId: students[student]!.id,
      date,
      items: lines.map((l) => ({ feeHeadId: head(l.head), particulars: l.particulars, amount: money(l.paise) })),
      paymentMode: 'cash',
      total: money(total),
      tax: '0',
      net: money(total),
      confirm: true,
    });
    const receipt: Receipt = {
      number: created.number,
      date,
      batch: students[student]!.batch,
      student,
      netPaise: created.netPaise,
      lines,
    };
    receipts.push(receipt);
    return receipt;
  };
  await pay('Meera Nair', '2025-07-01', [{ head: 'Tuition Fee', particulars: 'First instalment', paise: 8_000_00 }]);
  await pay('Arjun Das', '2025-07-31', [
    { head: 'Tuition Fee', particulars: 'Term 1', paise: 10_000_00 },
    { head: 'Exam Fee', particulars: 'Semester 1', paise: 1_500_50 },
  ]);
  await pay('Fathima Beevi', '2025-07-15', [{ head: 'Tuition Fee', particulars: '', paise: 5_000_75 }]);
  const voided = await pay('Fathima Beevi', '2025-07-20', [
    { head: 'Exam Fee', particulars: 'Wrong entry', paise: 1_500_50 },
  ]);
  await trpcMutation(page, 'receipts.void', { number: voided.number, reason: 'Wrong entry' });
  voided.voided = true;
  await pay('Meera Nair', '2025-08-01', [{ head: 'Exam Fee', particulars: 'After July', paise: 700_00 }]);
  return { students, receipts: receipts.filter((r) => !r.voided), voided };
}

function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) =>
      [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

test('reports: fee receipts by course with lines and exports, dues against Fees Info, receipts between dates, collections, statement, admin views', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { students, receipts, voided } = await setUp(page);
  const byBatch = (batch: string) => receipts.filter((r) => r.batch === batch).sort((a, b) => a.number - b.number);

  // Fee receipt report: heading, 'Choose... ', 'Required' for an untouched course.
  await page.goto('/ug/rptfee/');
  await expect(page.getByRole('heading', { name: 'Arts and Science UG' })).toBeVisible();
  await expect(page.getByText('Report-Fee Receipt')).toBeVisible();
  const course = page.getByRole('combobox', { name: 'Course' });
  await expect(course.locator('option').first()).toHaveText('Choose... ');
  await expect(page.getByPlaceholder('search')).toBeVisible();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await course.selectOption({ label: COURSE.name });
  await page.getByRole('button', { name: 'Search' }).click();

  // Batches newest first (start date), each with its live receipts and its total; the voided receipt nowhere.
  await expect(page.getByRole('heading', { name: /^Batch: / })).toHaveText(['Batch: 2025-2028', 'Batch: 2024-2027']);
  for (const batch of ['2025-2028', '2024-2027']) {
    const section = page.getByTestId(`batch-${batch}`);
    const expected = byBatch(batch);
    await expect(section.locator('tbody tr')).toHaveCount(expected.length);
    await expect(section.getByTestId('batch-total')).toHaveText(rupees(expected.reduce((s, r) => s + r.netPaise, 0)));
    for (const [i, r] of expected.entries()) {
      const cells = section.locator('tbody tr').nth(i).locator('td');
      await expect(cells.nth(0)).toHaveText(`#000${r.number}`);
      await expect(cells.nth(1)).toHaveText(students[r.student]!.admissionNo);
      await expect(cells.nth(2)).toHaveText(r.date.split('-').reverse().join('-'));
      await expect(cells.nth(5)).toHaveText(rupees(r.netPaise));
    }
  }
  await expect(page.getByText(`#000${voided.number}`)).toHaveCount(0);
  await expect(page.getByTestId('report-total')).toHaveText(rupees(receipts.reduce((s, r) => s + r.netPaise, 0)));
  await page.screenshot({ path: test.info().outputPath('reports-rptfee.png'), fullPage: true });

  // The magnifier fetches the lines, then opens 'Fees Info'.
  const twoLines = receipts.find((r) => r.lines.length === 2)!;
  await page.getByRole('button', { name: `Lines of receipt #000${twoLines.number}` }).click();
  const modal = page.getByRole('dialog', { name: 'Fees Info' });
  await expect(modal).toBeVisible();
  await expect(modal.locator('thead th')).toHaveText(['#', 'Fees', 'Particulars', 'Receipt']);
  await expect(modal.locator('tbody tr')).toHaveCount(2);
  for (const [i, line] of twoLines.lines.entries()) {
    await expect(modal.locator('tbody tr').nth(i).locator('td')).toHaveText([
      String(i + 1),
      line.head,
      line.particulars,
      rupees(line.paise),
    ]);
  }
  await page.screenshot({ path: test.info().outputPath('reports-fees-info.png') });
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // CSV of a batch: its name, its rows and its total are the screen's.
  const section = page.getByTestId('batch-2024-2027');
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe('FeeReceipt_BA Economics_Batch_2024-2027.csv');
  await expect(page.getByText('CSV export started')).toBeVisible();
  const csv = parseCsv(await readFile((await csvDownload.path())!, 'utf8'));
  expect(csv[0]).toEqual(['Bill.No', 'Adm.No', 'Date', 'Student Name', 'Address', 'Receipt']);
  const screenRows = await section
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].slice(0, 6).map((td) => (td.textContent ?? '').trim())),
    );
  expect(csv.slice(1, -1).map((row) => [...row.slice(0, 5), row[5]!])).toEqual(
    screenRows.map((row) => [...row.slice(0, 5), row[5]!.replace(/,/g, '')]),
  );
  const batchTotal = byBatch('2024-2027').reduce((s, r) => s + r.netPaise, 0);
  expect(csv.at(-1)).toEqual(['Total:', '', '', '', '', (batchTotal / 100).toFixed(2)]);

  // XLSX beside it: a zip package holding the same amounts.
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'XLSX' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toBe('FeeReceipt_BA Economics_Batch_2024-2027.xlsx');
  const xlsx = await readFile((await xlsxDownload.path())!);
  expect(strFromU8(unzipSync(xlsx)['xl/worksheets/sheet1.xml']!)).toContain(`<v>${(batchTotal / 100).toFixed(2)}</v>`);

  // On paper the actions, exports, Print and the search form are hidden; the figures stay.
  await page.emulateMedia({ media: 'print' });
  await expect(section.getByRole('button', { name: 'CSV' })).toBeHidden();
  await expect(section.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(section.getByRole('columnheader', { name: 'Action' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Search' })).toBeHidden();
  await expect(section.getByTestId('batch-total')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reports-rptfee-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The batch filter lists one batch alone.
  await page.getByRole('combobox', { name: 'Batch' }).selectOption({ label: '2025-2028' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/batch=\d+/);
  await expect(page.getByRole('heading', { name: /^Batch: / })).toHaveText(['Batch: 2025-2028']);
  await expect(page.getByTestId('report-total')).toHaveText(
    rupees(byBatch('2025-2028').reduce((s, r) => s + r.netPaise, 0)),
  );

  // Dues: each student's balance is their Fees Info balance (receipts.feeInfo).
  await page.goto('/ug/dues/');
  await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: COURSE.name });
  await page.getByRole('button', { name: 'Search' }).click();
  for (const [name, student] of Object.entries(students)) {
    const info = await trpcQuery<{ totals: { balancePaise: number; paidPaise: number } }>(page, 'receipts.feeInfo', {
      depId: 100,
      studentId: student.id,
    });
    const row = page.getByTestId(`batch-${student.batch}`).locator('tbody tr').filter({ hasText: name });
    await expect(row.locator('td').nth(7)).toHaveText(rupees(info.totals.balancePaise));
    await expect(row.locator('td').nth(6)).toHaveText(rupees(info.totals.paidPaise));
  }
  await page.screenshot({ path: test.info().outputPath('reports-dues.png'), fullPage: true });

  // The statement, from the dues report's admission number, agrees too.
  const meera = students['Meera Nair']!;
  await page.getByRole('link', { name: meera.admissionNo }).click();
  await expect(page).toHaveURL(new RegExp(`/ug/statement/${meera.id}$`));
  const meeraInfo = await trpcQuery<{ totals: { balancePaise: number } }>(page, 'receipts.feeInfo', {
    depId: 100,
    studentId: meera.id,
  });
  await expect(page.getByTestId('statement-balance')).toHaveText(rupees(meeraInfo.totals.balancePaise));
  await expect(page.getByTestId('statement-table')).toContainText('First instalment');
  await page.screenshot({ path: test.info().outputPath('reports-statement.png'), fullPage: true });

  // Receipts between dates: opens on today; receipts on the first and last day included.
  await page.goto('/ug/rcpt_dtws/');
  for (const label of ['From', 'To'])
    await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue(shownDate(istDate()));
  await typeDate(page, 'From', '01-07-2025');
  await typeDate(page, 'To', '31-07-2025');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/from=2025-07-01&to=2025-07-31/);
  const july = receipts.filter((r) => r.date >= '2025-07-01' && r.date <= '2025-07-31');
  await expect(page.locator('tbody tr')).toHaveCount(july.length);
  await expect(page.getByRole('cell', { name: '01-07-2025', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '31-07-2025', exact: true })).toBeVisible();
  await expect(page.getByTestId('grand-total')).toHaveText(rupees(july.reduce((s, r) => s + r.netPaise, 0)));
  await page.screenshot({ path: test.info().outputPath('reports-between-dates.png'), fullPage: true });

  // Collections of the department over July, by head and mode.
  await page.goto('/ug/collections/?from=2025-07-01&to=2025-07-31');
  await expect(page.getByTestId('collections-total')).toHaveText(rupees(july.reduce((s, r) => s + r.netPaise, 0)));
  const tuitionInJuly = july
    .flatMap((r) => r.lines)
    .filter((l) => l.head === 'Tuition Fee')
    .reduce((s, l) => s + l.paise, 0);
  await expect(
    page.getByTestId('overall-heads').locator('tbody tr').filter({ hasText: 'Tuition Fee' }).locator('td').last(),
  ).toHaveText(rupees(tuitionInJuly));
  await page.screenshot({ path: test.info().outputPath('reports-collections.png'), fullPage: true });

  // The report menu lists the reports.
  await page.goto('/ug/rptview/');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Fee receipts by course',
    'Student dues',
    'Dues as of a date',
    'Defaulters',
    'Demand notices',
    'Student fee information',
    'Receipts between dates',
    'Collections summary',
    'Day book',
    'Books (Tally)',
    'Concessions summary',
    'Refunds',
    'Student statement',
  ]);
  await page.screenshot({ path: test.info().outputPath('reports-menu.png'), fullPage: true });

  // Admin: the report view of UG, and the same fee receipt report through the admin route.
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto('/admin/rptview/100');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Fees Receipt Reports Order by Courses',
    'Student Dues Reports',
    'Dues as of a date',
    'Defaulters',
    'Demand notices',
    'Receipt report between dates',
    'Collections summary',
    'Day book',
    'Books (Tally)',
    'Concessions summary',
    'Refunds',
  ]);
  await page.screenshot({ path: test.info().outputPath('reports-admin-menu.png'), fullPage: true });
  await page.getByRole('link', { name: 'Open' }).first().click();
  await expect(page).toHaveURL(/\/admin\/rptfee\/100\/Arts%20and%20Science%20UG$/);
  await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: COURSE.name });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('batch-2025-2028').getByTestId('batch-total')).toHaveText(
    rupees(byBatch('2025-2028').reduce((s, r) => s + r.netPaise, 0)),
  );

  await page.goto('/admin/collections?from=2025-07-01&to=2025-07-31');
  await expect(page.getByTestId('collections-total')).toHaveText(rupees(july.reduce((s, r) => s + r.netPaise, 0)));
  await expect(page.getByTestId('department-100-total')).toHaveText(rupees(july.reduce((s, r) => s + r.netPaise, 0)));
  await expect(page.getByTestId('department-101-total')).toHaveText('0.00');
  await page.screenshot({ path: test.info().outputPath('reports-admin-collections.png'), fullPage: true });
});
