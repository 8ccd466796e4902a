/**
 * Gateway settlements against a local stand-in of Razorpay's settlement reconciliation API (the
 * documented sample and settlements the test makes): each settled payment matched to its online
 * receipt, the totals per settlement, fetching twice adding nothing, every exception, the report file
 * uploaded with its per-row errors, and the gateway down.
 */
import { settlementLines } from '@fees/db';
import { addDays, SETTLEMENT_LINE_STATES } from '@fees/money';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { today } from '../../config';
import { createContextInner } from '../../context';
import { createCaller } from '../../routers/_app';
import { useFixture, useHarness } from '../../test/use-harness';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  type RazorpayStandIn,
  RECON_SAMPLE,
  standInFee,
  startRazorpayStandIn,
} from '../../test/razorpay';
import { parseTally } from '../../test/tally';
import { RazorpayGateway } from '../payments/razorpay';
import type { PaymentsSetup } from '../payments/setup';

const h = useHarness();
const fx = useFixture(h);

/** The fixture's UG student owes 14,000.00. */
const DUES = 14_000_00;
/** The documented sample's settlement day (India). */
const SAMPLE_DAY = '2019-09-11';

let razorpay: RazorpayStandIn;
let setup: PaymentsSetup;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  setup = {
    gateway: new RazorpayGateway({
      keyId: RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_WEBHOOK_SECRET,
      apiBase: razorpay.url,
    }),
    returnOrigin: null,
  };
});
afterAll(() => razorpay.close());
beforeEach(() => {
  razorpay.down = false;
  razorpay.settled.splice(RECON_SAMPLE.items.length);
});

function as(who: 'ugStaff' | 'pgStaff' | 'admin' = 'ugStaff', payments: PaymentsSetup | null = setup) {
  return createCaller(createContextInner({ db: h.db, session: h.sessions[who], ip: '127.0.0.1', payments }));
}

/** A link for the dues paid at the stand-in and polled into a receipt: the payment. */
async function paidOnline(at?: Date) {
  const link = await as().payments.createLink({ depId: 100, studentId: fx.ug.studentId });
  const gatewayLink = [...razorpay.links.values()].find((l) => l.short_url === link.url)!;
  const payment = razorpay.pay(gatewayLink.id, { at });
  const polled = await as().payments.refresh({ depId: 100 });
  expect(polled).toMatchObject({ receipts: 1 });
  return payment;
}

describe('fetched from the gateway', () => {
  it('matches a settled payment to its receipt and shows gross, fee, GST and net with the UTR', async () => {
    const payment = await paidOnline();
    const settled = razorpay.settle([payment]);
    const day = today();
    const fetched = await as().settlements.fetch({ from: day, to: day });
    expect(fetched).toMatchObject({ lines: 1, added: 1, alreadyKept: 0, settlements: 1 });

    const view = await as('pgStaff').settlements.list({ from: day, to: day });
    const { fee, tax } = standInFee(DUES);
    expect(view.settlements).toHaveLength(1);
    // 14,000.00 at 2% is 280.00, GST 18% on it 50.40: 13,669.60 reaches the bank.
    expect(view.settlements[0]).toMatchObject({
      settlementId: settled.settlementId,
      utr: settled.utr,
      grossPaise: DUES,
      feePaise: 280_00,
      taxPaise: 50_40,
      netPaise: DUES - fee,
    });
    expect(fee - tax).toBe(280_00);
    // PG's staff see the settlement whole, and UG's receipt in it by its department alone.
    expect(view.settlements[0]!.lines[0]).toMatchObject({
      entityId: payment.payment_id,
      state: 'matched',
      receipt: null,
      otherDepartment: 'UG',
    });
    expect((await as('ugStaff').settlements.list({ from: day, to: day })).settlements[0]!.lines[0]).toMatchObject({
      state: 'matched',
      receipt: { admissionNo: 'UG-001', amountPaise: DUES },
      otherDepartment: null,
    });
    expect(view.exceptions).toEqual([]);
  });

  it('fetching the same period twice adds nothing', async () => {
    razorpay.settle([await paidOnline()]);
    const day = today();
    await as().settlements.fetch({ from: day, to: day });
    const again = await as('admin').settlements.fetch({ from: day, to: day });
    expect(again).toMatchObject({ lines: 1, added: 0, alreadyKept: 1 });
    expect(await h.db.select().from(settlementLines)).toHaveLength(1);
  });

  it("reads the documented sample's day: a payment with no receipt, a refund, a transfer and an adjustment", async () => {
    await as().settlements.fetch({ from: SAMPLE_DAY, to: SAMPLE_DAY });
    const view = await as().settlements.list({ from: SAMPLE_DAY, to: SAMPLE_DAY });
    const [s] = view.settlements;
    // 1,000.00 - 2,425.00 - 1,000.00 + 10.12 gross; fees 29.00 and 2.50 (2.96 less its 0.46 GST).
    expect(s).toMatchObject({
      settlementId: 'setl_DGlQ1Rj8os78Ec',
      utr: '1568176960vxp0rj',
      grossPaise: -2_414_88,
      feePaise: 31_50,
      taxPaise: 46,
      netPaise: 97_100 - 242_500 - 100_296 + 1_012,
    });
    expect(s!.grossPaise - s!.feePaise - s!.taxPaise).toBe(s!.netPaise);
    expect(s!.lines.map((l) => l.state)).toEqual(['no_receipt', 'not_a_payment', 'not_a_payment', 'not_a_payment']);
    expect(view.exceptions).toHaveLength(1);
    expect(view.exceptions[0]).toMatchObject({ kind: 'no_receipt', paymentId: 'pay_DEXrnipqTmWVGE' });
    expect(view.exceptions[0]!.happened).toContain('no receipt has this payment as its reference');
  });

  it('flags a settled amount that differs from the receipt', async () => {
    const payment = await paidOnline();
    razorpay.settle([{ payment_id: payment.payment_id, amount: DUES + 100 }]);
    const day = today();
    await as().settlements.fetch({ from: day, to: day });
    const view = await as().settlements.list({ from: day, to: day });
    expect(view.settlements[0]!.lines[0]!.state).toBe('amount_differs');
    expect(view.exceptions).toEqual([
      expect.objectContaining({ kind: 'amount_differs', paymentId: payment.payment_id, amountPaise: DUES + 100 }),
    ]);
    expect(view.exceptions[0]!.happened).toContain('says 14,000.00 was paid online');
  });

  it('flags an online receipt no settlement holds after 3 working days, and not one still within them', async () => {
    const old = await paidOnline(new Date(Date.now() - 10 * 86_400_000));
    const from = addDays(today(), -15);
    const view = await as().settlements.list({ from, to: today() });
    expect(view.exceptions).toEqual([
      expect.objectContaining({ kind: 'not_settled', paymentId: old.payment_id, amountPaise: DUES }),
    ]);
    expect(view.exceptions[0]!.happened).toMatch(/no settlement fetched holds it; it was due by/);
    razorpay.settle([old]);
    await as().settlements.fetch({ from: today(), to: today() });
    expect((await as().settlements.list({ from, to: today() })).exceptions).toEqual([]);
  });

  it("matches a period's settlement to an earlier receipt, and a period's receipt to a later settlement", async () => {
    const old = await paidOnline(new Date(Date.now() - 10 * 86_400_000));
    razorpay.settle([old]);
    await as().settlements.fetch({ from: today(), to: today() });
    const view = await as().settlements.list({ from: today(), to: today() });
    expect(view.settlements[0]!.lines).toEqual([
      expect.objectContaining({
        entityId: old.payment_id,
        state: 'matched',
        receipt: expect.objectContaining({ admissionNo: 'UG-001', amountPaise: DUES }),
      }),
    ]);
    expect(view.exceptions).toEqual([]);
    // The receipt's own days: no settlement made then, and the receipt is not unsettled.
    const receiptDays = await as().settlements.list({ from: addDays(today(), -12), to: addDays(today(), -8) });
    expect(receiptDays.settlements).toEqual([]);
    expect(receiptDays.exceptions).toEqual([]);
  });

  it('says the payment exceptions list holds a settled payment that could not become a receipt', async () => {
    const link = await as().payments.createLink({ depId: 100, studentId: fx.ug.studentId, amount: '5000.00' });
    const gatewayLink = [...razorpay.links.values()].find((l) => l.short_url === link.url)!;
    const payment = razorpay.pay(gatewayLink.id, { amount: 5_000_01 });
    await as().payments.refresh({ depId: 100 });
    razorpay.settle([payment]);
    await as().settlements.fetch({ from: today(), to: today() });
    const view = await as().settlements.list({ from: today(), to: today() });
    expect(view.exceptions[0]).toMatchObject({ kind: 'no_receipt', paymentId: payment.payment_id });
    expect(view.exceptions[0]!.happened).toContain(
      'on the payment exceptions list (Rs 5,000.01 paid on a link of Rs 5,000.00)',
    );
  });

  it('the gateway down: a clear 503 and nothing saved; no gateway set up: said so', async () => {
    razorpay.settle([await paidOnline()]);
    razorpay.down = true;
    await expect(as().settlements.fetch({ from: today(), to: today() })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('Razorpay could not send its settlements'),
    });
    expect(await h.db.select().from(settlementLines)).toHaveLength(0);
    await expect(as('ugStaff', null).settlements.fetch({ from: today(), to: today() })).rejects.toThrow(
      /Online payments are not set up/,
    );
  });

  it('refuses a period past 31 days or backwards, naming the field', async () => {
    await expect(as().settlements.fetch({ from: '2026-01-01', to: '2026-03-01' })).rejects.toThrow(/at most 31 days/);
    await expect(as().settlements.list({ from: '2026-03-01', to: '2026-01-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

const REPORT_HEADER =
  'entity_id,type,debit,credit,amount,currency,fee,tax,on_hold,settled,created_at,settled_at,settlement_id,' +
  'posted_at,credit_type,description,notes,payment_id,settlement_utr,order_id';
const report = (rows: string[]) => ({
  fileName: 'settlement-report.csv',
  fileBase64: Buffer.from([REPORT_HEADER, ...rows].join('\n')).toString('base64'),
});

describe('the settlement report file', () => {
  it('previews and imports the rows, once, and matches them like fetched ones', async () => {
    const payment = await paidOnline();
    const { fee, tax } = standInFee(DUES);
    const rupees = (p: number) => (p / 100).toFixed(2);
    const day = today().split('-').reverse().join('/');
    const file = report([
      `${payment.payment_id},payment,0,${rupees(DUES - fee)},${rupees(DUES)},INR,${rupees(fee)},${rupees(tax)},0,1,` +
        `${day} 09:00:00,${day} 10:30:00,setl_FILE1,,default,,,,UTRFILE1,`,
    ]);
    const preview = await as().settlements.previewReport(file);
    expect(preview).toMatchObject({ lineCount: 1, newCount: 1, alreadyKept: 0, problemCount: 0 });
    expect(preview.settlements[0]).toMatchObject({ grossPaise: DUES, netPaise: DUES - fee, utr: 'UTRFILE1' });
    expect(await as().settlements.importReport(file)).toMatchObject({ added: 1 });
    expect(await as().settlements.importReport(file)).toMatchObject({ added: 0, alreadyKept: 1 });
    const view = await as().settlements.list({ from: today(), to: today() });
    expect(view.settlements[0]!.lines[0]).toMatchObject({ state: 'matched', source: 'file' });
  });

  it('names each row it cannot read and imports nothing from such a file', async () => {
    const file = report([
      'pay_ROW2,payment,0,97.10,100.00,INR,2.90,0,0,1,,11/09/2019 10:12:40,setl_X,,default,,,,UTRX,',
      'pay_ROW3,payment,0,99.00,100.00,INR,2.90,0,0,1,,11/09/2019 10:12:40,setl_X,,default,,,,UTRX,',
      'pay_ROW4,payment,0,abc,100.00,INR,2.90,0,0,1,,11/09/2019 10:12:40,setl_X,,default,,,,UTRX,',
      'pay_ROW5,payment,0,97.10,100.00,INR,2.90,0,0,1,,someday,setl_X,,default,,,,UTRX,',
    ]);
    const preview = await as().settlements.previewReport(file);
    expect(preview.lineCount).toBe(1);
    expect(preview.problems.map((p) => p.message)).toEqual([
      'Row 3: pay_ROW3: the credit or debit is not the amount less the fee and its tax',
      'Row 4: credit "abc" is not an amount in rupees',
      'Row 5: settled_at "someday" is not a date and time',
    ]);
    await expect(as().settlements.importReport(file)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Row 3'),
    });
    expect(await h.db.select().from(settlementLines)).toHaveLength(0);
    await expect(as().settlements.previewReport({ ...report([]), fileBase64: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('on the bank statement', () => {
  it("a credit of a settlement's net with its UTR is matched to the settlement, once", async () => {
    const payment = await paidOnline();
    const settled = razorpay.settle([payment]);
    await as().settlements.fetch({ from: today(), to: today() });
    const rupees = (settled.netPaise / 100).toFixed(2);
    const statement = (name: string) => ({
      depId: 100,
      bankAccount: 'SBI current 8901',
      fileName: name,
      fileBase64: Buffer.from(
        `Date,Narration,Credit\n${today()},NEFT RAZORPAY SOFTWARE ${settled.utr},${rupees}\n` +
          `${today()},NEFT RAZORPAY SOFTWARE AGAIN,${rupees}\n`,
      ).toString('base64'),
      mapping: { date: 'Date', narration: 'Narration', credit: 'Credit', reference: null, debit: null, balance: null },
    });
    const { statementId } = await as().reconciliation.import(statement('june.csv'));
    const view = await as().reconciliation.statement({ depId: 100, statementId });
    expect(view.lines.map((l) => [l.state, l.matchRule, l.settlementId])).toEqual([
      ['matched', 'settlement', settled.settlementId],
      ['unmatched', null, null],
    ]);
    expect(view.totals.matched).toEqual({ count: 1, amountPaise: settled.netPaise });
    const listed = await as().settlements.list({ from: today(), to: today() });
    expect(listed.settlements[0]!.bankLine).toMatchObject({ statementId, date: today() });
    // Reopened, the settlement is free for another line.
    await as().reconciliation.reopen({ depId: 100, lineId: view.lines[0]!.id, version: view.lines[0]!.version });
    expect((await as().settlements.list({ from: today(), to: today() })).settlements[0]!.bankLine).toBeNull();
  });
});

describe('in the books', () => {
  it("books the department's part of a settlement as a Journal on its day: the bank, the fee and its GST", async () => {
    const payment = await paidOnline();
    // One settlement with the UG payment (fee 333.33 with its GST 50.85) and a payment no receipt holds.
    const settled = razorpay.settle([payment, { payment_id: 'pay_NOTOURS01', amount: 7_77 }], {
      fees: { [payment.payment_id]: { fee: 333_33, tax: 50_85 } },
    });
    await as().settlements.fetch({ from: today(), to: today() });
    await as('admin').days.close({ depId: 100, date: today() });
    const range = { depId: 100 as const, from: today(), to: today() };
    // A new installation books Online to the gateway's clearing ledger; without it the export stops naming the mode.
    const mapping = await as('admin').books.mapping({ depId: 100 });
    expect(mapping.modes).toContainEqual({ mode: 'online', ledger: 'Razorpay clearing' });
    const save = (modes: typeof mapping.modes) =>
      as('admin').books.saveMapping({
        ...mapping,
        version: undefined,
        depId: 100,
        modes: modes as never,
        heads: mapping.heads.flatMap((x) => (x.ledger ? [{ feeHeadId: x.feeHeadId, ledger: x.ledger }] : [])),
        gst: [],
      });
    await save(mapping.modes.filter((m) => m.mode !== 'online'));
    expect(
      await as()
        .books.ledger(range)
        .catch((e: Error) => e.message),
    ).toBe('No ledger for the payment mode "Online": give each one a ledger in Ledger mapping before exporting');
    await save(mapping.modes);
    const ledger = await as().books.ledger(range);
    const rows = ledger.rows.map((x) => [x.voucherType, x.voucherNumber, x.ledger, x.debitPaise, x.creditPaise]);
    // 14,000.00 less the fee 282.48 and its GST 50.85: 13,666.67 reached the bank.
    expect(rows.filter(([type]) => type === 'Journal')).toEqual([
      ['Journal', `GS-${settled.utr}`, 'Bank', 13_666_67, 0],
      ['Journal', `GS-${settled.utr}`, 'Payment gateway charges', 282_48, 0],
      ['Journal', `GS-${settled.utr}`, 'Input GST', 50_85, 0],
      ['Journal', `GS-${settled.utr}`, 'Razorpay clearing', 0, DUES],
    ]);
    expect(rows.filter(([, , name]) => name === 'Razorpay clearing').map(([, , , dr, cr]) => [dr, cr])).toEqual([
      [DUES, 0],
      [0, DUES],
    ]);
    expect(ledger.totals.debitPaise).toBe(ledger.totals.creditPaise);
    // PG has none of it: its books hold no payment of the settlement.
    await as('admin').days.close({ depId: 101, date: today() });
    expect((await as('admin').books.ledger({ ...range, depId: 101 })).vouchers).toEqual([]);

    // Renamed by the admin, the charges go to the CA's ledgers; the same Journal whichever vouchers are chosen.
    const renamed = await as('admin').books.mapping({ depId: 100 });
    await as('admin').books.saveMapping({
      ...renamed,
      depId: 100,
      granularity: 'day',
      modes: renamed.modes as never,
      heads: renamed.heads.flatMap((x) => (x.ledger ? [{ feeHeadId: x.feeHeadId, ledger: x.ledger }] : [])),
      gst: [],
      gateway: { charges: 'Bank charges - Razorpay', inputGst: 'Input IGST 18%', bank: 'SBI current 8901' },
    });
    const exported = await as().books.export(range);
    const parsed = parseTally(exported.xml);
    const journal = parsed.vouchers.find((v) => v.type === 'Journal')!;
    expect(journal.rows).toEqual([
      ['SBI current 8901', 13_666_67],
      ['Bank charges - Razorpay', 282_48],
      ['Input IGST 18%', 50_85],
      ['Razorpay clearing', -DUES],
    ]);
    // The golden file with the day, settlement id and UTR (new on every run) written as names.
    const golden = exported.xml
      .replaceAll(settled.utr, 'UTR')
      .replaceAll(settled.settlementId, 'setl_ID')
      .replaceAll(today().replaceAll('-', ''), 'DAY')
      .replaceAll(today().split('-').reverse().join('-'), 'DAY');
    await expect(golden).toMatchFileSnapshot('../books/golden/gateway-settlement.xml');
  });
});

describe('properties', () => {
  it('every fetched line is in exactly one state and each settlement adds up', async () => {
    const payments = [await paidOnline()];
    razorpay.settle(payments, { fees: { [payments[0]!.payment_id]: { fee: 333_33, tax: 50_85 } } });
    razorpay.settle([{ payment_id: 'pay_NOTOURS01', amount: 7_77 }]);
    await as().settlements.fetch({ from: today(), to: today() });
    const view = await as().settlements.list({ from: today(), to: today() });
    const lines = view.settlements.flatMap((s) => s.lines);
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(SETTLEMENT_LINE_STATES.filter((s) => s === l.state)).toHaveLength(1);
    expect(Object.values(view.stateCounts).reduce((a, b) => a + b, 0)).toBe(lines.length);
    for (const s of view.settlements) expect(s.grossPaise - s.feePaise - s.taxPaise).toBe(s.netPaise);
  });
});
