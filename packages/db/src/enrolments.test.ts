import { enrolmentOfInstalment } from '@fees/money';
import { Random } from '@fees/validation/testing';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { rows, run } from './engines';
import { studentMoneyDrift } from './derived';
import { duesByBatch, paidAndOpeningOnHead, studentFeeBalances } from './queries';
import { closeTestDatabase, databaseBeforeMigration, openTestDatabase } from './test/database';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The enrolments migration, on each engine. */
const ENROLMENTS = { sqlite: '0035_enrolments', postgres: '0029_enrolments' };

/** Two batches, three students (admitted before, on and after their batch's start), fees, a discount and receipts. */
async function foundation(db: Database): Promise<void> {
  const statements = [
    sql`INSERT INTO batches (id, department_id, course_id, name, start_date, end_date) VALUES
      (1, 100, 1003, '2025-26', '2025-06-01', '2026-03-31'), (2, 100, 1003, '2026-27', '2026-06-01', '2027-03-31')`,
    sql`INSERT INTO students (id, department_id, course_id, batch_id, admission_no, cap_id, name, admission_date, date_of_birth,
       gender, category_id, address) VALUES
      (1, 100, 1003, 1, 'A-1', 'C-1', 'Asha', '2024-05-20', '2008-01-01', 'Female', 1, 'Road'),
      (2, 100, 1003, 1, 'A-2', 'C-2', 'Biju', '2025-07-10', '2008-01-01', 'Male', 1, 'Road'),
      (3, 100, 1003, 2, 'A-3', 'C-3', 'Chitra', '2026-06-01', '2009-01-01', 'Female', 1, 'Road')`,
    sql`INSERT INTO fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date) VALUES
      (1, 1, 2000000, '2025-06-01', '2026-03-31'), (1, 2, 300000, '2025-10-01', '2026-03-31'),
      (2, 1, 2200000, '2026-06-01', '2027-03-31')`,
    sql`INSERT INTO discounts (student_id, fee_head_id, discount_paise, adjustment_paise) VALUES (2, 1, 500000, 10000)`,
    sql`INSERT INTO receipts (id, number, department_id, course_id, batch_id, student_id, date, student_name, address, total_paise,
       tax_rate_basis_points, tax_paise, net_paise, payment_mode) VALUES
      (1, 1, 100, 1003, 1, 1, '2025-06-15', 'Asha', 'Road', 1200000, 0, 0, 1200000, 'cash'),
      (2, 2, 100, 1003, 2, 3, '2026-06-05', 'Chitra', 'Road', 2200000, 0, 0, 2200000, 'upi')`,
    sql`INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, amount_paise) VALUES
      (1, 1, 1, 1, 1200000), (2, 1, 3, 1, 2200000)`,
  ];
  for (const statement of statements) await run(db, statement);
}

/** student_money's rows: what the course reports read, kept by the triggers before and computed afresh by the migration. */
const studentMoney = (db: Database) => rows(db, sql`SELECT * FROM student_money ORDER BY student_id`);

const enrolmentsOf = (db: Database) =>
  rows<{ studentId: number; batchId: number; fromDate: string; toDate: string | null; status: string }>(
    db,
    sql`SELECT student_id AS "studentId", batch_id AS "batchId", from_date AS "fromDate", to_date AS "toDate", status
      FROM enrolments ORDER BY student_id, id`,
  );

describe('the enrolments migration', () => {
  it('gives every student one open enrolment in their batch and changes no money figure', async () => {
    const { old, reopen } = await databaseBeforeMigration(ENROLMENTS);
    await foundation(old);
    const before = await studentMoney(old);
    const db = await reopen();
    expect(await enrolmentsOf(db)).toEqual([
      { studentId: 1, batchId: 1, fromDate: '2025-06-01', toDate: null, status: 'open' },
      { studentId: 2, batchId: 1, fromDate: '2025-07-10', toDate: null, status: 'open' },
      { studentId: 3, batchId: 2, fromDate: '2026-06-01', toDate: null, status: 'open' },
    ]);
    expect(await studentMoney(db)).toEqual(before);
    expect((await studentFeeBalances(db, 2)).map((h) => [h.feeHeadId, h.feePaise, h.balancePaise])).toEqual([
      [1, 2000000, 2000000 - 510000],
      [2, 300000, 300000],
    ]);
    expect(await studentMoneyDrift(db)).toEqual([]);
    // And the dues as of a date: every student owes their batch's fees as before the migration.
    const dues = [];
    for await (const batch of duesByBatch(db, { batchIds: [1, 2], asOf: '2026-12-31' })) dues.push(...batch);
    expect(dues.map((d) => [d.studentId, d.dues.outstanding])).toEqual([
      [1, 2000000 + 300000 - 1200000],
      [2, 2000000 + 300000 - 510000],
      [3, 0],
    ]);
  });

  it('gives a student written afterwards, by any program, their open enrolment; a second open one is refused', async () => {
    const { reopen } = await databaseBeforeMigration(ENROLMENTS);
    const db = await reopen();
    await foundation(db);
    expect(await enrolmentsOf(db)).toHaveLength(3);
    await expect(
      run(
        db,
        sql`INSERT INTO enrolments (student_id, batch_id, from_date, status) VALUES (1, 2, '2026-06-01', 'open')`,
      ),
    ).rejects.toThrow();
    await run(db, sql`DELETE FROM discounts WHERE student_id = 2`);
    await run(db, sql`DELETE FROM students WHERE id = 2`);
    expect((await enrolmentsOf(db)).map((e) => e.studentId)).toEqual([1, 3]);
  });
});

describe('dues over enrolments', () => {
  it('per enrolment and in total, fee - discount - paid = owed in every figure, over random promotions and receipts', async () => {
    const db = await openTestDatabase();
    cleanups.push(() => closeTestDatabase(db));
    const random = new Random(32);
    await run(
      db,
      sql`INSERT INTO batches (id, department_id, course_id, name, start_date, end_date) VALUES
        (1, 100, 1003, '2025-26', '2025-06-01', '2026-03-31'), (2, 100, 1003, '2026-27', '2026-06-01', '2027-03-31')`,
    );
    // Tuition in two terms each year (a virtual plan: one instalment per start date), Exam fee in 2025-26 alone.
    await run(
      db,
      sql`INSERT INTO fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date) VALUES
        (1, 1, 2000000, '2025-06-01', '2026-03-31'), (1, 2, 300000, '2025-10-01', '2026-03-31'),
        (2, 1, 2400000, '2026-06-10', '2027-03-31')`,
    );
    const fees: Record<number, number> = { 1: 2300000, 2: 2400000 };
    const students = 24;
    let number = 0;
    const receipt = async (student: number, batch: number, date: string, head: number, amount: number) => {
      number++;
      await run(
        db,
        sql`INSERT INTO receipts (id, number, department_id, course_id, batch_id, student_id, date, student_name, address,
          total_paise, tax_rate_basis_points, tax_paise, net_paise, payment_mode)
          VALUES (${number}, ${number}, 100, 1003, ${batch}, ${student}, ${date}, 'S', 'Road', ${amount}, 0, 0, ${amount}, 'cash')`,
      );
      await run(
        db,
        sql`INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, amount_paise)
          VALUES (${number}, 1, ${student}, ${head}, ${amount})`,
      );
    };
    const fate = new Map<number, 'promoted' | 'kept'>();
    for (let id = 1; id <= students; id++) {
      await run(
        db,
        sql`INSERT INTO students (id, department_id, course_id, batch_id, admission_no, cap_id, name, admission_date,
          date_of_birth, gender, category_id, address)
          VALUES (${id}, 100, 1003, 1, ${`A-${id}`}, ${`C-${id}`}, 'S', '2025-06-01', '2008-01-01', 'Male', 1, 'Road')`,
      );
      if (random.chance(0.3))
        await run(
          db,
          sql`INSERT INTO discounts (student_id, fee_head_id, discount_paise, adjustment_paise)
            VALUES (${id}, 1, ${random.int(0, 300000)}, ${random.int(0, 50000)})`,
        );
      for (let k = random.int(0, 3); k > 0; k--)
        await receipt(
          id,
          1,
          `2025-${String(random.int(6, 12)).padStart(2, '0')}-15`,
          random.int(1, 2),
          random.int(1, 15000) * 100,
        );
      fate.set(id, random.chance(0.7) ? 'promoted' : 'kept');
    }
    for (const [id, what] of fate) {
      if (what === 'promoted') {
        await run(db, sql`UPDATE enrolments SET status = 'promoted', to_date = '2026-06-01' WHERE student_id = ${id}`);
        await run(
          db,
          sql`INSERT INTO enrolments (student_id, batch_id, from_date, status) VALUES (${id}, 2, '2026-06-01', 'open')`,
        );
        await run(db, sql`UPDATE students SET batch_id = 2 WHERE id = ${id}`);
        for (let k = random.int(0, 3); k > 0; k--)
          await receipt(id, 2, `2026-${String(random.int(6, 12)).padStart(2, '0')}-20`, 1, random.int(1, 20000) * 100);
      }
    }
    const dues = [];
    for await (const batch of duesByBatch(db, { batchIds: [1, 2], asOf: '2027-12-31' })) dues.push(...batch);
    expect(dues).toHaveLength(students);
    const [discountRows, paidRows] = await Promise.all([
      rows<{ studentId: number; given: number }>(
        db,
        sql`SELECT student_id AS "studentId", discount_paise + adjustment_paise AS given FROM discounts`,
      ),
      rows<{ studentId: number; feeHeadId: number; paid: number }>(
        db,
        sql`SELECT student_id AS "studentId", fee_head_id AS "feeHeadId", SUM(amount_paise) AS paid FROM receipt_lines
          GROUP BY student_id, fee_head_id`,
      ),
    ]);
    const given = new Map(discountRows.map((r) => [r.studentId, Number(r.given)]));
    const paidBy = (studentId: number) =>
      paidRows.filter((r) => r.studentId === studentId).reduce((s, r) => s + Number(r.paid), 0);
    for (const { studentId, dues: d } of dues) {
      const what = fate.get(studentId)!;
      const fee = what === 'promoted' ? fees[1]! + fees[2]! : fees[1]!;
      const owed = fee - (given.get(studentId) ?? 0) - paidBy(studentId);
      const sum = (list: typeof d.instalments) => list.reduce((s, i) => s + i.due - i.concession - i.paid, 0);
      expect(sum(d.instalments), `student ${studentId} (${what})`).toBe(owed);
      expect(d.instalments.reduce((s, i) => s + i.outstanding, 0)).toBe(owed);
      const ofPast = d.instalments.filter((i) => enrolmentOfInstalment(i.id) !== null);
      expect(ofPast.reduce((s, i) => s + i.due, 0)).toBe(what === 'promoted' ? fees[1] : 0);
      expect(sum(ofPast) + sum(d.instalments.filter((i) => enrolmentOfInstalment(i.id) === null))).toBe(owed);
      // Fees Info and the counter: both years' fees per head, the same balance.
      const heads = await studentFeeBalances(db, studentId);
      expect(heads.reduce((s, h) => s + h.feePaise, 0)).toBe(fee);
      expect(heads.reduce((s, h) => s + h.balancePaise, 0)).toBe(owed);
      // The advance counts a head's credit over both years' fees, never last year's payments against this year's fee.
      const credit = heads.reduce((s, h) => s + Math.max(0, -h.balancePaise), 0);
      const money = await rows<{ credit: number; charges: number }>(
        db,
        sql`SELECT credit_paise AS credit, charges_paise AS charges FROM student_money WHERE student_id = ${studentId}`,
      );
      expect(Number(money[0]!.credit), `credit of ${studentId}`).toBe(credit);
      expect(Number(money[0]!.charges)).toBe(what === 'promoted' ? fees[1] : 0);
      // The discount form's balance check reads last year's Tuition fee beside this year's.
      expect((await paidAndOpeningOnHead(db, { studentId, feeHeadId: 1 })).openingPaise).toBe(
        what === 'promoted' ? 2000000 : 0,
      );
    }
    // The triggers kept student_money as a fresh computation gives it, through the promotions and the receipts after.
    expect(await studentMoneyDrift(db)).toEqual([]);
  });
});
