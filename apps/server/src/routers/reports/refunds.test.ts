import { findAdvanceHeadId, refunds } from '@fees/db';
import { beforeEach, describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal';
import { receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';
import { applied } from '../../test/approvals';

const range = { from: '2025-08-01', to: '2025-08-31' };
const h = useHarness();
const fx = useFixture(h);

/** An advance taken and refunds paid out of it: UG 1,000.00 cash and 500.00 by UPI (voided), PG 2,000.00 by bank transfer. */
beforeEach(async () => {
  const advance = (await findAdvanceHeadId(h.db))!;
  const take = (who: 'ugStaff' | 'pgStaff', depId: 100 | 101, studentId: number, paise: number) =>
    h
      .caller(who)
      .receipts.create(receiptInput(fx, { depId, studentId, date: '2025-08-01', lines: [[advance, paise]] }));
  await take('ugStaff', 100, fx.ug.studentId, 3_000_00);
  await take('pgStaff', 101, fx.pg.studentId, 3_000_00);
  const refund = { date: '2025-08-05', reason: 'Leaving the hostel', confirm: true } as const;
  await h
    .caller('ugStaff')
    .refunds.create({ ...refund, depId: 100, studentId: fx.ug.studentId, amount: '1000', paymentMode: 'cash' });
  const upi = applied(
    await h.caller('ugStaff').refunds.create({
      ...refund,
      depId: 100,
      studentId: fx.ug.studentId,
      date: '2025-08-06',
      amount: '500',
      paymentMode: 'upi',
      paymentReference: 'UPI/7788',
    }),
  );
  await h.caller('admin').refunds.void({ number: upi.number, version: 1, reason: 'Paid by cash instead' });
  await h.caller('pgStaff').refunds.create({
    ...refund,
    depId: 101,
    studentId: fx.pg.studentId,
    date: '2025-08-07',
    amount: '2000',
    paymentMode: 'bank_transfer',
    paymentReference: 'NEFT 42',
  });
});

describe('reports.refunds', () => {
  it("lists a department's vouchers for its staff, paid out and voided apart, with totals equal to the raw table", async () => {
    const report = await h.caller('ugStaff').reports.refunds({ depId: 100, ...range });
    expect(
      report.rows.map((x) => [
        x.number,
        x.date,
        x.admissionNo,
        x.amountPaise,
        x.paymentMode,
        x.status,
        x.createdByEmail,
      ]),
    ).toEqual([
      [2, '2025-08-06', 'UG-001', 500_00, 'upi', 'voided', 'ug@test.local'],
      [1, '2025-08-05', 'UG-001', 1_000_00, 'cash', 'live', 'ug@test.local'],
    ]);
    expect(report.rows[0]).toMatchObject({
      voidedByEmail: 'admin@test.local',
      voidReason: 'Paid by cash instead',
      paymentReference: 'UPI/7788',
    });
    expect(report).toMatchObject({
      paidOut: { count: 1, amountPaise: 1_000_00 },
      voided: { count: 1, amountPaise: 500_00 },
      byMode: [{ mode: 'cash', count: 1, amountPaise: 1_000_00 }],
      byDepartment: [{ depId: 100, count: 1, amountPaise: 1_000_00 }],
      truncated: false,
    });
    const raw = (await h.db.select().from(refunds)).filter((f) => f.departmentId === 100 && f.status === 'live');
    expect(report.paidOut.amountPaise).toBe(raw.reduce((s, f) => s + f.amountPaise, 0));

    expect(
      (await h.caller('ugStaff').reports.refunds({ depId: 100, ...range, status: 'voided' })).rows.map((x) => x.number),
    ).toEqual([2]);
    expect(
      (await h.caller('ugStaff').reports.refunds({ depId: 100, from: '2025-08-06', to: '2025-08-31' })).paidOut,
    ).toEqual({ count: 0, amountPaise: 0 });
    expect(await refusal(h.caller('ugStaff').reports.refunds(range))).toEqual({
      code: 'FORBIDDEN',
      message: 'Administrators only',
    });
    expect((await refusal(h.caller('ugStaff').reports.refunds({ depId: 101, ...range }))).code).toBe('FORBIDDEN');
    expect(
      (await refusal(h.caller('ugStaff').reports.refunds({ depId: 100, from: '2025-08-31', to: '2025-08-01' }))).code,
    ).toBe('BAD_REQUEST');
  });

  it('gives an admin every department at once, by mode and by department, with filters and a row limit', async () => {
    const all = await h.caller('admin').reports.refunds(range);
    expect(all.rows.map((x) => [x.number, x.departmentName])).toEqual([
      [3, 'Arts and Science PG'],
      [2, 'Arts and Science UG'],
      [1, 'Arts and Science UG'],
    ]);
    expect(all.paidOut).toEqual({ count: 2, amountPaise: 3_000_00 });
    expect(all.byMode).toEqual([
      { mode: 'cash', count: 1, amountPaise: 1_000_00 },
      { mode: 'bank_transfer', count: 1, amountPaise: 2_000_00 },
    ]);
    expect(all.byDepartment.map((d) => [d.depId, d.depName, d.amountPaise])).toEqual([
      [100, 'Arts and Science UG', 1_000_00],
      [101, 'Arts and Science PG', 2_000_00],
    ]);
    const raw = (await h.db.select().from(refunds)).filter((f) => f.status === 'live');
    expect(all.paidOut.amountPaise).toBe(raw.reduce((s, f) => s + f.amountPaise, 0));

    expect(
      (await h.caller('admin').reports.refunds({ ...range, paymentMode: 'bank_transfer' })).rows.map((x) => x.number),
    ).toEqual([3]);
    expect(
      (await h.caller('admin').reports.refunds({ ...range, text: 'pg-0' })).rows.map((x) => x.admissionNo),
    ).toEqual(['PG-001']);
    const limited = await h.caller('admin').reports.refunds({ ...range, limit: 1 });
    expect([limited.rows.length, limited.truncated, limited.paidOut.count, limited.voided.count]).toEqual([
      1,
      true,
      2,
      1,
    ]);
  });
});
