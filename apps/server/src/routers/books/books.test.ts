import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findAdvanceHeadId, run } from '@fees/db';
import { paiseToRupeesText as r, type TReceiptPaymentMode, type TSaveLedgerMappingInput } from '@fees/validation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxEveryHead } from '../../test/gst';
import { refusal } from '../../test/refusal';
import { parseTally } from '../../test/tally';
import { useFixture, useHarness } from '../../test/use-harness';
import type { createCaller } from '../_app';

const DAY1 = '2025-08-04';
const DAY2 = '2025-08-05';

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);
const staff = () => h.caller('ugStaff');
const admin = () => h.caller('admin');

type CreateInput = Parameters<ReturnType<typeof createCaller>['receipts']['create']>[0];

function receiptInput(date: string, paise: number, headId: number, mode: TReceiptPaymentMode, taxPaise = 0) {
  return {
    depId: 100,
    studentId: fx.ug.studentId,
    date,
    items: [{ feeHeadId: headId, particulars: 'Books', amount: r(paise) }],
    paymentMode: mode,
    paymentReference: mode === 'cash' ? null : `REF-${paise}`,
    ...(mode === 'cheque' ? { bank: 'Canara Bank & Co', instrumentNo: `${paise}`, instrumentDate: date } : {}),
    total: r(paise),
    tax: r(taxPaise),
    net: r(paise + taxPaise),
    confirm: true,
  } as CreateInput;
}

let cheque: number;
let cashReceipt: number;
let tally: Server;
let tallyAnswer = '';
/** How long the stand-in takes to answer, as a real Tally importing a day does. */
let tallyDelayMs = 0;
const tallyReceived: string[] = [];

beforeAll(async () => {
  tally = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      tallyReceived.push(body);
      const answer = tallyAnswer;
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/xml' }).end(answer), tallyDelayMs);
    });
  });
  await new Promise<void>((resolve) => tally.listen(0, '127.0.0.1', resolve));
  process.env.TALLY_URL = `http://127.0.0.1:${(tally.address() as AddressInfo).port}`;

  // Tuition taxed at 18% for the first receipt only: its GST goes to Output GST 18%.
  await taxEveryHead(h.db, 1800);
  cashReceipt = (await staff().receipts.create(receiptInput(DAY1, 1_000_00, fx.heads.tuition, 'cash', 180_00))).number;
  await taxEveryHead(h.db, 0);
  cheque = (await staff().receipts.create(receiptInput(DAY1, 1_500_00, fx.heads.exam, 'cheque'))).number;
  const advanceHead = (await findAdvanceHeadId(h.db))!;
  await staff().receipts.create(receiptInput(DAY1, 500_00, advanceHead, 'upi'));
});
afterAll(() => new Promise<void>((resolve) => tally.close(() => resolve())));

describe('the books of closed days', () => {
  it('refuses a range with an open day, naming it', async () => {
    expect(await refusal(staff().books.ledger({ depId: 100, from: DAY1, to: DAY1 }))).toEqual({
      code: 'CONFLICT',
      message: '04-08-2025 is not closed: only closed days go to the books',
    });
  });

  it("gives the day's general ledger with the default mapping: a balanced Receipt voucher per receipt", async () => {
    await admin().days.close({ depId: 100, date: DAY1 });
    const ledger = await staff().books.ledger({ depId: 100, from: DAY1, to: DAY1 });
    expect(ledger.rows.map((x) => [x.voucherType, x.voucherNumber, x.ledger, x.debitPaise, x.creditPaise])).toEqual([
      ['Receipt', `#000${cashReceipt}`, 'Cash', 1_180_00, 0],
      ['Receipt', `#000${cashReceipt}`, 'Tuition Fee', 0, 1_000_00],
      ['Receipt', `#000${cashReceipt}`, 'Output GST 18%', 0, 180_00],
      ['Receipt', `#000${cheque}`, 'Bank', 1_500_00, 0],
      ['Receipt', `#000${cheque}`, 'Exam Fee', 0, 1_500_00],
      ['Receipt', `#000${cheque + 1}`, 'Bank', 500_00, 0],
      ['Receipt', `#000${cheque + 1}`, 'Advance from students', 0, 500_00],
    ]);
    expect(ledger.totals).toEqual({ debitPaise: 3_180_00, creditPaise: 3_180_00 });
    // The day book of the same day: what came in per mode equals the ledger's debits to Cash and Bank.
    const book = await staff().reports.dayBook({ depId: 100, date: DAY1 });
    const byMode = book.byUser.reduce(
      (sum, u) => ({ cash: sum.cash + u.byModePaise.cash, other: sum.other + u.totalPaise - u.byModePaise.cash }),
      { cash: 0, other: 0 },
    );
    expect(byMode).toEqual({ cash: 1_180_00, other: 2_000_00 });
  });

  it('exports the Tally file once, logs it, and says so before repeating it', async () => {
    const preview = await staff().books.preview({ depId: 100, from: DAY1, to: DAY1 });
    expect(preview.vouchers.map((v) => v.reason)).toEqual(['new', 'new', 'new']);
    const exported = await staff().books.export({ depId: 100, from: DAY1, to: DAY1 });
    expect(exported).toMatchObject({
      voucherCount: 3,
      reversalCount: 0,
      fileName: 'tally_100_2025-08-04_2025-08-04.xml',
    });
    await expect(exported.xml).toMatchFileSnapshot('../../domain/books/golden/first-day.xml');
    const parsed = parseTally(exported.xml);
    expect(parsed.company).toBe('Arts and Science UG');
    expect(parsed.vouchers.map((v: { type: string; date: string }) => [v.type, v.date])).toEqual([
      ['Receipt', '20250804'],
      ['Receipt', '20250804'],
      ['Receipt', '20250804'],
    ]);

    expect(await refusal(staff().books.export({ depId: 100, from: DAY1, to: DAY1 }))).toEqual({
      code: 'CONFLICT',
      message:
        'The 3 voucher(s) of 04-08-2025 to 04-08-2025 were exported already and nothing changed since: ' +
        'tick "Export again" to send them a second time',
    });
    const again = await staff().books.preview({ depId: 100, from: DAY1, to: DAY1 });
    expect(again).toMatchObject({ vouchers: [], alreadySent: 3 });
    expect(again.earlierExports).toEqual([
      expect.objectContaining({
        dateFrom: DAY1,
        dateTo: DAY1,
        via: 'file',
        voucherCount: 3,
        exportedByEmail: 'ug@test.local',
      }),
    ]);
    const repeated = await staff().books.preview({ depId: 100, from: DAY1, to: DAY1, repeat: true });
    expect(repeated.vouchers.map((v) => v.reason)).toEqual(['repeat', 'repeat', 'repeat']);
    expect(await refusal(staff().books.export({ depId: 100, from: DAY1, to: DAY1, granularity: 'day' }))).toEqual({
      code: 'CONFLICT',
      message: '04-08-2025 was exported as one voucher per receipt: export it the same way (Ledger mapping, Vouchers)',
    });
  });

  it('books a void of an exported day as a reversal, a bounce as a Journal and a refund as a Payment in the next export', async () => {
    await admin().receipts.void({
      number: cashReceipt,
      reason: 'Entered twice',
      closedDayReason: 'Found at the audit',
    });
    const [pending] = await staff().cheques.list({ depId: 100, status: 'pending' });
    await staff().cheques.bounce({ depId: 100, chequeId: pending!.id, date: DAY2, reason: 'Funds insufficient' });
    await staff().refunds.create({
      depId: 100,
      studentId: fx.ug.studentId,
      date: DAY2,
      amount: '200.00',
      paymentMode: 'cash',
      reason: 'Leaving the hostel',
      confirm: true,
    });
    await admin().days.close({ depId: 100, date: DAY2 });

    const exported = await staff().books.export({ depId: 100, from: DAY2, to: DAY2 });
    await expect(exported.xml).toMatchFileSnapshot('../../domain/books/golden/void-bounce-refund.xml');
    const parsed = parseTally(exported.xml);
    expect(
      parsed.vouchers.map((v: { type: string; number: string; date: string; rows: unknown }) => [
        v.type,
        v.number,
        v.date,
        v.rows,
      ]),
    ).toEqual([
      [
        'Payment',
        `#000${cashReceipt}/REV`,
        '20250804',
        [
          ['Tuition Fee', 1_000_00],
          ['Output GST 18%', 180_00],
          ['Cash', -1_180_00],
        ],
      ],
      [
        'Payment',
        'R1',
        '20250805',
        [
          ['Advance from students', 200_00],
          ['Cash', -200_00],
        ],
      ],
      [
        'Journal',
        `B#000${cheque}`,
        '20250805',
        [
          ['Exam Fee', 1_500_00],
          ['Bank', -1_500_00],
        ],
      ],
    ]);
    expect(exported).toMatchObject({ voucherCount: 3, reversalCount: 1 });
    // Day 1 as it is now: the voided receipt is gone, the bounced cheque's receipt stays on its day.
    const day1 = await staff().books.ledger({ depId: 100, from: DAY1, to: DAY1 });
    expect(day1.vouchers.map((v) => v.number)).toEqual([`#000${cheque}`, `#000${cheque + 1}`]);
  });

  it("sends to Tally's HTTP port and shows its answer: created, or its errors with nothing exported", async () => {
    await staff().receipts.create(receiptInput('2025-08-06', 300_00, fx.heads.tuition, 'card'));
    await admin().days.close({ depId: 100, date: '2025-08-06' });
    const range = { depId: 100 as const, from: '2025-08-06', to: '2025-08-06', granularity: 'day' as const };

    tallyAnswer =
      '<RESPONSE><LINEERROR>Ledger &apos;Tuition Fee&apos; does not exist!</LINEERROR><CREATED>0</CREATED>' +
      '<ALTERED>0</ALTERED><ERRORS>1</ERRORS><EXCEPTIONS>0</EXCEPTIONS></RESPONSE>';
    const refused = await staff().books.sendToTally(range);
    expect(refused).toEqual({
      answer: {
        created: 0,
        altered: 0,
        errors: 1,
        exceptions: 0,
        lineErrors: ["Ledger 'Tuition Fee' does not exist!"],
      },
      exportId: null,
      warning: null,
      message:
        "Tally refused the import (Created 0, altered 0, errors 1: Ledger 'Tuition Fee' does not exist!). " +
        'Nothing was recorded as exported',
    });
    expect(parseTally(tallyReceived.at(-1)!).vouchers.map((v: { number: string }) => v.number)).toEqual([
      'DR20250806-CARD',
    ]);

    // A voucher Tally set aside as an exception is not in the books: nothing is logged, or it would never go again.
    tallyAnswer =
      '<RESPONSE><CREATED>0</CREATED><ALTERED>0</ALTERED><ERRORS>0</ERRORS><EXCEPTIONS>1</EXCEPTIONS></RESPONSE>';
    expect(await staff().books.sendToTally(range)).toMatchObject({
      exportId: null,
      message:
        'Tally refused the import (Created 0, altered 0, errors 0, exceptions 1). Nothing was recorded as exported',
    });
    expect((await staff().books.preview(range)).vouchers.map((v) => v.reason)).toEqual(['new']);

    tallyAnswer =
      '<RESPONSE><CREATED>1</CREATED><ALTERED>0</ALTERED><ERRORS>0</ERRORS><EXCEPTIONS>0</EXCEPTIONS></RESPONSE>';
    const sent = await staff().books.sendToTally(range);
    expect(sent.message).toBe('Tally took the vouchers: Created 1, altered 0, errors 0');
    const log = await staff().books.exports({ depId: 100 });
    // The refused sends stay in the log as failed: what was tried when and by whom, not counted as exported.
    expect(log.map((e) => [e.via, e.status, e.dateFrom, e.voucherCount, e.reversalCount, e.tallyAnswer])).toEqual([
      ['tally', 'sent', '2025-08-06', 1, 0, 'Created 1, altered 0, errors 0'],
      ['tally', 'failed', '2025-08-06', 1, 0, 'Created 0, altered 0, errors 0, exceptions 1'],
      ['tally', 'failed', '2025-08-06', 1, 0, "Created 0, altered 0, errors 1: Ledger 'Tuition Fee' does not exist!"],
      ['file', 'sent', DAY2, 3, 1, null],
      ['file', 'sent', DAY1, 3, 0, null],
    ]);
  });

  it('stops the export naming a head with no ledger, until the admin maps it; staff cannot change the mapping', async () => {
    const mapping = await admin().books.mapping({ depId: 100 });
    expect(mapping.modes).toContainEqual({ mode: 'cash', ledger: 'Cash' });
    const heads = mapping.heads.filter((x) => x.ledger !== null && x.feeHeadId !== fx.heads.exam);
    const save = {
      depId: 100 as const,
      version: mapping.version,
      company: 'St. Joseph <UG> & Co',
      costCentre: 'UG',
      refundLedger: mapping.refundLedger,
      gstLedger: mapping.gstLedger,
      heads: heads.map((x) => ({
        feeHeadId: x.feeHeadId,
        ledger: x.feeHeadId === fx.heads.tuition ? 'Tuition Fees (UG)' : x.ledger!,
      })),
      modes: mapping.modes as TSaveLedgerMappingInput['modes'],
    };
    expect((await refusal(staff().books.saveMapping(save))).code).toBe('FORBIDDEN');
    const saved = await admin().books.saveMapping(save);
    expect(saved.heads.find((x) => x.feeHeadId === fx.heads.exam)?.ledger).toBeNull();
    expect((await refusal(admin().books.saveMapping(save))).code).toBe('CONFLICT');

    await staff().receipts.create(receiptInput('2025-08-07', 100_00, fx.heads.exam, 'cash'));
    await admin().days.close({ depId: 100, date: '2025-08-07' });
    const range = { depId: 100 as const, from: '2025-08-07', to: '2025-08-07' };

    expect(await refusal(staff().books.export(range))).toEqual({
      code: 'CONFLICT',
      message: `No ledger for the fee head "Exam Fee": give each one a ledger in Ledger mapping before exporting`,
    });
    await admin().books.saveMapping({
      ...save,
      version: saved.version,
      heads: [...save.heads, { feeHeadId: fx.heads.exam, ledger: 'Examination fees' }],
    });
    const xml = (await staff().books.export(range)).xml;
    expect(parseTally(xml).company).toBe('St. Joseph <UG> & Co');
    expect(xml).toContain('<SVCURRENTCOMPANY>St. Joseph &lt;UG&gt; &amp; Co</SVCURRENTCOMPANY>');
    expect(xml).toContain('<NAME>UG</NAME>');
  });
});

describe('two exports of the same days at once', () => {
  it('sends the vouchers once: the second waits for the first and finds them exported', async () => {
    const day = '2025-08-08';
    await staff().receipts.create(receiptInput(day, 250_00, fx.heads.tuition, 'cash'));
    await admin().days.close({ depId: 100, date: day });
    const range = { depId: 100 as const, from: day, to: day };
    const both = await Promise.allSettled([staff().books.export(range), staff().books.export(range)]);
    expect(both.map((x) => x.status).sort()).toEqual(['fulfilled', 'rejected']);
    const logged = (await staff().books.exports({ depId: 100 })).filter((e) => e.dateFrom === day);
    expect(logged.map((e) => e.voucherCount)).toEqual([1]);
  });
});

describe("Tally's answer taking fewer vouchers than were sent", () => {
  it('logs nothing, so the vouchers it set aside go again, and says which ones it took', async () => {
    const day = '2025-08-09';
    await staff().receipts.create(receiptInput(day, 110_00, fx.heads.tuition, 'cash'));
    await staff().receipts.create(receiptInput(day, 120_00, fx.heads.tuition, 'cash'));
    await admin().days.close({ depId: 100, date: day });
    const range = { depId: 100 as const, from: day, to: day };
    tallyAnswer =
      '<RESPONSE><CREATED>1</CREATED><ALTERED>0</ALTERED><ERRORS>0</ERRORS><EXCEPTIONS>1</EXCEPTIONS></RESPONSE>';
    expect(await staff().books.sendToTally(range)).toMatchObject({
      exportId: null,
      message:
        'Tally refused the import (Created 1, altered 0, errors 0, exceptions 1). Nothing was recorded as exported. ' +
        'Tally did take 1 of the 2 vouchers: delete them in Tally before sending again, or they will be there twice',
    });
    expect((await staff().books.preview(range)).vouchers.map((v) => v.reason)).toEqual(['new', 'new']);
  });
});

describe('two sends to Tally at once', () => {
  const created = (n: number) =>
    `<RESPONSE><CREATED>${n}</CREATED><ALTERED>0</ALTERED><ERRORS>0</ERRORS><EXCEPTIONS>0</EXCEPTIONS></RESPONSE>`;

  it('posts once: the second is refused naming who sends since when, and the file export waits too', async () => {
    const day = '2025-08-11';
    await staff().receipts.create(receiptInput(day, 260_00, fx.heads.tuition, 'cash'));
    await admin().days.close({ depId: 100, date: day });
    const range = { depId: 100 as const, from: day, to: day };
    tallyAnswer = created(1);
    tallyDelayMs = 400;
    const posted = tallyReceived.length;
    const first = staff().books.sendToTally(range);
    const second = staff().books.sendToTally(range);
    const both = await Promise.allSettled([first, second, admin().books.export(range)]);
    tallyDelayMs = 0;
    expect(tallyReceived.length).toBe(posted + 1);
    const refused = both.filter((x) => x.status === 'rejected').map((x) => (x.reason as Error).message);
    expect(refused).toHaveLength(2);
    for (const message of refused)
      expect(message).toMatch(
        /^ug@test\.local is sending this department's books to Tally since \d\d:\d\d \(\d\d-\d\d-\d{4}\): wait for Tally's answer/,
      );
    const sent = both.find((x) => x.status === 'fulfilled') as PromiseFulfilledResult<{ message: string }>;
    expect(sent.value.message).toBe('Tally took the vouchers: Created 1, altered 0, errors 0');
    const logged = (await staff().books.exports({ depId: 100 })).filter((e) => e.dateFrom === day);
    expect(logged.map((e) => [e.via, e.status, e.voucherCount])).toEqual([['tally', 'sent', 1]]);
    expect(await refusal(staff().books.sendToTally(range))).toMatchObject({ code: 'CONFLICT' });
  });

  it("retries a send whose server died before Tally's answer once it is stale, and says to look for doubles", async () => {
    const day = '2025-08-12';
    await staff().receipts.create(receiptInput(day, 270_00, fx.heads.tuition, 'cash'));
    await admin().days.close({ depId: 100, date: day });
    const range = { depId: 100 as const, from: day, to: day };
    // A claim left behind eleven minutes ago by a server that stopped while Tally was importing.
    const claimedAt = new Date(Date.now() - 11 * 60_000).toISOString();
    await run(
      h.db,
      sql`INSERT INTO books_exports (department_id, date_from, date_to, granularity, via, status, voucher_count,
            reversal_count, exported_at)
          VALUES (100, ${day}, ${day}, 'receipt', 'tally', 'pending', 1, 0, ${claimedAt})`,
    );
    tallyAnswer = created(1);
    const sent = await staff().books.sendToTally(range);
    expect(sent.warning).toMatch(/^An earlier send of \d\d:\d\d never had Tally's answer/);
    expect(sent.message).toMatch(
      /^Tally took the vouchers: Created 1, altered 0, errors 0\. An earlier send of \d\d:\d\d never had Tally's answer/,
    );
    const logged = (await staff().books.exports({ depId: 100 })).filter((e) => e.dateFrom === day);
    expect(logged.map((e) => [e.status, e.tallyAnswer])).toEqual([
      ['sent', 'Created 1, altered 0, errors 0'],
      ['failed', "No answer recorded: the send was cut off before Tally's answer came back"],
    ]);
  });

  it('marks the send failed when Tally cannot be reached, so the days can go again', async () => {
    const day = '2025-08-13';
    await staff().receipts.create(receiptInput(day, 280_00, fx.heads.tuition, 'cash'));
    await admin().days.close({ depId: 100, date: day });
    const range = { depId: 100 as const, from: day, to: day };
    const url = process.env.TALLY_URL;
    process.env.TALLY_URL = 'http://127.0.0.1:1';
    try {
      expect((await refusal(staff().books.sendToTally(range))).message).toMatch(/^Tally did not answer at/);
    } finally {
      process.env.TALLY_URL = url;
    }
    tallyAnswer = created(1);
    expect((await staff().books.sendToTally(range)).exportId).not.toBeNull();
    const logged = (await staff().books.exports({ depId: 100 })).filter((e) => e.dateFrom === day);
    expect(logged.map((e) => e.status)).toEqual(['sent', 'failed']);
  });
});

describe('GST at two rates', () => {
  it('credits each rate to its own Output GST ledger, named after the rate until the admin renames it', async () => {
    const day = '2025-08-14';
    await taxEveryHead(h.db, 500);
    await staff().receipts.create(receiptInput(day, 1_000_00, fx.heads.tuition, 'cash', 50_00));
    await taxEveryHead(h.db, 1800);
    await staff().receipts.create(receiptInput(day, 200_00, fx.heads.tuition, 'upi', 36_00));
    const mapping = await admin().books.mapping({ depId: 100 });
    expect(mapping.gst).toEqual([{ rateBasisPoints: 1800, ledger: null }]);
    await taxEveryHead(h.db, 0);
    await admin().days.close({ depId: 100, date: day });
    const range = { depId: 100 as const, from: day, to: day };
    const gstRows = async () =>
      (await staff().books.ledger(range)).rows
        .filter((x) => x.ledger.includes('GST'))
        .map((x) => [x.ledger, x.creditPaise]);
    expect(await gstRows()).toEqual([
      ['Output GST 5%', 50_00],
      ['Output GST 18%', 36_00],
    ]);

    await admin().books.saveMapping({
      ...mapping,
      depId: 100,
      modes: mapping.modes as TSaveLedgerMappingInput['modes'],
      heads: mapping.heads.flatMap((x) => (x.ledger ? [{ feeHeadId: x.feeHeadId, ledger: x.ledger }] : [])),
      gst: [{ rateBasisPoints: 1800, ledger: 'Output IGST @ 18%' }],
    });
    expect((await admin().books.mapping({ depId: 100 })).gst).toEqual([
      { rateBasisPoints: 1800, ledger: 'Output IGST @ 18%' },
    ]);
    expect(await gstRows()).toEqual([
      ['Output GST 5%', 50_00],
      ['Output IGST @ 18%', 36_00],
    ]);
    expect(
      await refusal(
        admin().books.saveMapping({
          ...mapping,
          depId: 100,
          version: mapping.version + 1,
          modes: [],
          heads: [],
          gst: [{ rateBasisPoints: 0, ledger: 'Nil' }],
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Choose a GST rate above 0%') });
  });
});

describe("the mapping's choice of vouchers", () => {
  it('makes one voucher per day and mode, a row per head, once the admin chooses it', async () => {
    const day = '2025-08-15';
    await staff().receipts.create(receiptInput(day, 100_00, fx.heads.tuition, 'cash'));
    await staff().receipts.create(receiptInput(day, 200_00, fx.heads.exam, 'cash'));
    const upi = (await staff().receipts.create(receiptInput(day, 300_00, fx.heads.tuition, 'upi'))).number;
    await admin().days.close({ depId: 100, date: day });
    const range = { depId: 100 as const, from: day, to: day };
    expect((await staff().books.ledger(range)).vouchers).toHaveLength(3);

    const mapping = await admin().books.mapping({ depId: 100 });
    expect(mapping.granularity).toBe('receipt');
    await admin().books.saveMapping({
      ...mapping,
      depId: 100,
      granularity: 'day',
      modes: mapping.modes as TSaveLedgerMappingInput['modes'],
      heads: mapping.heads.flatMap((x) => (x.ledger ? [{ feeHeadId: x.feeHeadId, ledger: x.ledger }] : [])),
      gst: mapping.gst.flatMap((g) => (g.ledger ? [{ rateBasisPoints: g.rateBasisPoints, ledger: g.ledger }] : [])),
    });
    const ledger = await staff().books.ledger(range);
    expect(ledger.rows.map((x) => [x.voucherNumber, x.ledger, x.debitPaise, x.creditPaise])).toEqual([
      ['DR20250815-CASH', 'Cash', 300_00, 0],
      ['DR20250815-CASH', 'Tuition Fees (UG)', 0, 100_00],
      ['DR20250815-CASH', 'Examination fees', 0, 200_00],
      ['DR20250815-UPI', 'Bank', 300_00, 0],
      ['DR20250815-UPI', 'Tuition Fees (UG)', 0, 300_00],
    ]);
    expect(ledger.vouchers[1]!.narration).toBe(
      `Fees received in UPI on 15-08-2025: 1 receipt(s), #000${upi} to #000${upi}`,
    );
    const exported = await staff().books.export(range);
    expect(parseTally(exported.xml).vouchers.map((v: { number: string }) => v.number)).toEqual([
      'DR20250815-CASH',
      'DR20250815-UPI',
    ]);
    expect((await staff().books.exports({ depId: 100 }))[0]).toMatchObject({ granularity: 'day', dateFrom: day });
  });
});

describe("a sponsor's receipt", () => {
  it('is a Receipt voucher of its own (SP series) crediting the heads it paid, and joins its mode by day', async () => {
    const day = '2025-08-20';
    const sponsorId = (await staff().sponsors.create({ name: 'Mar Thoma Trust', kind: 'trust' } as never)).id;
    await staff().sponsors.cover({
      depId: 100,
      sponsorId,
      studentId: fx.ug.studentId,
      feeHeadId: fx.heads.tuition,
      amount: '1000',
      date: '2025-07-01',
    } as never);
    const sp = await staff().sponsors.receipt({
      depId: 100,
      sponsorId,
      date: day,
      mode: 'bank_transfer',
      reference: 'NEFT 4471',
      allocations: [{ studentId: fx.ug.studentId, feeHeadId: fx.heads.tuition, amount: '1000' }],
    } as never);
    await staff().receipts.create(receiptInput(day, 200_00, fx.heads.exam, 'bank_transfer'));
    await admin().days.close({ depId: 100, date: day });
    const range = { depId: 100 as const, from: day, to: day };
    const byReceipt = await staff().books.ledger({ ...range, granularity: 'receipt' });
    const label = `SP${sp.number}`;
    expect(
      byReceipt.rows
        .filter((x) => x.voucherNumber === label)
        .map((x) => [x.voucherType, x.ledger, x.debitPaise, x.creditPaise, x.narration]),
    ).toEqual([
      ['Receipt', 'Bank', 1_000_00, 0, `Sponsor receipt ${label}: Mar Thoma Trust`],
      ['Receipt', 'Tuition Fees (UG)', 0, 1_000_00, `Sponsor receipt ${label}: Mar Thoma Trust`],
    ]);
    // By day, the day's transfers are one voucher whose debit is the day book's transfers, the sponsor's among them.
    const byDay = await staff().books.ledger({ ...range, granularity: 'day' });
    const book = await staff().reports.dayBook({ depId: 100, date: day });
    const transfers = book.byUser.reduce((sum, u) => sum + u.byModePaise.bank, 0);
    expect(byDay.rows.filter((x) => x.ledger === 'Bank').map((x) => x.debitPaise)).toEqual([transfers]);
    expect(transfers).toBe(1_200_00);

    const exported = await staff().books.export({ ...range, granularity: 'receipt' });
    await expect(exported.xml).toMatchFileSnapshot('../../domain/books/golden/sponsor-receipt.xml');
    expect(parseTally(exported.xml).vouchers.map((v) => [v.type, v.number, v.rows])).toEqual([
      [
        'Receipt',
        expect.stringMatching(/^#\d+$/),
        [
          ['Bank', 200_00],
          ['Examination fees', -200_00],
        ],
      ],
      [
        'Receipt',
        label,
        [
          ['Bank', 1_000_00],
          ['Tuition Fees (UG)', -1_000_00],
        ],
      ],
    ]);
  });
});
