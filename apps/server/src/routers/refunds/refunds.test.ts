import { auditLog, discounts, openingBalances, refundNumberSequence, refunds, row, settings } from '@fees/db';
import { ADVANCE_HEAD, paiseToRupeesText, type TCreateReceiptInput } from '@fees/validation';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { taxEveryHead, taxOfLines } from '../../test/gst';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';
import { applied } from '../../test/approvals';

const r = paiseToRupeesText;
const h = useHarness();
const fx = useFixture(h);
let advanceHead: number;

beforeEach(async () => {
  advanceHead = (await row<{ id: number }>(h.db, sql`SELECT id FROM fee_heads WHERE name = ${ADVANCE_HEAD}`))!.id;
});

function receipt(
  lines: Array<[number, number]>,
  extra: Partial<Record<keyof TCreateReceiptInput, unknown>> = {},
  rateBp = 0,
) {
  const total = lines.reduce((s, [, p]) => s + p, 0);
  const tax = taxOfLines(
    lines.map(([, p]) => p),
    rateBp,
  );
  return {
    depId: 100,
    studentId: fx.ug.studentId,
    date: '2025-08-01',
    items: lines.map(([feeHeadId, p]) => ({ feeHeadId, amount: r(p) })),
    paymentMode: 'cash',
    total: r(total),
    tax: r(tax),
    net: r(total + tax),
    confirm: true,
    ...extra,
  } as TCreateReceiptInput;
}

function refund(amountPaise: number, extra: Record<string, unknown> = {}) {
  return {
    depId: 100,
    studentId: fx.ug.studentId,
    date: '2025-08-02',
    amount: r(amountPaise),
    paymentMode: 'cash',
    reason: 'Leaving the college',
    confirm: true,
    ...extra,
  } as const;
}

const staff = () => h.caller('ugStaff');
const advanceNow = async () =>
  (await staff().receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId })).advancePaise;

/** The advance from the raw tables: Advance lines of live receipts - live adjustments - live refunds (no head is overpaid here). */
async function rawAdvance(): Promise<number> {
  const q = async (query: SQL) => (await row<{ n: number }>(h.db, query))!;
  const paid = (
    await q(sql`SELECT COALESCE(SUM(l.amount_paise), 0) AS n FROM receipt_lines l JOIN receipts x ON x.id = l.receipt_id
    WHERE x.status = 'live' AND l.student_id = ${fx.ug.studentId} AND l.fee_head_id = (SELECT id FROM fee_heads WHERE name = 'Advance')`)
  ).n;
  const applied = (
    await q(
      sql`SELECT COALESCE(SUM(total_paise), 0) AS n FROM receipts WHERE status = 'live' AND payment_mode = 'advance' AND student_id = ${fx.ug.studentId}`,
    )
  ).n;
  const refunded = (
    await q(
      sql`SELECT COALESCE(SUM(amount_paise), 0) AS n FROM refunds WHERE status = 'live' AND student_id = ${fx.ug.studentId}`,
    )
  ).n;
  return paid - applied - refunded;
}

/** The collections summary of August against sums from the raw receipts and refunds tables. */
async function expectReportsToAgree() {
  const rows = async (text: string) => (await row<{ n: number }>(h.db, sql.raw(text)))!;
  const live = "status = 'live' AND department_id = 100 AND date BETWEEN '2025-08-01' AND '2025-08-31'";
  const net = (await rows(`SELECT COALESCE(SUM(net_paise), 0) AS n FROM receipts WHERE ${live}`)).n;
  const adjusted = (
    await rows(`SELECT COALESCE(SUM(net_paise), 0) AS n FROM receipts WHERE ${live} AND payment_mode = 'advance'`)
  ).n;
  const refunded = (await rows(`SELECT COALESCE(SUM(amount_paise), 0) AS n FROM refunds WHERE ${live}`)).n;
  const report = await staff().reports.collections({ depId: 100, from: '2025-08-01', to: '2025-08-31' });
  expect(report.overall).toMatchObject({
    netPaise: net,
    adjustedPaise: adjusted,
    receivedPaise: net - adjusted,
    refundedPaise: refunded,
    keptPaise: net - adjusted - refunded,
  });
  expect([adjusted, refunded]).toEqual([1_500_00, 1_000_00]);
  expect((await staff().reports.dayBook({ depId: 100, date: '2025-08-02' })).refunds.map((x) => x.amountPaise)).toEqual(
    [1_000_00],
  );
}

describe('advances and refunds', () => {
  it('takes an advance, settles dues from it, refunds and voids a refund, the advance agreeing with the raw tables at each step', async () => {
    await taxEveryHead(h.db, 1800);
    expect(await advanceNow()).toBe(0);

    const context = await staff().receipts.entryContext({ depId: 100, studentId: fx.ug.studentId });
    expect(context.heads.find((x) => x.feeHeadId === advanceHead)).toMatchObject({ feeHead: ADVANCE_HEAD, open: true });

    // An advance is a line on the Advance head: no overpayment confirmation, GST as on any receipt.
    const taken = await staff().receipts.create(receipt([[advanceHead, 5_000_00]], {}, 1800));
    expect([taken.totalPaise, taken.taxPaise, taken.netPaise]).toEqual([5_000_00, 900_00, 5_900_00]);
    expect(await advanceNow()).toBe(5_000_00);
    expect(await rawAdvance()).toBe(5_000_00);

    // Adjusted from advance: no GST (paid when the advance was taken), settles the Exam Fee.
    const adjusted = await staff().receipts.create(receipt([[fx.heads.exam, 1_500_00]], { paymentMode: 'advance' }));
    expect([adjusted.taxRateBasisPoints, adjusted.taxPaise, adjusted.netPaise]).toEqual([0, 0, 1_500_00]);
    const info = await staff().receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    expect(info.rows.find((x) => x.feeHeadId === fx.heads.exam)?.balancePaise).toBe(0);
    expect(info.advancePaise).toBe(3_500_00);
    expect(await rawAdvance()).toBe(3_500_00);

    expect(
      await refusal(staff().receipts.create(receipt([[fx.heads.tuition, 4_000_00]], { paymentMode: 'advance' }))),
    ).toEqual({
      code: 'CONFLICT',
      message: '4000.00 is more than the advance of 3500.00',
    });
    expect(
      await refusal(staff().receipts.create(receipt([[advanceHead, 100_00]], { paymentMode: 'advance' }))),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'A receipt adjusted from advance cannot pay into the Advance head',
    });

    const first = await staff().refunds.create(refund(2_000_00, { paymentMode: 'upi', paymentReference: 'UPI-77' }));
    expect(first).toMatchObject({ number: 1, amountPaise: 2_000_00, advancePaise: 1_500_00 });
    expect(await advanceNow()).toBe(1_500_00);
    expect(await rawAdvance()).toBe(1_500_00);
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'refund'), eq(auditLog.entityId, '1')));
    expect(audit.map((a) => a.action)).toEqual(['create']);

    expect(await refusal(staff().refunds.create(refund(1_600_00)))).toEqual({
      code: 'CONFLICT',
      message: 'The refund of 1600.00 is more than the advance of 1500.00',
    });

    const voucher = await staff().refunds.byNumber({ number: 1 });
    expect(voucher).toMatchObject({
      number: 1,
      status: 'live',
      amountPaise: 2_000_00,
      paymentMode: 'upi',
      paymentReference: 'UPI-77',
      admissionNo: fx.ug.admissionNo,
      createdByEmail: 'ug@test.local',
    });
    expect(voucher.words).toBe('Rupees Two Thousand Only');

    // The cash receipt that paid the advance cannot be voided while its money is refunded or settled.
    expect(await refusal(staff().receipts.void({ number: taken.number, reason: 'Entered twice' }))).toMatchObject({
      code: 'CONFLICT',
    });

    expect(
      await staff().refunds.void({ number: 1, version: voucher.version, reason: 'Parent kept the advance' }),
    ).toMatchObject({ status: 'voided' });
    expect(await advanceNow()).toBe(3_500_00);
    expect(await refusal(staff().refunds.void({ number: 1, reason: 'Again' }))).toEqual({
      code: 'CONFLICT',
      message: 'Refund R1 is already voided',
    });
    expect(await refusal(staff().refunds.void({ number: 1, version: 1, reason: 'Stale screen' }))).toMatchObject({
      code: 'CONFLICT',
    });
    const stored = (await h.db.select().from(refunds).where(eq(refunds.number, 1)).limit(1))[0]!;
    expect([stored.status, stored.voidReason, stored.amountPaise]).toEqual([
      'voided',
      'Parent kept the advance',
      2_000_00,
    ]);

    const listed = await staff().refunds.list({ depId: 100, from: '2025-08-01', to: '2025-08-31' });
    expect(listed.map((x) => [x.number, x.status])).toEqual([[1, 'voided']]);

    const second = applied(await staff().refunds.create(refund(1_000_00)));
    await expectReportsToAgree();
    const statement = await staff().reports.statement({ depId: 100, studentId: fx.ug.studentId });
    expect(statement.refunds.map((x) => [x.number, x.date, x.amountPaise, x.paymentMode])).toEqual([
      [second.number, '2025-08-02', 1_000_00, 'cash'],
    ]);
    expect(statement.advancePaise).toBe(2_500_00);
    const dues = await staff().reports.dues({ depId: 100, courseId: fx.ug.courseId, includeSettled: true, limit: 100 });
    expect(dues.batches[0]?.rows.find((x) => x.studentId === fx.ug.studentId)?.advancePaise).toBe(2_500_00);
    expect(dues.advanceTotalPaise).toBe(2_500_00);
    const asOf = await staff().plans.dues({ depId: 100, studentId: fx.ug.studentId, asOf: '2025-08-31' });
    expect(asOf.students.map((x) => x.advance)).toEqual([2_500_00]);
  });

  it('refuses what a user may not do: another department, no advance, a future or too old date, a missing reference', async () => {
    expect(await refusal(h.caller('pgStaff').refunds.create(refund(100_00)))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(staff().refunds.create(refund(100_00)))).toEqual({
      code: 'CONFLICT',
      message: 'Anjali Menon has no advance to refund',
    });
    await staff().receipts.create(receipt([[advanceHead, 1_000_00]]));
    expect((await refusal(staff().refunds.create(refund(100_00, { date: '2999-01-01' })))).code).toBe('BAD_REQUEST');
    await h.db.update(settings).set({ backdateLimitDays: 10 }).where(eq(settings.id, 1));
    expect((await refusal(staff().refunds.create(refund(100_00, { date: '2020-01-01' })))).message).toMatch(
      /cannot be more than 10 days back/,
    );
    expect((await refusal(staff().refunds.create(refund(100_00, { paymentMode: 'cheque' })))).message).toBe(
      'Reference number is required unless paid in cash',
    );
    expect((await refusal(staff().refunds.create(refund(100_00, { reason: '' })))).message).toBe(
      'Give a reason for the refund (3 to 200 characters)',
    );
    expect(
      await refusal(h.caller('anonymous').refunds.list({ depId: 100, from: '2025-01-01', to: '2025-12-31' })),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refusal(h.caller('pgStaff').refunds.byNumber({ number: 1 }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await h.db.select().from(refunds)).toEqual([]);
  });

  it('pays a refund out by demand draft: the draft number is asked for, the voucher and the refunds report name the mode', async () => {
    await staff().receipts.create(receipt([[advanceHead, 1_000_00]]));
    expect((await refusal(staff().refunds.create(refund(400_00, { paymentMode: 'dd' })))).message).toBe(
      'Reference number is required unless paid in cash',
    );
    const created = applied(
      await staff().refunds.create(refund(400_00, { paymentMode: 'dd', paymentReference: 'DD 118822' })),
    );
    expect(await staff().refunds.byNumber({ number: created.number })).toMatchObject({
      paymentMode: 'dd',
      paymentReference: 'DD 118822',
      amountPaise: 400_00,
    });
    const report = await staff().reports.refunds({
      depId: 100,
      from: '2025-08-01',
      to: '2025-08-31',
      paymentMode: 'dd',
    });
    expect(report.rows.map((x) => [x.number, x.paymentMode, x.amountPaise])).toEqual([[created.number, 'dd', 400_00]]);
    expect(report.byMode).toEqual([{ mode: 'dd', count: 1, amountPaise: 400_00 }]);
    expect(await advanceNow()).toBe(600_00);
  });

  it('refuses staff a refund or a void on a closed day and lets an admin through with a reason (audited)', async () => {
    await staff().receipts.create(receipt([[advanceHead, 2_000_00]]));
    const before = applied(await staff().refunds.create(refund(500_00)));
    await h.caller('admin').days.close({ depId: 100, date: '2025-08-02' });
    const closed = await refusal(staff().refunds.create(refund(100_00)));
    expect(closed.code).toBe('CONFLICT');
    expect(closed.message).toMatch(
      /^This day is closed: 02-08-2025 was closed by admin@test.local at \d\d:\d\d\. Only an administrator can change it\.$/,
    );
    expect((await refusal(staff().refunds.void({ number: before.number, reason: 'Paid twice' }))).message).toMatch(
      /^This day is closed/,
    );
    expect((await refusal(h.caller('admin').refunds.create(refund(100_00)))).message).toMatch(
      /Give a reason to change it\.$/,
    );

    const late = applied(
      await h.caller('admin').refunds.create(refund(100_00, { closedDayReason: 'Cashier paid after closing' })),
    );
    await h
      .caller('admin')
      .refunds.void({ number: before.number, reason: 'Paid twice', closedDayReason: 'Entered on the wrong student' });
    expect(await advanceNow()).toBe(1_900_00);
    const overrides = await h.db.select().from(auditLog).where(eq(auditLog.action, 'closed_day_change'));
    expect(overrides.map((x) => JSON.parse(String(x.after)))).toEqual([
      expect.objectContaining({ change: 'create a refund', reason: 'Cashier paid after closing' }),
      expect.objectContaining({ change: `void refund R${before.number}`, reason: 'Entered on the wrong student' }),
    ]);
    expect(late.number).toBe(before.number + 1);
    // Another day stays open for staff.
    await staff().refunds.create(refund(100_00, { date: '2025-08-03' }));
  });

  it('lets one of two clerks refunding the same advance at once succeed and refuses the other (409)', async () => {
    await staff().receipts.create(receipt([[advanceHead, 3_000_00]]));
    const results = await Promise.allSettled([
      staff().refunds.create(refund(2_000_00)),
      h.caller('admin').refunds.create(refund(2_000_00)),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await advanceNow()).toBe(1_000_00);
    expect((await h.db.select().from(refunds)).map((x) => x.number)).toEqual([1]);
  });

  it('numbers refunds without gaps when many are created at once, some of them refused', async () => {
    await staff().receipts.create(receipt([[advanceHead, 30_00 * 40]]));
    // 50 refunds of 30.00 against an advance of 1200.00: exactly 40 fit.
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? h.caller('admin') : staff()).refunds.create(refund(30_00))),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(40);
    const numbers = (await h.db.select({ n: refunds.number }).from(refunds)).map((x) => x.n).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await h.db.select().from(refundNumberSequence).limit(1))[0]!.lastNumber).toBe(40);
    expect(await advanceNow()).toBe(0);
  });

  it('counts the credit of every head: overpaid, discounted beyond its fee, an opening credit outside the structure; the dues report agrees with the student', async () => {
    await h.db.insert(discounts).values({
      studentId: fx.ug.studentId,
      feeHeadId: fx.heads.exam,
      discountPaise: 1_600_00,
      adjustmentPaise: 0,
      note: 'Exam waived',
    });
    await h.db
      .insert(openingBalances)
      .values({ studentId: fx.ug.studentId, feeHeadId: fx.heads.library, amountPaise: -50_00, dueDate: '2025-06-01' });
    // Tuition: 25,000 fee - 2,500 discount and adjustment - 10,000 paid, then 13,000 more: 500 over.
    await staff().receipts.create(receipt([[fx.heads.tuition, 13_000_00]], { allowOverpayment: true }));
    const credit = 100_00 + 50_00 + 500_00;
    expect(await advanceNow()).toBe(credit);
    expect(await staff().refunds.studentAdvance({ depId: 100, studentId: fx.ug.studentId })).toMatchObject({
      advancePaise: credit,
    });
    await staff().refunds.create(refund(200_00));
    const dues = await staff().reports.dues({ depId: 100, courseId: fx.ug.courseId, includeSettled: true });
    expect(dues.batches.flatMap((b) => b.rows).find((x) => x.studentId === fx.ug.studentId)).toMatchObject({
      advancePaise: credit - 200_00,
    });
    expect(dues.advanceTotalPaise).toBe(credit - 200_00);
  });
});
