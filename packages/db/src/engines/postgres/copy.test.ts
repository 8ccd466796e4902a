import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../client';
import { row } from '..';
import { studentMoneyDrift } from '../../derived';
import { receiptTotalsDrift } from '../../derived';
import { sqliteMigrationsBefore, temporaryFolder } from '../../test/database';
import { createTestPostgres, type TestPostgres } from '../../test/postgres';
import { copySqliteToPostgres } from './copy';
import { closePostgres, openPostgres } from './client';

/** An SQLite file made by the app before migration 0019 (no student_money yet), with students, fees and receipts. */
function fileBeforeStudentMoney(): { path: string; pending: number } {
  const path = join(temporaryFolder('fees-copy-old-'), 'fees.sqlite');
  const before = sqliteMigrationsBefore('0019_student_money');
  const sqlite = openDatabase(path, { migrationsFolder: before.folder }).$client;
  sqlite.exec(`
    INSERT INTO batches (id, department_id, course_id, name, start_date, end_date) VALUES (1, 100, 1003, 'B1', '2025-06-01', '2028-03-31');
    INSERT INTO students (id, department_id, course_id, batch_id, admission_no, cap_id, name, admission_date, date_of_birth, gender, category_id, address) VALUES
      (1, 100, 1003, 1, 'A-1', 'C-1', 'S1', '2025-06-10', '2007-01-01', 'Male', 1, 'Road'),
      (2, 100, 1003, 1, 'A-2', 'C-2', 'S2', '2025-06-10', '2007-01-01', 'Female', 1, 'Road');
    INSERT INTO fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date) VALUES
      (1, 1, 2500000, '2025-06-01', '2026-03-31'), (1, 2, 150000, '2025-06-01', '2026-03-31');
    INSERT INTO discounts (student_id, fee_head_id, discount_paise, adjustment_paise) VALUES (2, 1, 500000, 0);
    INSERT INTO receipts (id, number, department_id, course_id, batch_id, student_id, date, student_name, address, total_paise,
        tax_rate_basis_points, tax_paise, net_paise, payment_mode, status) VALUES
      (1, 1, 100, 1003, 1, 1, '2025-07-01', 'S1', 'Road', 1000000, 0, 0, 1000000, 'cash', 'live'),
      (2, 2, 100, 1003, 1, 2, '2025-07-02', 'S2', 'Road', 2150000, 0, 0, 2150000, 'upi', 'live'),
      (3, 3, 100, 1003, 1, 1, '2025-07-03', 'S1', 'Road', 300000, 0, 0, 300000, 'cash', 'voided');
    INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, amount_paise) VALUES
      (1, 1, 1, 1, 1000000), (2, 1, 2, 1, 2000000), (2, 2, 2, 2, 150000), (3, 1, 1, 2, 300000);
    UPDATE receipt_number_sequence SET last_number = 3;`);
  sqlite.close();
  return { path, pending: sqliteMigrationsBefore().count + 1 - before.count };
}

describe('pnpm db:copy from a file of an older version', () => {
  let postgres: TestPostgres;
  let target: Database;
  beforeAll(async () => {
    postgres = await createTestPostgres();
    target = await openPostgres(postgres.url, { max: 2 });
  }, 120_000);
  afterAll(async () => {
    if (target) await closePostgres(target);
    await postgres?.stop();
  });

  it('copies from a migrated snapshot: student_money is filled and right, every table equal, the file unchanged', async () => {
    const { path, pending } = fileBeforeStudentMoney();
    const { checks, sourceMigrated } = await copySqliteToPostgres(path, target);
    expect(sourceMigrated).toBe(pending);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    const money = checks.find((c) => c.table === 'student_money')!;
    // Student 1 paid 10,000 (the voided 3,000 counts nowhere); student 2 paid 21,500 after a 5,000 discount.
    expect(money.rows).toEqual({ source: 2, target: 2 });
    expect(money.sums.paid_paise).toEqual({ source: 31_500_00, target: 31_500_00 });
    expect(money.sums.discount_paise).toEqual({ source: 5_000_00, target: 5_000_00 });
    expect(await studentMoneyDrift(target)).toEqual([]);
    expect(await receiptTotalsDrift(target)).toEqual([]);
    expect(await row(target, sql`SELECT last_number AS n FROM receipt_number_sequence`)).toEqual({ n: 3 });

    const file = new Sqlite(path, { readonly: true });
    expect(file.prepare(`SELECT name FROM sqlite_master WHERE name = 'student_money'`).get()).toBeUndefined();
    file.close();
  });
});
