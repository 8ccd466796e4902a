import { auditLog, cheques, findFeeHeadByName, receipts } from '@fees/db';
import { CHEQUE_BOUNCE_HEAD, type TSavePlanInput } from '@fees/validation';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal';
import { type ReceiptLine, receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
let bounceHead: number;
beforeEach(async () => {
  bounceHead = (await findFeeHeadByName(h.db, { name: CHEQUE_BOUNCE_HEAD }))!.id;
});

const rs = (rupees: number) => Math.round(rupees * 100);

/** PG's Tuition Fee 30,000 in three terms with a fine of 10.00 a day (cap 500.00) after 5 days' grace. */
function pgPlan(): TSavePlanInput {
  return {
    depId: 101,
    batchId: fx.pg.batchId,
    fineRule: { type: 'per_day', perDayPaise: rs(10), capPaise: rs(500), graceDays: 5 },
    instalments: ['2026-06-10', '2026-09-10', '2026-12-10'].map((dueDate, i) => ({
      name: `Term ${i + 1}`,
      dueDate,
      fineRule: null,
      amounts: [{ feeHeadId: fx.heads.tuition, amountPaise: rs(10000) }],
    })),
  };
}

type Mode =
  | { paymentMode: 'cash' }
  | { paymentMode: 'cheque' | 'dd'; bank: string; instrumentNo: string; instrumentDate: string };

const pgReceipt = (date: string, lines: ReceiptLine[], mode: Mode = { paymentMode: 'cash' }) =>
  receiptInput(fx, { of: 'pg', date, lines, ...mode });

const chequeA = {
  paymentMode: 'cheque',
  bank: 'State Bank of India',
  instrumentNo: '004411',
  instrumentDate: '2026-06-05',
} as const;
const draftB = {
  paymentMode: 'dd',
  bank: 'Canara Bank',
  instrumentNo: 'DD 778899',
  instrumentDate: '2026-08-30',
} as const;

describe('cheque and demand draft receipts', () => {
  it('need bank, number and date; are pending until cleared; a cleared one keeps its payment details', async () => {
    const { paymentMode } = chequeA;
    const missing = await refusal(
      h
        .caller('pgStaff')
        .receipts.create(pgReceipt('2026-06-05', [[fx.heads.tuition, rs(100)]], { paymentMode } as Mode)),
    );
    expect(missing).toEqual({ code: 'BAD_REQUEST', message: 'Enter the bank of the cheque or draft' });
    expect(await h.db.select().from(receipts)).toHaveLength(1);

    const a = await h
      .caller('admin')
      .receipts.create(pgReceipt('2026-06-05', [[fx.heads.tuition, rs(10000)]], chequeA));
    const shown = await h.caller('pgStaff').receipts.byNumber({ number: a.number });
    expect(shown.receipt).toMatchObject({
      paymentMode: 'cheque',
      paymentReference: '004411',
      bank: 'State Bank of India',
      instrumentNo: '004411',
      instrumentDate: '2026-06-05',
      chequeStatus: 'pending',
    });
    const [pending] = await h.caller('pgStaff').cheques.list({ depId: 101, status: 'pending' });
    expect(pending).toMatchObject({
      receiptNumber: a.number,
      status: 'pending',
      netPaise: rs(10000),
      admissionNo: 'PG-001',
      paymentMode: 'cheque',
    });
    expect(await h.caller('ugStaff').cheques.list({ depId: 100 })).toEqual([]);

    expect(
      await refusal(h.caller('pgStaff').cheques.clear({ depId: 101, chequeId: pending!.id, date: '2026-06-04' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: "The date cannot be before the receipt's date (05-06-2026)",
    });
    const cleared = await h.caller('pgStaff').cheques.clear({ depId: 101, chequeId: pending!.id, date: '2026-06-08' });
    expect(cleared.status).toBe('cleared');
    expect(await h.caller('pgStaff').cheques.list({ depId: 101, status: 'pending' })).toEqual([]);
    expect(await h.caller('pgStaff').cheques.list({ depId: 101, status: 'cleared' })).toEqual([
      expect.objectContaining({ receiptNumber: a.number, clearedOn: '2026-06-08', settledByEmail: 'pg@test.local' }),
    ]);
    expect(
      await refusal(
        h
          .caller('pgStaff')
          .cheques.bounce({ depId: 101, chequeId: pending!.id, date: '2026-06-09', reason: 'Funds insufficient' }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: `The cheque of receipt #000${a.number} was already cleared on 08-06-2026`,
    });
    const edit = {
      ...pgReceipt('2026-06-05', [[fx.heads.tuition, rs(10000)]], { ...chequeA, instrumentNo: '004412' }),
      number: a.number,
    };
    expect(await refusal(h.caller('admin').receipts.update(edit))).toEqual({
      code: 'CONFLICT',
      message: `The cheque of receipt #000${a.number} was cleared on 08-06-2026; its payment details cannot be changed`,
    });
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entity, 'cheque'));
    expect(audit.map((x) => [x.action, x.departmentId, x.admissionNo, JSON.parse(x.after!).status])).toEqual([
      ['update', 101, 'PG-001', 'cleared'],
    ]);
  });

  it('a bounce voids the receipt, returns the balance and the fine from the original dates, and charges the student', async () => {
    await h.caller('admin').plans.save(pgPlan());
    const a = await h
      .caller('admin')
      .receipts.create(pgReceipt('2026-06-05', [[fx.heads.tuition, rs(10000)]], chequeA));
    const b = await h.caller('admin').receipts.create(pgReceipt('2026-09-01', [[fx.heads.tuition, rs(10000)]], draftB));
    const dues = (asOf: string) =>
      h.caller('pgStaff').plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf });
    expect((await dues('2026-10-01')).fine.accrued).toBe(0);

    const list = await h.caller('pgStaff').cheques.list({ depId: 101 });
    expect(list.map((c) => [c.receiptNumber, c.paymentMode, c.status])).toEqual([
      [b.number, 'dd', 'pending'],
      [a.number, 'cheque', 'pending'],
    ]);
    const [chequeOfB, chequeOfA] = list;
    await h.caller('pgStaff').cheques.clear({ depId: 101, chequeId: chequeOfB!.id, date: '2026-09-04' });
    const bounced = await h.caller('pgStaff').cheques.bounce({
      depId: 101,
      chequeId: chequeOfA!.id,
      date: '2026-06-20',
      reason: 'Funds insufficient',
      charge: '500',
    });
    expect(bounced.message).toBe(
      `Cheque of receipt #000${a.number} bounced: the receipt is voided; a charge of 500.00 is due from the student`,
    );

    // The receipt is voided with the reason; the cheque keeps the bounce.
    const voided = await h.caller('pgStaff').receipts.byNumber({ number: a.number });
    expect(voided.receipt).toMatchObject({ status: 'voided', chequeStatus: 'bounced' });
    const voidAudit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'void'), eq(auditLog.entityId, String(a.number))))
        .limit(1)
    )[0]!;
    expect(JSON.parse(voidAudit.after!).reason).toBe('Cheque bounced: Funds insufficient');
    expect((await h.db.select().from(cheques).where(eq(cheques.id, chequeOfA!.id)).limit(1))[0]).toMatchObject({
      status: 'bounced',
      bouncedOn: '2026-06-20',
      bounceReason: 'Funds insufficient',
      bounceChargePaise: rs(500),
    });
    expect(
      await refusal(h.caller('pgStaff').cheques.clear({ depId: 101, chequeId: chequeOfA!.id, date: '2026-06-21' })),
    ).toEqual({
      code: 'CONFLICT',
      message: `The cheque of receipt #000${a.number} already bounced on 20-06-2026`,
    });

    // Balance: Tuition paid only by the draft; the bounce charge is due on its own head.
    const info = await h.caller('pgStaff').receipts.feeInfo({ depId: 101, studentId: fx.pg.studentId });
    expect(info.rows.map((x) => [x.feeHead, x.feePaise, x.paidPaise, x.balancePaise])).toEqual([
      ['Tuition Fee', rs(30000), rs(10000), rs(20000)],
      [CHEQUE_BOUNCE_HEAD, rs(500), 0, rs(500)],
    ]);
    expect(info.totals.balancePaise).toBe(rs(20500));
    expect(info.advancePaise).toBe(0);

    // The fine from the original due dates: Term 1 (due 10-06, grace to 15-06) is now paid by the draft of 01-09.
    expect((await dues('2026-07-01')).fine.accrued).toBe(rs(160));
    expect((await dues('2026-10-01')).fine.accrued).toBe(rs(500) + rs(160));
    expect((await dues('2026-10-01')).instalments.map((i) => [i.name, i.paid, i.outstanding])).toEqual([
      ['Term 1', rs(10000), 0],
      [CHEQUE_BOUNCE_HEAD, 0, rs(500)],
      ['Term 2', 0, rs(10000)],
    ]);

    // Collections: the draft counts under DD, the bounced cheque nowhere but in the cheque figures.
    const collections = await h
      .caller('pgStaff')
      .reports.collections({ depId: 101, from: '2026-06-01', to: '2026-11-01' });
    expect(collections.overall.byMode).toEqual([{ mode: 'dd', count: 1, netPaise: rs(10000) }]);
    expect(collections.cheques).toEqual({
      received: { count: 2, amountPaise: rs(20000) },
      cleared: { count: 1, amountPaise: rs(10000) },
      bounced: { count: 1, amountPaise: rs(10000) },
    });

    // Day books: the cheque's day shows it voided and received; the bounce and the clearing on their days.
    const book = (date: string) => h.caller('pgStaff').reports.dayBook({ depId: 101, date });
    const chequeDay = await book('2026-06-05');
    expect(chequeDay.byUser).toEqual([]);
    expect(chequeDay.voided.map((v) => [v.number, v.netPaise])).toEqual([[a.number, rs(10000)]]);
    expect(chequeDay.cheques.received).toEqual({ count: 1, amountPaise: rs(10000) });
    expect((await book('2026-06-20')).cheques).toEqual({
      received: { count: 0, amountPaise: 0 },
      cleared: { count: 0, amountPaise: 0 },
      bounced: { count: 1, amountPaise: rs(10000) },
    });
    expect((await book('2026-09-01')).byUser.map((u) => [u.email, u.byModePaise.cheque, u.totalPaise])).toEqual([
      ['admin@test.local', rs(10000), rs(10000)],
    ]);
    expect((await book('2026-09-04')).cheques.cleared).toEqual({ count: 1, amountPaise: rs(10000) });

    // The charge is collected like any head, never beyond what is due unless confirmed.
    expect(
      (await refusal(h.caller('pgStaff').receipts.create(pgReceipt('2026-11-01', [[bounceHead, rs(501)]])))).code,
    ).toBe('CONFLICT');
    await h.caller('pgStaff').receipts.create(pgReceipt('2026-11-01', [[bounceHead, rs(500)]]));
    const after = await h.caller('pgStaff').receipts.feeInfo({ depId: 101, studentId: fx.pg.studentId });
    expect(after.rows.find((x) => x.feeHeadId === bounceHead)).toMatchObject({
      feePaise: rs(500),
      paidPaise: rs(500),
      balancePaise: 0,
    });
    expect(after.totals.balancePaise).toBe(rs(20000));
    // Paying the charge is no credit; paying beyond everything due is.
    expect(after.advancePaise).toBe(0);
    await h
      .caller('pgStaff')
      .receipts.create({ ...pgReceipt('2026-11-02', [[fx.heads.tuition, rs(20100)]]), allowOverpayment: true });
    expect((await h.caller('pgStaff').receipts.feeInfo({ depId: 101, studentId: fx.pg.studentId })).advancePaise).toBe(
      rs(100),
    );
  });

  it('the bounce charge is due from the day of the bounce in every dues figure, and is collected like any head', async () => {
    await h.caller('admin').plans.save(pgPlan());
    await h.caller('admin').receipts.create(pgReceipt('2026-06-05', [[fx.heads.tuition, rs(10000)]], chequeA));
    const [cheque] = await h.caller('pgStaff').cheques.list({ depId: 101 });
    await h.caller('pgStaff').cheques.bounce({
      depId: 101,
      chequeId: cheque!.id,
      date: '2026-06-20',
      reason: 'Funds insufficient',
      charge: '500',
    });
    const staff = h.caller('pgStaff');
    const studentDues = (asOf: string) => staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf });
    const shape = (d: Awaited<ReturnType<typeof studentDues>>) => ({
      instalments: d.instalments.map((i) => [i.name, i.dueDate, i.due, i.paid, i.outstanding, i.fine]),
      outstanding: d.outstanding,
      fine: d.fine.accrued,
      toCollect: d.toCollect,
    });

    // Term 1 (10,000.00, due 10-06, late from 16-06 at 10.00 a day) is open again; the charge is due from 20-06, without a fine.
    expect(shape(await studentDues('2026-06-19'))).toEqual({
      instalments: [['Term 1', '2026-06-10', rs(10000), 0, rs(10000), rs(40)]],
      outstanding: rs(10000),
      fine: rs(40),
      toCollect: rs(10040),
    });
    expect(shape(await studentDues('2026-07-01'))).toEqual({
      instalments: [
        ['Term 1', '2026-06-10', rs(10000), 0, rs(10000), rs(160)],
        [CHEQUE_BOUNCE_HEAD, '2026-06-20', rs(500), 0, rs(500), 0],
      ],
      outstanding: rs(10500),
      fine: rs(160),
      toCollect: rs(10660),
    });

    // plans.dues (and so /rest/v2/dues), dues as of a date and defaulters read the same allocation.
    const [planDues] = (await staff.plans.dues({ depId: 101, courseId: 2000, asOf: '2026-07-01' })).students;
    expect(planDues).toMatchObject({ admissionNo: 'PG-001', outstanding: rs(10500), toCollect: rs(10660), advance: 0 });
    expect(planDues!.instalments.map((i) => [i.id, i.outstanding])).toEqual([
      [expect.any(String), rs(10000)],
      ['bounce-2026-06-20', rs(500)],
    ]);
    const asOf = await staff.reports.duesAsOf({ depId: 101, courseId: 2000, asOf: '2026-07-01' });
    expect(
      asOf.rows.map((x) => [x.admissionNo, x.dueTill, x.paid, x.outstanding, x.fineOutstanding, x.toCollect]),
    ).toEqual([['PG-001', rs(10500), 0, rs(10500), rs(160), rs(10660)]]);
    const defaulters = await staff.reports.defaulters({ depId: 101, asOf: '2026-07-01' });
    expect(defaulters.rows.map((x) => [x.admissionNo, x.outstanding, x.toCollect])).toEqual([
      ['PG-001', rs(10500), rs(10660)],
    ]);

    // The whole-fee figures: the dues report, the student fee report, the statement and Fees Info all add the charge.
    const duesReport = await staff.reports.dues({ depId: 101, courseId: 2000 });
    expect(duesReport.totals).toMatchObject({ count: 1, feePaise: rs(30500), paidPaise: 0, balancePaise: rs(30500) });
    expect((await staff.reports.studentFeeInfo({ depId: 101, courseId: 2000 })).totals).toMatchObject({
      feePaise: rs(30500),
      finalFeePaise: rs(30500),
    });
    const statement = await staff.reports.statement({ depId: 101, studentId: fx.pg.studentId });
    expect(statement.heads.map((x) => [x.feeHead, x.feePaise, x.openingPaise, x.paidPaise, x.balancePaise])).toEqual([
      ['Tuition Fee', rs(30000), 0, 0, rs(30000)],
      [CHEQUE_BOUNCE_HEAD, rs(500), 0, 0, rs(500)],
    ]);
    expect(statement.totals.balancePaise).toBe(rs(30500));

    // 200.00 of the charge paid on 02-07: every figure moves by exactly that.
    const paid = await h.caller('admin').receipts.create(pgReceipt('2026-07-02', [[bounceHead, rs(200)]]));
    expect(shape(await studentDues('2026-07-02')).instalments[1]).toEqual([
      CHEQUE_BOUNCE_HEAD,
      '2026-06-20',
      rs(500),
      rs(200),
      rs(300),
      0,
    ]);
    expect((await staff.reports.dues({ depId: 101, courseId: 2000 })).totals).toMatchObject({
      feePaise: rs(30500),
      paidPaise: rs(200),
      balancePaise: rs(30300),
    });
    const after = await staff.reports.statement({ depId: 101, studentId: fx.pg.studentId });
    expect(after.heads[1]).toMatchObject({
      feeHead: CHEQUE_BOUNCE_HEAD,
      paidPaise: rs(200),
      balancePaise: rs(300),
      payments: [expect.objectContaining({ receiptNumber: paid.number, amountPaise: rs(200) })],
    });
    expect((await staff.receipts.feeInfo({ depId: 101, studentId: fx.pg.studentId })).totals.balancePaise).toBe(
      rs(30300),
    );
  });

  it('a bounce without a charge adds no due', async () => {
    const a = await h
      .caller('admin')
      .receipts.create(pgReceipt('2026-06-05', [[fx.heads.tuition, rs(10000)]], chequeA));
    const [cheque] = await h.caller('pgStaff').cheques.list({ depId: 101 });
    await h
      .caller('pgStaff')
      .cheques.bounce({ depId: 101, chequeId: cheque!.id, date: '2026-06-20', reason: 'Signature differs' });
    expect((await h.caller('pgStaff').receipts.byNumber({ number: a.number })).receipt.status).toBe('voided');
    const info = await h.caller('pgStaff').receipts.feeInfo({ depId: 101, studentId: fx.pg.studentId });
    expect(info.rows.map((x) => x.feeHead)).toEqual(['Tuition Fee']);
    expect(info.totals.balancePaise).toBe(rs(30000));
  });
});

describe('clearing several cheques on one day', () => {
  it('clears every chosen cheque on the date and says which; one that cannot be cleared refuses them all', async () => {
    const a = await h
      .caller('admin')
      .receipts.create(pgReceipt('2026-06-05', [[fx.heads.tuition, rs(10000)]], chequeA));
    const b = await h.caller('admin').receipts.create(pgReceipt('2026-08-30', [[fx.heads.tuition, rs(5000)]], draftB));
    const c = await h
      .caller('admin')
      .receipts.create(pgReceipt('2026-08-30', [[fx.heads.tuition, rs(2500)]], { ...chequeA, instrumentNo: '004499' }));
    const pending = await h.caller('pgStaff').cheques.list({ depId: 101, status: 'pending' });
    const idOf = (number: number) => pending.find((p) => p.receiptNumber === number)!.id;

    expect(
      await refusal(
        h
          .caller('pgStaff')
          .cheques.clearMany({ depId: 101, chequeIds: [idOf(a.number), idOf(a.number)], date: '2026-09-01' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Choose 1 to 200 different cheques to clear' });
    await h.caller('pgStaff').cheques.clear({ depId: 101, chequeId: idOf(c.number), date: '2026-09-01' });
    expect(
      await refusal(
        h
          .caller('pgStaff')
          .cheques.clearMany({ depId: 101, chequeIds: [idOf(a.number), idOf(c.number)], date: '2026-09-02' }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: `The cheque of receipt #000${c.number} was already cleared on 01-09-2026`,
    });
    expect(
      (await h.caller('pgStaff').cheques.list({ depId: 101, status: 'pending' })).map((p) => p.receiptNumber),
    ).toEqual(expect.arrayContaining([a.number, b.number]));

    const done = await h
      .caller('pgStaff')
      .cheques.clearMany({ depId: 101, chequeIds: [idOf(a.number), idOf(b.number)], date: '2026-09-02' });
    expect(done).toEqual({
      cleared: 2,
      message: `2 cheques cleared on 02-09-2026: receipts #000${a.number}, #000${b.number}`,
    });
    expect(await h.caller('pgStaff').cheques.list({ depId: 101, status: 'pending' })).toEqual([]);
    const cleared = await h.caller('pgStaff').cheques.list({ depId: 101, status: 'cleared' });
    expect(
      cleared
        .filter((x) => x.clearedOn === '2026-09-02')
        .map((x) => x.receiptNumber)
        .sort(),
    ).toEqual([a.number, b.number].sort());
    expect(
      await refusal(
        h.caller('ugStaff').cheques.clearMany({ depId: 101, chequeIds: [idOf(a.number)], date: '2026-09-02' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });
});
