import { auditLog, type Database, receiptPayments, receiptTotalsDrift, receipts } from '@fees/db';
import { COUNTER_PAYMENT_MODES, paiseToRupeesText, type TCreateReceiptInput } from '@fees/validation';
import { Random } from '@fees/validation/testing';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fieldRefusal as refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';

const r = paiseToRupeesText;
const DAY = '2025-08-01';

const h = useHarness();
const fx = useFixture(h);

type Part = { mode: (typeof COUNTER_PAYMENT_MODES)[number]; paise: number };

/** The part's reference or cheque as a clerk types it. */
function details(mode: string, i: number) {
  if (mode === 'cash') return {};
  if (mode === 'cheque' || mode === 'dd') return { bank: 'Canara Bank', instrumentNo: `00${i}77`, instrumentDate: DAY };
  return { paymentReference: `REF-${mode}-${i}` };
}

/** A tuition receipt for the UG student paid in the given parts (paise), no GST. */
function splitInput(parts: Part[], extra: Partial<Record<keyof TCreateReceiptInput, unknown>> = {}) {
  const net = parts.reduce((sum, p) => sum + p.paise, 0);
  return {
    depId: 100,
    studentId: fx.ug.studentId,
    date: DAY,
    items: [{ feeHeadId: fx.heads.tuition, particulars: 'Split', amount: r(net) }],
    payments: parts.map((p, i) => ({ paymentMode: p.mode, amount: r(p.paise), ...details(p.mode, i) })),
    total: r(net),
    tax: '0',
    net: r(net),
    confirm: true,
    allowOverpayment: true,
    ...extra,
  } as TCreateReceiptInput;
}

async function written(db: Database) {
  return {
    receipts: (await db.select({ n: count() }).from(receipts))[0]!.n,
    parts: (await db.select({ n: count() }).from(receiptPayments))[0]!.n,
    audit: (await db.select({ n: count() }).from(auditLog))[0]!.n,
  };
}

const staff = () => h.caller('ugStaff');
const dayBook = async () => (await staff().reports.dayBook({ depId: 100, date: DAY })).byUser[0];
const collections = () => staff().reports.collections({ depId: 100, from: DAY, to: DAY });

describe('a receipt paid in several modes', () => {
  it('is saved with each part, printed with each, and counted under each mode in the day book and collections', async () => {
    const saved = await staff().receipts.create(
      splitInput([
        { mode: 'cash', paise: 10_000_00 },
        { mode: 'upi', paise: 2_500_00 },
      ]),
    );
    expect(saved.netPaise).toBe(12_500_00);
    const view = await staff().receipts.byNumber({ number: saved.number });
    expect(view.payments.map((p) => [p.paymentMode, p.amountPaise, p.paymentReference])).toEqual([
      ['cash', 10_000_00, null],
      ['upi', 2_500_00, 'REF-upi-1'],
    ]);
    // The paths that know one mode see the largest part.
    expect([view.receipt.paymentMode, view.receipt.paymentReference]).toEqual(['cash', null]);
    const listed = await staff().reports.receiptsBetweenDates({ depId: 100, from: DAY, to: DAY });
    expect(listed.rows.find((r) => r.number === saved.number)).toMatchObject({
      paymentMode: 'cash',
      paymentModes: ['cash', 'upi'],
    });

    const book = await dayBook();
    expect(book).toMatchObject({ receipts: 1, totalPaise: 12_500_00 });
    expect(book?.byModePaise).toMatchObject({ cash: 10_000_00, upi: 2_500_00, cheque: 0 });

    const report = await collections();
    const totals = report.departments[0]!;
    expect(totals.byMode).toEqual([
      { mode: 'cash', count: 1, netPaise: 10_000_00 },
      { mode: 'upi', count: 1, netPaise: 2_500_00 },
    ]);
    expect([totals.count, totals.netPaise, totals.headsPaise]).toEqual([1, 12_500_00, 12_500_00]);

    const dashboard = await h.caller('admin').admin.dashboard();
    const ug = dashboard.departments.find((d) => d.depId === 100)!;
    expect(ug.receiptCount).toBe(2); // the fixture's receipt and this one, each once
    expect(await receiptTotalsDrift(h.db)).toEqual([]);
  });

  it('puts the cheque part on the cheques screen with its own amount, and in the day book as cheque', async () => {
    const saved = await staff().receipts.create(
      splitInput([
        { mode: 'cash', paise: 3_000_00 },
        { mode: 'cheque', paise: 7_000_00 },
        { mode: 'card', paise: 500_00 },
      ]),
    );
    const cheques = await staff().cheques.list({ depId: 100 });
    expect(cheques.map((c) => [c.receiptNumber, c.paymentMode, c.netPaise, c.instrumentNo])).toEqual([
      [saved.number, 'cheque', 7_000_00, '00177'],
    ]);
    const book = await staff().reports.dayBook({ depId: 100, date: DAY });
    expect(book.byUser[0]?.byModePaise).toMatchObject({ cash: 3_000_00, cheque: 7_000_00, card: 500_00 });
    expect(book.cheques.received).toEqual({ count: 1, amountPaise: 7_000_00 });
    const view = await staff().receipts.byNumber({ number: saved.number });
    expect(view.receipt.paymentMode).toBe('cheque');
    expect(view.receipt.bank).toBe('Canara Bank');
  });

  it('moves every figure when edited to other parts, and takes them all away when voided', async () => {
    const saved = await staff().receipts.create(
      splitInput([
        { mode: 'cash', paise: 4_000_00 },
        { mode: 'upi', paise: 1_000_00 },
      ]),
    );
    const edit = (parts: Part[], version: number) =>
      staff().receipts.update({ ...splitInput(parts), number: saved.number, version });
    await edit(
      [
        { mode: 'upi', paise: 3_000_00 },
        { mode: 'bank_transfer', paise: 2_500_00 },
      ],
      1,
    );
    expect((await dayBook())?.byModePaise).toMatchObject({ cash: 0, upi: 3_000_00, bank: 2_500_00 });
    expect((await collections()).departments[0]!.byMode).toEqual([
      { mode: 'bank_transfer', count: 1, netPaise: 2_500_00 },
      { mode: 'upi', count: 1, netPaise: 3_000_00 },
    ]);
    const [update] = await h.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, String(saved.number))));
    expect(JSON.parse(update!.after!).payments).toEqual([
      { paymentMode: 'upi', paymentReference: 'REF-upi-0', amountPaise: 3_000_00, taxPaise: 0 },
      { paymentMode: 'bank_transfer', paymentReference: 'REF-bank_transfer-1', amountPaise: 2_500_00, taxPaise: 0 },
    ]);

    // Back to one mode: exactly as a receipt that never was split.
    await staff().receipts.update({
      ...splitInput([{ mode: 'cash', paise: 5_000_00 }]),
      payments: undefined,
      paymentMode: 'cash',
      number: saved.number,
      version: 2,
    });
    expect((await staff().receipts.byNumber({ number: saved.number })).payments).toEqual([
      { partNo: 1, paymentMode: 'cash', paymentReference: null, amountPaise: 5_000_00, taxPaise: 0 },
    ]);
    expect((await dayBook())?.byModePaise).toMatchObject({ cash: 5_000_00, upi: 0, bank: 0 });

    await staff().receipts.void({ number: saved.number, version: 3, reason: 'Wrong student' });
    expect(await dayBook()).toBeUndefined();
    expect((await collections()).departments[0]!.byMode).toEqual([]);
    expect(await receiptTotalsDrift(h.db)).toEqual([]);
  });

  it('is written once for one idempotency key, however often the form sends it', async () => {
    const input = splitInput(
      [
        { mode: 'cash', paise: 600_00 },
        { mode: 'upi', paise: 400_00 },
      ],
      { idempotencyKey: 'split-0001-aaaa' },
    );
    const first = await staff().receipts.create(input);
    const before = await written(h.db);
    const again = await staff().receipts.create(input);
    expect(again).toEqual(first);
    expect(await written(h.db)).toEqual(before);
    expect((await dayBook())?.byModePaise).toMatchObject({ cash: 600_00, upi: 400_00 });
  });

  it('refuses parts that do not add up to the net, naming the field, and writes nothing', async () => {
    const before = await written(h.db);
    const wrong = splitInput([
      { mode: 'cash', paise: 1_000_00 },
      { mode: 'upi', paise: 500_00 },
    ]);
    const refused = await refusal(staff().receipts.create({ ...wrong, net: '1400.00', total: '1400.00' }));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.fields.payments).toBe('The modes add up to Rs 1,500.00; the net amount is Rs 1,400.00');
    expect(await written(h.db)).toEqual(before);
  });

  it('refuses a mode given twice, advance with another mode, two cheques, and both ways of paying at once', async () => {
    const field = async (input: TCreateReceiptInput) => (await refusal(staff().receipts.create(input))).fields;
    expect(
      await field(
        splitInput([
          { mode: 'upi', paise: 100_00 },
          { mode: 'upi', paise: 200_00 },
        ]),
      ),
    ).toMatchObject({ 'payments.1.paymentMode': 'UPI is given twice: one part per mode' });
    expect(
      await field(
        splitInput([
          { mode: 'cheque', paise: 100_00 },
          { mode: 'dd', paise: 200_00 },
        ]),
      ),
    ).toMatchObject({ 'payments.1.paymentMode': 'One cheque or draft per receipt' });
    const advance = splitInput([{ mode: 'cash', paise: 100_00 }]);
    advance.payments!.push({ paymentMode: 'advance', amount: 100_00, paymentReference: null });
    expect(await field(advance)).toMatchObject({
      'payments.1.paymentMode': 'Adjusted from advance cannot be combined with other modes',
    });
    expect(await field({ ...splitInput([{ mode: 'upi', paise: 100_00 }]), paymentMode: 'cash' })).toMatchObject({
      payments: 'Give the payment either as one mode or as parts, not both',
    });
    expect(
      await field(splitInput([{ mode: 'upi', paise: 100_00 }], { payments: [{ paymentMode: 'upi', amount: '100' }] })),
    ).toMatchObject({ 'payments.0.paymentReference': 'Reference number is required unless paid in cash' });
  });

  it('sum of parts by mode over random receipts equals the day book and collections per mode', async () => {
    const random = new Random(31);
    const expected = new Map<string, number>();
    const add = (mode: string, paise: number) => expected.set(mode, (expected.get(mode) ?? 0) + paise);
    add('cash', 10_000_00); // the fixture's receipt
    for (let i = 0; i < 12; i++) {
      const left = COUNTER_PAYMENT_MODES.filter((m) => m !== 'dd');
      const modes = Array.from({ length: random.int(1, 3) }, () => left.splice(random.int(0, left.length - 1), 1)[0]!);
      const parts = modes.map((mode) => ({ mode, paise: random.int(1, 50_000) * 100 + random.int(0, 99) }));
      const saved = await staff().receipts.create(splitInput(parts));
      if (random.int(0, 4) === 0) {
        await staff().receipts.void({ number: saved.number, version: 1, reason: 'Random void' });
        continue;
      }
      for (const p of parts) add(p.mode, p.paise);
    }
    const figures = await staff().reports.dayBook({ depId: 100, date: DAY });
    const book = figures.byUser.find((u) => u.email === 'ug@test.local')!.byModePaise;
    const fixtureDay = await staff().reports.dayBook({ depId: 100, date: '2025-07-01' });
    const cashBefore = fixtureDay.byUser[0]?.byModePaise.cash ?? 0;
    expect({ ...book, cash: book.cash + cashBefore }).toEqual({
      cash: expected.get('cash') ?? 0,
      upi: expected.get('upi') ?? 0,
      cheque: expected.get('cheque') ?? 0,
      bank: expected.get('bank_transfer') ?? 0,
      card: expected.get('card') ?? 0,
      online: 0,
      advance: 0,
    });
    const report = await staff().reports.collections({ depId: 100, from: '2025-07-01', to: DAY });
    expect(Object.fromEntries(report.departments[0]!.byMode.map((m) => [m.mode, m.netPaise]))).toEqual(
      Object.fromEntries([...expected].filter(([, paise]) => paise > 0).sort(([a], [b]) => a.localeCompare(b))),
    );
    expect(await receiptTotalsDrift(h.db)).toEqual([]);
  });
});
