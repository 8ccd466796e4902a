import {
  advanceFiguresOfBatches,
  batchDuesAsOf,
  cheques,
  concessionSchemeMembers,
  concessionSchemes,
  dayClosings,
  discounts,
  openingBalances,
  refunds,
  rows,
  students,
  studentAdvanceHeads,
  studentAdvanceSettlements,
  studentFeeBalances,
} from '@fees/db';
import { createTestDatabase } from '@fees/db/testing';
import { addDays, advanceFromCreditPaise, advancePaise } from '@fees/money';
import { today } from '@fees/server/config';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadDemoData } from './index';

describe('demo money operations', () => {
  it('give every money screen something to show: schemes, opening balances, advances and refunds, cheques, a closed day; once', {
    timeout: 120_000,
  }, async () => {
    const db = createTestDatabase();
    await loadDemoData(db);

    const schemes = await rows<{ name: string; members: number; discounts: number }>(
      db,
      sql`
      SELECT cs.name AS name, (SELECT COUNT(*) FROM ${concessionSchemeMembers} m WHERE m.scheme_id = cs.id) AS members,
        (SELECT COUNT(*) FROM ${discounts} d WHERE d.scheme_id = cs.id) AS discounts
      FROM ${concessionSchemes} cs ORDER BY cs.name`,
    );
    expect(schemes.map((s) => s.name)).toEqual(['RTE 25%', 'Staff ward']);
    for (const s of schemes) expect(s.members).toBeGreaterThan(0);
    expect(schemes.find((s) => s.name === 'Staff ward')!.members).toBe(3);

    const opening = await db.select().from(openingBalances);
    expect(opening.map((o) => o.amountPaise)).toEqual([4_500_00, 1_250_00, 6_000_00, 2_750_50, 1_800_00, -750_00]);

    const vouchers = await db.select().from(refunds).orderBy(refunds.number);
    expect(vouchers.map((r) => [r.number, r.amountPaise, r.status])).toEqual([
      [1, 1_500_00, 'live'],
      [2, 1_000_00, 'voided'],
    ]);
    // The first taker keeps 5,000.00 - 2,000.00 settled - 1,500.00 refunded; the second all 3,000.00 (the refund was voided).
    const takers = await db
      .select({ id: students.id, batchId: students.batchId })
      .from(students)
      .where(
        sql`${students.id} IN (${sql.join(
          vouchers.map((v) => sql`${v.studentId}`),
          sql`, `,
        )})`,
      );
    const advanceOf = async (studentId: number) =>
      advancePaise(await studentAdvanceHeads(db, studentId), await studentAdvanceSettlements(db, studentId));
    expect([await advanceOf(vouchers[0]!.studentId), await advanceOf(vouchers[1]!.studentId)]).toEqual([
      1_500_00, 3_000_00,
    ]);
    // The figures the dues reports read, kept by triggers, give the same.
    const kept = await advanceFiguresOfBatches(db, [...new Set(takers.map((t) => t.batchId))]);
    expect(
      vouchers
        .map((v) => kept.find((k) => k.studentId === v.studentId)!)
        .map((k) => advanceFromCreditPaise(k.creditPaise, k)),
    ).toEqual([1_500_00, 3_000_00]);

    const byStatus = await rows<{ status: string; n: number; charge: number }>(
      db,
      sql`
      SELECT status, COUNT(*) AS n, SUM(bounce_charge_paise) AS charge FROM ${cheques} GROUP BY status ORDER BY status`,
    );
    expect(byStatus.find((c) => c.status === 'bounced')).toEqual({ status: 'bounced', n: 1, charge: 250_00 });
    expect(byStatus.find((c) => c.status === 'cleared')!.n).toBeGreaterThan(0);
    const [bounced] = await db.select().from(cheques).where(sql`${cheques.status} = 'bounced'`);
    const charged = (await studentFeeBalances(db, bounced!.studentId)).find(
      (b) => b.feeHead === 'Cheque bounce charge',
    );
    expect(charged).toMatchObject({ feePaise: 250_00, balancePaise: 250_00 });
    const [student] = await db.select().from(students).where(sql`${students.id} = ${bounced!.studentId}`);
    const [dues] = await batchDuesAsOf(db, { batchId: student!.batchId, studentIds: [student!.id], asOf: today() });
    expect(dues!.dues.instalments.find((i) => i.name === 'Cheque bounce charge')).toMatchObject({
      due: 250_00,
      outstanding: 250_00,
    });

    const closings = await db.select().from(dayClosings);
    expect(closings).toHaveLength(6);
    expect(new Set(closings.map((c) => c.date))).toEqual(new Set([addDays(today(), -1)]));

    // Nobody owes below zero on a head of their batch after all of it (the opening advance is an advance, not a debt).
    for (const { id } of await db.select({ id: students.id }).from(students)) {
      for (const b of await studentFeeBalances(db, id))
        if (b.feeHead !== 'Previous dues') expect(b.balancePaise).toBeGreaterThanOrEqual(0);
    }

    const fingerprint = async () => [
      (await db.select().from(concessionSchemes)).length,
      (await db.select().from(openingBalances)).length,
      (await db.select().from(refunds)).length,
      (await db.select().from(dayClosings)).length,
      await rows(db, sql`SELECT id, status FROM ${cheques} ORDER BY id`),
    ];
    const before = await fingerprint();
    await loadDemoData(db);
    expect(await fingerprint()).toEqual(before);
  });
});
