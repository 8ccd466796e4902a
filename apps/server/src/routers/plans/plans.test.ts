import { auditLog, findFeeHeadByName, studentFeeTotals } from '@fees/db';
import { LATE_FEE_HEAD, paiseToRupeesText, type TSavePlanInput } from '@fees/validation';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ReceiptLine, receiptInput } from '../../test/fixture';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
let lateFee: number;
beforeEach(async () => {
  lateFee = (await findFeeHeadByName(h.db, { name: LATE_FEE_HEAD }))!.id;
});

const rs = (rupees: number) => Math.round(rupees * 100);

/** PG's batch charges Tuition Fee 30,000: the worked example of docs/fee-plans.md in three terms. */
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

const pgReceipt = (date: string, lines: ReceiptLine[]) => receiptInput(fx, { of: 'pg', date, lines });

async function workedExample() {
  await h.caller('admin').plans.save(pgPlan());
  await h.caller('admin').receipts.create(pgReceipt('2026-06-01', [[fx.heads.tuition, rs(5000)]]));
  await h.caller('admin').receipts.create(pgReceipt('2026-07-20', [[fx.heads.tuition, rs(12000)]]));
}

describe('plans.byBatch', () => {
  it('answers a batch without a plan as one virtual instalment per structure start date, without a fine', async () => {
    const plan = await h.caller('pgStaff').plans.byBatch({ depId: 101, batchId: fx.pg.batchId });
    expect(plan).toEqual({
      batchId: fx.pg.batchId,
      hasPlan: false,
      version: 0,
      fineRule: { type: 'none' },
      heads: [{ feeHeadId: fx.heads.tuition, feeHead: 'Tuition Fee', amountPaise: rs(30000) }],
      instalments: [
        {
          id: 'v-2025-06-01',
          name: 'Fees from 2025-06-01',
          dueDate: '2025-06-01',
          fineRule: null,
          amounts: [{ feeHeadId: fx.heads.tuition, amountPaise: rs(30000) }],
        },
      ],
    });
  });

  it('refuses a batch of another department', async () => {
    expect(await refusal(h.caller('pgStaff').plans.byBatch({ depId: 101, batchId: fx.ug.batchId }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such batch in this department',
    });
    expect((await refusal(h.caller('ugStaff').plans.byBatch({ depId: 101, batchId: fx.pg.batchId }))).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('plans.save and plans.remove', () => {
  it('saves a plan, audits it, and keeps instalment ids across saves', async () => {
    const saved = await h.caller('admin').plans.save(pgPlan());
    expect(saved).toMatchObject({ hasPlan: true, version: 1, fineRule: pgPlan().fineRule });
    expect(saved.instalments.map((i) => [i.name, i.dueDate])).toEqual([
      ['Term 1', '2026-06-10'],
      ['Term 2', '2026-09-10'],
      ['Term 3', '2026-12-10'],
    ]);
    const ids = saved.instalments.map((i) => i.id);
    const again = await h.caller('admin').plans.save({
      ...pgPlan(),
      version: 1,
      instalments: pgPlan().instalments.map((inst, i) => ({ ...inst, id: Number(ids[i]), name: `Semester ${i + 1}` })),
    });
    expect(again.version).toBe(2);
    expect(again.instalments.map((i) => [i.id, i.name])).toEqual(ids.map((id, i) => [id, `Semester ${i + 1}`]));
    const audits = await h.db.select().from(auditLog).where(eq(auditLog.entity, 'instalment_plan'));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses a plan that does not add up, naming the difference per head', async () => {
    const plan = pgPlan();
    plan.instalments[2]!.amounts[0]!.amountPaise = rs(9000);
    expect(await refusal(h.caller('admin').plans.save(plan))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The instalments do not add up to the fee structure: Tuition Fee 1000.00 short',
    });
    plan.instalments[2]!.amounts[0]!.amountPaise = rs(10500.5);
    expect((await refusal(h.caller('admin').plans.save(plan))).message).toBe(
      'The instalments do not add up to the fee structure: Tuition Fee 500.50 over',
    );
  });

  it('refuses a head outside the structure, a stale version, staff, and bad input', async () => {
    const plan = pgPlan();
    plan.instalments[0]!.amounts.push({ feeHeadId: fx.heads.exam, amountPaise: 0 });
    expect((await refusal(h.caller('admin').plans.save(plan))).message).toBe(
      `Fee head ${fx.heads.exam} is not in the fee structure of batch 2025-2027`,
    );
    await h.caller('admin').plans.save(pgPlan());
    expect(await refusal(h.caller('admin').plans.save({ ...pgPlan(), version: 0 }))).toEqual({
      code: 'CONFLICT',
      message: 'Someone else changed this plan meanwhile; reload it and make your change again',
    });
    expect((await refusal(h.caller('pgStaff').plans.save(pgPlan()))).code).toBe('FORBIDDEN');
    expect(await refusal(h.caller('admin').plans.save({ ...pgPlan(), instalments: [] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Add at least one instalment',
    });
    expect(
      await refusal(
        h
          .caller('admin')
          .plans.save({ ...pgPlan(), fineRule: { type: 'per_day', perDayPaise: -1, capPaise: 0, graceDays: 0 } }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Must not be negative',
    });
  });

  it('removes a plan: the batch is back to its virtual instalment', async () => {
    await h.caller('admin').plans.save(pgPlan());
    const after = await h.caller('admin').plans.remove({ depId: 101, batchId: fx.pg.batchId });
    expect(after).toMatchObject({ hasPlan: false, instalments: [{ id: 'v-2025-06-01' }] });
    expect((await refusal(h.caller('admin').plans.remove({ depId: 101, batchId: fx.pg.batchId }))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('plans.studentDues: the worked example through the real receipts', () => {
  it('as of 01-10: fines 350.00 and 160.00, to collect 3,510.00', async () => {
    await workedExample();
    const dues = await h
      .caller('pgStaff')
      .plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-10-01' });
    expect(dues.instalments.map((i) => [i.name, i.due, i.paid, i.outstanding, i.daysLate, i.fine])).toEqual([
      ['Term 1', rs(10000), rs(10000), 0, 35, rs(350)],
      ['Term 2', rs(10000), rs(7000), rs(3000), 16, rs(160)],
    ]);
    expect(dues.upcoming.map((i) => i.name)).toEqual(['Term 3']);
    expect(dues.fine).toEqual({ accrued: rs(510), paid: 0, waived: 0, outstanding: rs(510) });
    expect(dues.toCollect).toBe(rs(3510));
    expect(dues.heads).toEqual([
      { feeHeadId: fx.heads.tuition, feeHead: 'Tuition Fee', outstanding: rs(3000), balance: rs(13000) },
    ]);
  });

  it('a Late fee line and a waiver reduce the fine outstanding; the receipt entry offers the Late fee', async () => {
    await workedExample();
    const before = await h.caller('pgStaff').receipts.entryContext({ depId: 101, studentId: fx.pg.studentId });
    // Today is past term 3's due date plus grace: all three are late, each capped or growing.
    const fine = before.dues.fine.outstanding;
    expect(fine).toBeGreaterThan(0);
    expect(before.heads.find((x) => x.feeHeadId === lateFee)).toMatchObject({
      feeHead: LATE_FEE_HEAD,
      balancePaise: fine,
    });
    await h.caller('admin').receipts.create(
      pgReceipt('2026-10-02', [
        [fx.heads.tuition, rs(3000)],
        [lateFee, rs(300)],
      ]),
    );
    const waived = await h
      .caller('admin')
      .plans.waiveFine({ depId: 101, studentId: fx.pg.studentId, amountPaise: rs(10), reason: 'Bank holiday' });
    expect(waived).toMatchObject({ paid: rs(300), waived: rs(10) });
    const after = await h.caller('pgStaff').plans.studentDues({ depId: 101, studentId: fx.pg.studentId });
    expect(after.fine.outstanding).toBe(after.fine.accrued - rs(310));
    expect(after.waivers).toMatchObject([
      { amountPaise: rs(10), reason: 'Bank holiday', byEmail: expect.stringContaining('@') },
    ]);
    expect(
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'fine_waiver'), eq(auditLog.action, 'create'))),
    ).toHaveLength(1);
  });

  it('refuses a Late fee beyond the fine outstanding unless confirmed, and a waiver beyond it', async () => {
    await workedExample();
    const { fine } = await h.caller('pgStaff').plans.studentDues({ depId: 101, studentId: fx.pg.studentId });
    expect(
      (await refusal(h.caller('admin').receipts.create(pgReceipt('2026-10-02', [[lateFee, fine.outstanding + 1]]))))
        .code,
    ).toBe('CONFLICT');
    expect(
      await refusal(
        h
          .caller('admin')
          .plans.waiveFine({ depId: 101, studentId: fx.pg.studentId, amountPaise: fine.outstanding + 1, reason: 'x' }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: `The fine outstanding is ${paiseToRupeesText(fine.outstanding)}; a waiver cannot be larger`,
    });
    expect(
      (
        await refusal(
          h.caller('cashier').plans.waiveFine({ depId: 101, studentId: fx.pg.studentId, amountPaise: 1, reason: 'x' }),
        )
      ).code,
    ).toBe('FORBIDDEN');
  });

  it('a student without receipts whose fine was waived can still be deleted (the waiver goes too)', async () => {
    await h.caller('admin').plans.save(pgPlan());
    const { fine } = await h.caller('pgStaff').plans.studentDues({ depId: 101, studentId: fx.pg.studentId });
    await h.caller('admin').plans.waiveFine({
      depId: 101,
      studentId: fx.pg.studentId,
      amountPaise: fine.outstanding,
      reason: 'Left the college',
    });
    await h.caller('admin').students.remove({ depId: 101, id: fx.pg.studentId });
    expect(
      (await refusal(h.caller('pgStaff').plans.studentDues({ depId: 101, studentId: fx.pg.studentId }))).code,
    ).toBe('NOT_FOUND');
  });

  it('a voided receipt reopens the instalment and its fine', async () => {
    await h.caller('admin').plans.save(pgPlan());
    const paid = await h.caller('admin').receipts.create(pgReceipt('2026-06-01', [[fx.heads.tuition, rs(10000)]]));
    const asOf = { depId: 101 as const, studentId: fx.pg.studentId, asOf: '2026-07-01' };
    expect((await h.caller('pgStaff').plans.studentDues(asOf)).fine.accrued).toBe(0);
    await h.caller('admin').receipts.void({ number: paid.number, reason: 'Wrong entry' });
    expect((await h.caller('pgStaff').plans.studentDues(asOf)).instalments[0]).toMatchObject({
      outstanding: rs(10000),
      daysLate: 16,
      fine: rs(160),
    });
  });
});

describe('reports.duesAsOf and reports.defaulters', () => {
  it("as of a far future date equals today's balance per student, with batch and grand totals", async () => {
    await workedExample();
    const report = await h
      .caller('ugStaff')
      .reports.duesAsOf({ depId: 100, courseId: fx.ug.courseId, asOf: '2099-12-31' });
    const ug = report.rows.find((r) => r.studentId === fx.ug.studentId)!;
    expect(ug.outstanding).toBe((await studentFeeTotals(h.db, fx.ug.studentId)).balancePaise);
    expect(report.totals.outstanding).toBe(ug.outstanding);
    expect(report.batches).toEqual([{ batchId: fx.ug.batchId, batchName: '2025-2028', students: 1, ...report.totals }]);
    const pg = await h.caller('pgStaff').reports.duesAsOf({ depId: 101, courseId: fx.pg.courseId, asOf: '2099-12-31' });
    expect(pg.rows[0]).toMatchObject({
      outstanding: (await studentFeeTotals(h.db, fx.pg.studentId)).balancePaise,
      dueTill: rs(30000),
      paid: rs(17000),
    });
  });

  it('as of 01-10 shows the worked example and keeps it under overdue only', async () => {
    await workedExample();
    const input = { depId: 101 as const, courseId: fx.pg.courseId, asOf: '2026-10-01', overdueOnly: true };
    const report = await h.caller('pgStaff').reports.duesAsOf(input);
    expect(report.rows).toEqual([
      {
        studentId: fx.pg.studentId,
        admissionNo: 'PG-001',
        name: 'Rahul Nair',
        batchId: fx.pg.batchId,
        batchName: '2025-2027',
        dueTill: rs(20000),
        paid: rs(17000),
        outstanding: rs(3000),
        daysLate: 16,
        fineOutstanding: rs(510),
        toCollect: rs(3510),
      },
    ]);
    expect((await h.caller('pgStaff').reports.duesAsOf({ ...input, asOf: '2026-06-15' })).rows).toEqual([]);
    const defaulters = await h.caller('pgStaff').reports.defaulters({ depId: 101, asOf: '2026-10-01' });
    expect(defaulters.rows).toEqual([
      expect.objectContaining({
        admissionNo: 'PG-001',
        toCollect: rs(3510),
        phone: null,
        guardian: null,
        courseName: expect.any(String),
      }),
    ]);
  });

  it('refuses a course of another department and a batch of another course', async () => {
    expect(
      (await refusal(h.caller('admin').reports.duesAsOf({ depId: 101, courseId: fx.ug.courseId, asOf: '2026-01-01' })))
        .message,
    ).toBe('This course does not belong to the department');
    expect(
      (
        await refusal(
          h
            .caller('admin')
            .reports.duesAsOf({ depId: 101, courseId: fx.pg.courseId, batchId: fx.ug.batchId, asOf: '2026-01-01' }),
        )
      ).message,
    ).toBe('This batch does not belong to the course');
    expect(
      (await refusal(h.caller('admin').reports.duesAsOf({ depId: 101, courseId: fx.pg.courseId, asOf: '2026-02-30' })))
        .code,
    ).toBe('BAD_REQUEST');
  });
});

describe('demand notices and UPI', () => {
  it('answers the instalments due till the date with fines and a UPI link for the total', async () => {
    await workedExample();
    await h
      .caller('admin')
      .plans.paymentSettings.update({ depId: 101, upiId: 'pgcollege@sbi', payeeName: 'PG College' });
    const notices = await h
      .caller('pgStaff')
      .plans.demandNotices({ depId: 101, batchId: fx.pg.batchId, asOf: '2026-10-01', payBy: '2026-10-15' });
    expect(notices.upi).toEqual({ upiId: 'pgcollege@sbi', payeeName: 'PG College' });
    expect(notices.notices).toHaveLength(1);
    expect(notices.notices[0]).toMatchObject({
      admissionNo: 'PG-001',
      total: rs(3510),
      fine: { outstanding: rs(510) },
    });
    expect(notices.notices[0]!.upiLink).toBe('upi://pay?pa=pgcollege@sbi&pn=PG%20College&am=3510.00&tn=PG-001&cu=INR');
  });

  it('gives the receipt entry the UPI details of the department for the QR at the counter', async () => {
    const entry = { depId: 101 as const, studentId: fx.pg.studentId };
    expect((await h.caller('pgStaff').receipts.entryContext(entry)).upi).toBeNull();
    await h
      .caller('admin')
      .plans.paymentSettings.update({ depId: 101, upiId: 'pgcollege@sbi', payeeName: 'PG College' });
    expect((await h.caller('pgStaff').receipts.entryContext(entry)).upi).toEqual({
      upiId: 'pgcollege@sbi',
      payeeName: 'PG College',
    });
  });

  it('checks the UPI ID and lets only admins change it', async () => {
    expect(
      await refusal(h.caller('admin').plans.paymentSettings.update({ depId: 101, upiId: 'not a upi', payeeName: 'x' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Enter a UPI ID like name@bank',
    });
    expect(
      (await refusal(h.caller('pgStaff').plans.paymentSettings.update({ depId: 101, upiId: 'a@b', payeeName: null })))
        .code,
    ).toBe('FORBIDDEN');
    expect(await h.caller('pgStaff').plans.paymentSettings.get({ depId: 101 })).toEqual({
      depId: 101,
      upiId: null,
      payeeName: null,
    });
  });
});
