import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { openDatabase } from './client';
import { rows, run } from './engines';
import { closePostgres, openPostgres } from './engines/postgres/client';
import { receiptTotalsDrift } from './derived';
import { CALENDAR_DATE_COLUMNS } from './schema';
import { closeTestDatabase, migrationsBefore, onPostgres, openTestDatabase, temporaryFolder } from './test/database';
import { createTestPostgres } from './test/postgres';

const DATE_COLUMNS = Object.entries(CALENDAR_DATE_COLUMNS).flatMap(([table, columns]) =>
  columns.map((column) => [table, column] as const),
);

/** The table and column each trigger of SQLite's 0020_calendar_dates refuses a date in, by trigger kind. */
function columnsOfMigration0020(): Record<'insert' | 'update', string[]> {
  const text = readFileSync(fileURLToPath(new URL('../drizzle/0020_calendar_dates.sql', import.meta.url)), 'utf8');
  const covered = { insert: [] as string[], update: [] as string[] };
  for (const trigger of text.split('CREATE TRIGGER ').slice(1)) {
    const kind = /^\w+_calendar_dates_(insert|update) /.exec(trigger)?.[1] as 'insert' | 'update';
    for (const m of trigger.matchAll(/'(\w+\.\w+) is not a calendar date/g)) covered[kind].push(m[1]!);
  }
  return covered;
}

/** One row in every table with a date column, all dated `date` (written with plain SQL, as any program could). */
async function oneOfEach(db: Database, date: string): Promise<void> {
  const statements = [
    sql`INSERT INTO batches (id, department_id, course_id, name, start_date, end_date) VALUES (1, 100, 1003, 'B1', ${date}, ${date})`,
    sql`INSERT INTO students (id, department_id, course_id, batch_id, admission_no, cap_id, name, admission_date, date_of_birth,
       gender, category_id, address) VALUES (1, 100, 1003, 1, 'A-1', 'C-1', 'Asha', ${date}, ${date}, 'Female', 1, 'Road')`,
    sql`INSERT INTO fee_structures (id, batch_id, fee_head_id, amount_paise, start_date, end_date) VALUES (1, 1, 1, 100000, ${date}, ${date})`,
    sql`INSERT INTO instalment_plans (batch_id) VALUES (1)`,
    sql`INSERT INTO instalments (id, batch_id, position, name, due_date) VALUES (1, 1, 1, 'Term 1', ${date})`,
    sql`INSERT INTO opening_balances (id, student_id, fee_head_id, amount_paise, due_date) VALUES (1, 1, 1, 5000, ${date})`,
    sql`INSERT INTO fine_waivers (id, student_id, amount_paise, reason, date) VALUES (1, 1, 100, 'Late bus', ${date})`,
    sql`INSERT INTO receipts (id, number, department_id, course_id, batch_id, student_id, date, student_name, address, total_paise,
       tax_rate_basis_points, tax_paise, net_paise, payment_mode) VALUES (1, 1, 100, 1003, 1, 1, ${date}, 'Asha', 'Road', 1000, 0, 0, 1000, 'cheque')`,
    sql`INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, amount_paise) VALUES (1, 1, 1, 1, 1000)`,
    sql`INSERT INTO refunds (id, number, department_id, course_id, batch_id, student_id, date, student_name, amount_paise, payment_mode,
       reason) VALUES (1, 1, 100, 1003, 1, 1, ${date}, 'Asha', 100, 'cash', 'Left')`,
    sql`INSERT INTO cheques (id, receipt_id, department_id, student_id, bank, instrument_no, instrument_date, cleared_on, bounced_on)
       VALUES (1, 1, 100, 1, 'SBI', '000123', ${date}, ${date}, ${date})`,
    sql`INSERT INTO day_closings (department_id, date) VALUES (100, ${date})`,
  ];
  for (const statement of statements) await run(db, statement);
}

/** What the engine says when it refuses a date: SQLite's triggers name table and column, PostgreSQL the constraint. */
function refusal(table: string, column: string): RegExp {
  return onPostgres
    ? new RegExp(`${table}_${column}_calendar`)
    : new RegExp(`${table}\\.${column} is not a calendar date`);
}

const opened: Database[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await closeTestDatabase(db);
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('calendar dates in the database', () => {
  it('the date columns both engines check are the ones the SQLite migration 0020_calendar_dates covers', () => {
    const listed = DATE_COLUMNS.map(([table, column]) => `${table}.${column}`).sort();
    const covered = columnsOfMigration0020();
    expect(covered.insert.sort()).toEqual(listed);
    expect(covered.update.sort()).toEqual(listed);
  });

  it('every date column refuses a day no calendar has, written or changed, and keeps 29 February of a leap year', async () => {
    const db = await openTestDatabase();
    opened.push(db);
    await expect(oneOfEach(db, '2027-02-30')).rejects.toThrow(/batches(\.|_)(start|end)_date/);
    await oneOfEach(db, '2028-02-29');
    for (const [table, column] of DATE_COLUMNS) {
      for (const bad of ['2026-02-30', '2027-02-29', '2026-04-31', '2026-13-01', '26-02-03', '2026-02-03T00:00']) {
        await expect(
          run(db, sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${bad}`),
          `${table}.${column} = ${bad}`,
        ).rejects.toThrow(refusal(table, column));
      }
      expect(await run(db, sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = '2026-12-31'`)).toEqual({
        changes: 1,
      });
    }
    // A date written as the app writes it, in another column of the same row, is not stopped by the check.
    expect(await run(db, sql`UPDATE cheques SET bank = 'Canara', cleared_on = NULL`)).toEqual({ changes: 1 });
    await expect(
      run(db, sql`INSERT INTO instalments (batch_id, position, name, due_date) VALUES (1, 2, 'Term 2', '2027-02-30')`),
    ).rejects.toThrow(refusal('instalments', 'due_date'));
    expect(await rows(db, sql`SELECT due_date AS "dueDate" FROM instalments`)).toEqual([{ dueDate: '2026-12-31' }]);
  });

  it('the migration moves impossible days written before it to the last day of their month and audits each repair', async () => {
    const engine = onPostgres ? 'postgres' : 'sqlite';
    const before = migrationsBefore(engine, onPostgres ? '0015_calendar_dates' : '0020_calendar_dates');
    let reopen: () => Promise<Database>;
    let old: Database;
    if (onPostgres) {
      const postgres = await createTestPostgres();
      old = await openPostgres(postgres.url, { migrationsFolder: before.folder, max: 1 });
      reopen = async () => {
        await closePostgres(old);
        const db = await openPostgres(postgres.url, { max: 1 });
        const close = async () => {
          await closePostgres(db);
          await postgres.stop();
        };
        cleanups.push(close);
        return db;
      };
    } else {
      const path = `${temporaryFolder('fees-dates-')}/fees.sqlite`;
      old = openDatabase(path, { migrationsFolder: before.folder });
      reopen = async () => {
        old.$client.close();
        const db = openDatabase(path);
        opened.push(db);
        return db;
      };
    }
    await oneOfEach(old, '2027-02-30');
    await run(old, sql`UPDATE batches SET start_date = '2026-04-31', end_date = '2028-02-30'`);
    await run(old, sql`INSERT INTO day_closings (department_id, date) VALUES (100, '2027-02-28'), (101, '2027-02-31')`);
    await run(old, sql`UPDATE students SET date_of_birth = 'unknown'`);

    const db = await reopen();
    const dates = async (table: string, column: string) =>
      (
        await rows<{ d: string }>(
          db,
          sql`SELECT ${sql.identifier(column)} AS d FROM ${sql.identifier(table)} ORDER BY 1`,
        )
      ).map((r) => r.d);
    for (const [table, column] of DATE_COLUMNS) {
      if (table === 'batches' || table === 'day_closings' || column === 'date_of_birth') continue;
      expect(await dates(table, column), `${table}.${column}`).toEqual(['2027-02-28']);
    }
    expect(await dates('batches', 'start_date')).toEqual(['2026-04-30']);
    expect(await dates('batches', 'end_date')).toEqual(['2028-02-29']);
    // Department 100 had 28 February closed as well: one closing stays; 101's moves to its real day.
    expect(await rows(db, sql`SELECT department_id AS "departmentId", date FROM day_closings ORDER BY 1, 2`)).toEqual([
      { departmentId: 100, date: '2027-02-28' },
      { departmentId: 101, date: '2027-02-28' },
    ]);
    // A value that is no date at all is left as stored: nothing can say which day it meant.
    expect(await dates('students', 'date_of_birth')).toEqual(['unknown']);
    // The receipt's day moved with its running totals.
    expect(await dates('daily_mode_collections', 'date')).toEqual(['2027-02-28']);
    expect(await dates('daily_head_collections', 'date')).toEqual(['2027-02-28']);
    expect(await dates('student_payments', 'date')).toEqual(['2027-02-28']);
    expect(await dates('student_payment_texts', 'last_date')).toEqual(['2027-02-28']);
    expect(await receiptTotalsDrift(db)).toEqual([]);

    const audit = await rows<{
      action: string;
      entity: string;
      entityId: string;
      before: string;
      after: string | null;
    }>(
      db,
      sql`SELECT action, entity, entity_id AS "entityId", before, after FROM audit_log
       WHERE user_email LIKE 'migration %calendar_dates' ORDER BY entity, entity_id, before`,
    );
    // Every column repaired once (the birth date could not be), and the doubled closing removed.
    expect(audit).toHaveLength(DATE_COLUMNS.length);
    const parsed = audit.map((a) => ({
      ...a,
      before: JSON.parse(a.before) as unknown,
      after: a.after === null ? null : (JSON.parse(a.after) as unknown),
    }));
    expect(parsed).toContainEqual({
      action: 'update',
      entity: 'instalment_plan',
      entityId: '1',
      before: { due_date: '2027-02-30' },
      after: { due_date: '2027-02-28' },
    });
    expect(parsed).toContainEqual({
      action: 'delete',
      entity: 'day_closing',
      entityId: '100/2027-02-30',
      before: { date: '2027-02-30' },
      after: null,
    });
    expect(parsed).toContainEqual({
      action: 'update',
      entity: 'day_closing',
      entityId: '101/2027-02-31',
      before: { date: '2027-02-31' },
      after: { date: '2027-02-28' },
    });
  });
});
