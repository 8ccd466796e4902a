import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { rows, run } from './engines';
import { closePostgres, openPostgres } from './engines/postgres/client';
import { studentMoneyDrift } from './derived';
import { duesByBatch } from './queries';
import { closeTestDatabase, migrationsBefore, onPostgres, temporaryFolder } from './test/database';
import { createTestPostgres } from './test/postgres';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A database as the app before enrolments left it, and a way to open it again with every migration. */
async function databaseBeforeEnrolments(): Promise<{ old: Database; reopen: () => Promise<Database> }> {
  const before = migrationsBefore(
    onPostgres ? 'postgres' : 'sqlite',
    onPostgres ? '0022_enrolments' : '0028_enrolments',
  );
  if (onPostgres) {
    const postgres = await createTestPostgres();
    const old = await openPostgres(postgres.url, { migrationsFolder: before.folder, max: 1 });
    return {
      old,
      reopen: async () => {
        await closePostgres(old);
        const db = await openPostgres(postgres.url, { max: 1 });
        cleanups.push(async () => {
          await closePostgres(db);
          await postgres.stop();
        });
        return db;
      },
    };
  }
  const path = `${temporaryFolder('fees-enrolments-')}/fees.sqlite`;
  const old = openDatabase(path, { migrationsFolder: before.folder });
  return {
    old,
    reopen: async () => {
      old.$client.close();
      const db = openDatabase(path);
      cleanups.push(() => closeTestDatabase(db));
      return db;
    },
  };
}

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

/** Every money figure the reports read for these students: student_money's rows and the dues as of a date. */
async function figures(db: Database) {
  const money = await rows(db, sql`SELECT * FROM student_money ORDER BY student_id`);
  const dues = [];
  for await (const batch of duesByBatch(db, { batchIds: [1, 2], asOf: '2026-12-31' })) dues.push(...batch);
  return { money, dues };
}

const enrolmentsOf = (db: Database) =>
  rows<{ studentId: number; batchId: number; fromDate: string; toDate: string | null; status: string }>(
    db,
    sql`SELECT student_id AS "studentId", batch_id AS "batchId", from_date AS "fromDate", to_date AS "toDate", status
      FROM enrolments ORDER BY student_id, id`,
  );

describe('the enrolments migration', () => {
  it('gives every student one open enrolment in their batch and changes no money figure', async () => {
    const { old, reopen } = await databaseBeforeEnrolments();
    await foundation(old);
    const before = await figures(old);
    const db = await reopen();
    expect(await enrolmentsOf(db)).toEqual([
      { studentId: 1, batchId: 1, fromDate: '2025-06-01', toDate: null, status: 'open' },
      { studentId: 2, batchId: 1, fromDate: '2025-07-10', toDate: null, status: 'open' },
      { studentId: 3, batchId: 2, fromDate: '2026-06-01', toDate: null, status: 'open' },
    ]);
    expect(await figures(db)).toEqual(before);
    expect(await studentMoneyDrift(db)).toEqual([]);
  });

  it('gives a student written afterwards, by any program, their open enrolment; a second open one is refused', async () => {
    const { reopen } = await databaseBeforeEnrolments();
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
