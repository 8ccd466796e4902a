import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { istDate, screenshots, shownDate, signInAsAdmin, trpcMutation, typeDate } from './support';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DAY = istDate(-1);

/** Tally's HTTP port as a stand-in: answers each import with the next reply queued, and keeps what it was sent. */
function tallyStandIn() {
  const replies: string[] = [];
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push(body);
      res.writeHead(200, { 'content-type': 'text/xml' }).end(replies.shift() ?? '');
    });
  });
  return { server, replies, received };
}

test("the accountant's books: a closed day previewed, refused by Tally, sent, then the warning before a repeat", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tally = tallyStandIn();
  await new Promise<void>((resolve) => tally.server.listen(PORT + 1, '127.0.0.1', resolve));
  try {
    await signInAsAdmin(page);
    await trpcMutation(page, 'admin.settings.update', { gstRate: '0' });
    const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
      depId: 104,
      courseId: 5001,
      name: 'E2E Books',
      startDate: '2025-06-01',
      endDate: '2028-03-31',
      confirm: true,
    });
    const heads = (await (await page.request.get('/trpc/reference.feeHeads')).json()).result.data as Array<{
      id: number;
      name: string;
    }>;
    const tuition = heads.find((h) => h.name === 'Tuition Fee')!.id;
    await trpcMutation(page, 'fees.structures.create', {
      depId: 104,
      batchId: batch.id,
      feeHeadId: tuition,
      amount: '60000',
      startDate: '2025-06-01',
      endDate: '2028-03-31',
      confirm: true,
    });
    const student = await trpcMutation<{ id: number }>(page, 'students.create', {
      depId: 104,
      courseId: 5001,
      batchId: batch.id,
      capId: 'CAP-BK-1',
      name: 'Rahul Nair',
      admissionNo: 'BED-BK-1',
      admissionDate: '2025-06-10',
      categoryId: 1,
      dateOfBirth: '2001-03-04',
      gender: 'Male',
      address: '7 Temple Road, Thrissur',
      confirm: true,
    });
    for (const [amount, paymentMode] of [
      ['12500.00', 'cash'],
      ['7500.50', 'upi'],
    ] as const)
      await trpcMutation(page, 'receipts.create', {
        depId: 104,
        studentId: student.id,
        date: DAY,
        items: [{ feeHeadId: tuition, particulars: '', amount }],
        paymentMode,
        paymentReference: paymentMode === 'cash' ? null : 'UPI-BK',
        total: amount,
        tax: '0',
        net: amount,
        confirm: true,
      });
    // A trust pays 2,000.00 of the tuition by transfer: a Receipt voucher of its own in the SP series.
    const sponsor = await trpcMutation<{ id: number }>(page, 'sponsors.create', { name: 'E2E Books Trust' });
    await trpcMutation(page, 'sponsors.cover', {
      depId: 104,
      sponsorId: sponsor.id,
      studentId: student.id,
      feeHeadId: tuition,
      amount: '2000',
    });
    await trpcMutation(page, 'sponsors.receipt', {
      depId: 104,
      sponsorId: sponsor.id,
      date: DAY,
      mode: 'bank_transfer',
      reference: 'NEFT-BK',
      allocations: [{ studentId: student.id, feeHeadId: tuition, amount: '2000' }],
    });

    await page.goto('/bed/books');
    await typeDate(page, 'From', shownDate(DAY));
    await typeDate(page, 'To', shownDate(DAY));
    await expect(
      page.getByText(`${shownDate(DAY)} is not closed: only closed days go to the books`).first(),
    ).toBeVisible();
    await trpcMutation(page, 'days.close', { depId: 104, date: DAY });
    await page.reload();
    await typeDate(page, 'From', shownDate(DAY));
    await typeDate(page, 'To', shownDate(DAY));
    await expect(page.getByTestId('voucher-count')).toHaveText('3');
    await expect(page.getByTestId('books-vouchers')).toContainText('Receipt');
    const ledger = page.getByTestId('general-ledger');
    await expect(ledger).toContainText('Tuition Fee');
    await expect(ledger).toContainText('22,000.50');
    await expect(ledger).toContainText('Sponsor receipt SP');

    tally.replies.push(
      "<RESPONSE><LINEERROR>Ledger 'Tuition Fee' does not exist!</LINEERROR><CREATED>0</CREATED><ALTERED>0</ALTERED>" +
        '<ERRORS>1</ERRORS><EXCEPTIONS>0</EXCEPTIONS></RESPONSE>',
    );
    await page.getByRole('button', { name: 'Send to Tally' }).click();
    const answer = page.getByTestId('tally-answer');
    await expect(answer).toContainText('Tally refused the import');
    await expect(answer).toContainText("Ledger 'Tuition Fee' does not exist!");
    expect(tally.received[0]).toContain('<SVCURRENTCOMPANY>Bachelor of Education</SVCURRENTCOMPANY>');
    await screenshots(page, test.info().outputPath('books-refused'));

    tally.replies.push(
      '<RESPONSE><CREATED>3</CREATED><ALTERED>0</ALTERED><ERRORS>0</ERRORS><EXCEPTIONS>0</EXCEPTIONS></RESPONSE>',
    );
    await page.getByRole('button', { name: 'Send to Tally' }).click();
    await expect(answer).toContainText('Tally took the vouchers');
    await expect(answer).toContainText('Created 3');
    await expect(page.getByTestId('already-exported')).toContainText(
      '3 voucher(s) of these days went to the books before',
    );
    await expect(page.getByTestId('export-log')).toContainText('Sent to Tally');
    await expect(page.getByTestId('export-log')).toContainText('In the books');
    // The refused send stays in the log, not counted as exported.
    await expect(page.getByTestId('export-log')).toContainText('Failed: not exported');
    await expect(page.getByRole('button', { name: 'Download Tally XML' })).toBeDisabled();
    await screenshots(page, test.info().outputPath('books-sent'));

    await page.getByRole('checkbox', { name: /Export again/ }).check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Tally XML' }).click();
    expect((await download).suggestedFilename()).toBe(`tally_104_${DAY}_${DAY}.xml`);
    await expect(page.getByTestId('export-log')).toContainText('XML file');

    await page.getByRole('link', { name: 'Ledger mapping' }).click();
    await expect(page.getByRole('textbox', { name: 'Tally company' })).toHaveValue('Bachelor of Education');
    await expect(page.getByRole('textbox', { name: 'Cash', exact: true })).toHaveValue('Cash');
    await expect(page.getByRole('textbox', { name: 'Gateway fee' })).toHaveValue('Payment gateway charges');
    await screenshots(page, test.info().outputPath('books-mapping'));
    await page.getByText('One per day and payment mode, a row per head').click();
    await screenshots(page, test.info().outputPath('books-mapping-day'));
    // Online goes to the gateway's clearing ledger from the first day; concessions are booked only when chosen.
    await expect(page.getByRole('textbox', { name: 'Online', exact: true })).toHaveValue('Razorpay clearing');
    await expect(page.getByRole('textbox', { name: 'Concession ledger' })).toHaveCount(0);
    await page.getByText('Booked to a concession ledger').click();
    await expect(page.getByRole('textbox', { name: 'Concession ledger' })).toHaveValue('Fee concession');
    // Booked from the day it is saved unless a day is named: the history before stays out of the books.
    await expect(page.getByRole('textbox', { name: 'Booked from' })).toHaveValue('');
    await page.getByRole('textbox', { name: 'Concession ledger' }).fill('Concessions allowed');
    await screenshots(page, test.info().outputPath('books-mapping-concessions'));
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await expect(page.getByText('Ledger mapping saved')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Books' }).click();
    await expect(page.getByTestId('books-granularity')).toHaveText('One per day and payment mode, a row per head');
  } finally {
    await new Promise<void>((resolve) => tally.server.close(() => resolve()));
  }
});
