/**
 * The migration that starts the dated history of discounts: each discount already there becomes one row, dated the
 * business day of the audit log's latest change to it (Asia/Kolkata), or the migration's day when the log has none,
 * so the history adds up to the discounts from the first day.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows, run } from './engines';
import { discountHistoryTotals } from './queries';
import { databaseBeforeMigration } from './test/database';

it('gives each discount one row: dated its latest audited change (Asia/Kolkata), else the migration day', async () => {
  const { old, reopen } = await databaseBeforeMigration({
    sqlite: '0045_discount_changes',
    postgres: '0039_discount_changes',
  });
  await run(
    old,
    sql`INSERT INTO batches (id, department_id, course_id, name, start_date, end_date)
      VALUES (1, 100, 1003, 'B1', '2025-06-01', '2028-03-31')`,
  );
  await run(
    old,
    sql`INSERT INTO students (id, department_id, course_id, batch_id, admission_no, cap_id, name, admission_date,
      date_of_birth, gender, category_id, address)
      VALUES (1, 100, 1003, 1, 'A-1', 'C-1', 'Asha', '2025-06-10', '2007-01-01', 'Female', 1, 'Road')`,
  );
  const [head] = await rows<{ id: number }>(old, sql`SELECT id FROM fee_heads ORDER BY id LIMIT 1`);
  const [other] = await rows<{ id: number }>(old, sql`SELECT id FROM fee_heads ORDER BY id DESC LIMIT 1`);
  await run(
    old,
    sql`INSERT INTO discounts (id, student_id, fee_head_id, discount_paise, adjustment_paise)
      VALUES (1, 1, ${head!.id}, 500000, 10000), (2, 1, ${other!.id}, 0, 2500)`,
  );
  // Created on 1 August, edited at 20:00 UTC on 3 August: already 4 August in India.
  await run(
    old,
    sql`INSERT INTO audit_log (at, action, entity, entity_id) VALUES
      ('2025-08-01T05:00:00.000Z', 'create', 'discount', '1'),
      ('2025-08-03T20:00:00.000Z', 'update', 'discount', '1')`,
  );
  const db = await reopen();
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  expect(
    await rows(
      db,
      sql`SELECT student_id AS "studentId", department_id AS "departmentId", batch_id AS "batchId",
        discount_change_paise AS discount, adjustment_change_paise AS adjustment, date, source
        FROM discount_changes ORDER BY id`,
    ),
  ).toEqual([
    {
      studentId: 1,
      departmentId: 100,
      batchId: 1,
      discount: 500000,
      adjustment: 10000,
      date: '2025-08-04',
      source: 'backfill',
    },
    { studentId: 1, departmentId: 100, batchId: 1, discount: 0, adjustment: 2500, date: today, source: 'backfill' },
  ]);
  const { history, current } = await discountHistoryTotals(db);
  expect(history.sort((a, b) => a.feeHeadId - b.feeHeadId)).toEqual(current.sort((a, b) => a.feeHeadId - b.feeHeadId));
});
