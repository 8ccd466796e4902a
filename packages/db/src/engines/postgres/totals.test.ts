import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../client';
import { receiptTotalsDrift } from '../../derived';
import { createTestPostgres, type TestPostgres } from '../../test/postgres';
import type { Database } from '../../client';
import { closePostgres, openPostgres } from './client';
import { poolOf } from './database';

/**
 * The plpgsql totals triggers against SQLite's: the same random raw writes (receipts inserted, voided,
 * revived, moved, edited and deleted; lines and payment parts added, changed and deleted; students and fee structures
 * moved) applied to both engines leave identical totals tables, and SQLite's equal a recomputation.
 */
interface Engine {
  all(query: SQL): Promise<Record<string, unknown>[]>;
}

function sqliteEngine(): Engine & { db: ReturnType<typeof openDatabase> } {
  const db = openDatabase(':memory:');
  return {
    db,
    async all(query) {
      const { sql: text, params } = new SQLiteSyncDialect().sqlToQuery(query);
      const statement = db.$client.prepare(text);
      if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
      statement.run(...params);
      return [];
    },
  };
}

function postgresEngine(db: Database): Engine {
  return {
    async all(query) {
      const { sql: text, params } = new PgDialect().sqlToQuery(query);
      return (await poolOf(db)!.query(text, params)).rows;
    },
  };
}

function rng(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const MODES = ['cash', 'upi', 'cheque', 'bank_transfer', 'card'];
const TOTALS = [
  'student_head_paid',
  'daily_head_collections',
  'daily_mode_collections',
  'course_batch_receipts',
  'student_payments',
  'student_payment_texts',
  'student_money',
];

async function academics(e: Engine): Promise<void> {
  await e.all(sql`INSERT INTO batches (id, department_id, course_id, name, start_date, end_date) VALUES
    (1, 100, 1003, 'B1', '2025-06-01', '2028-03-31'), (2, 101, 2000, 'B2', '2025-06-01', '2027-03-31'),
    (3, 100, 1003, 'B3', '2025-06-01', '2028-03-31')`);
  for (const [i, batch] of [1, 1, 2, 2].entries()) {
    await e.all(sql`INSERT INTO students (id, department_id, course_id, batch_id, admission_no, cap_id, name, admission_date, date_of_birth, gender, category_id, address)
       VALUES (${i + 1}, ${batch === 1 ? 100 : 101}, ${batch === 1 ? 1003 : 2000}, ${batch}, ${`A-${i}`}, ${`C-${i}`}, ${`S${i}`}, '2025-06-10', '2007-01-01', 'Male', 1, 'Road')`);
  }
  for (const [batch, head] of [
    [1, 1],
    [1, 2],
    [3, 2],
    [3, 3],
    [2, 4],
  ]) {
    await e.all(
      sql`INSERT INTO fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date) VALUES (${batch}, ${head}, 100000, '2025-06-01', '2026-03-31')`,
    );
  }
}

/** One random write, chosen from `pick`, applied to an engine. */
async function write(e: Engine, pick: (n: number) => number, step: number): Promise<void> {
  const ids = (await e.all(sql`SELECT id FROM receipts ORDER BY id`)).map((r) => Number(r.id));
  const id = ids[pick(Math.max(ids.length, 1))];
  const kind = pick(12);
  const date = `2025-07-0${1 + pick(4)}`;
  const head = 1 + pick(4);
  if (kind <= 2 || id === undefined) {
    const student = 1 + pick(4);
    const total = 100 * (1 + pick(500));
    const [receipt] =
      await e.all(sql`INSERT INTO receipts (number, department_id, course_id, batch_id, student_id, date, student_name, address, total_paise,
         tax_rate_basis_points, tax_paise, net_paise, payment_mode, status)
       SELECT ${step + 1}, department_id, course_id, batch_id, id, ${date}, 'S', 'A', ${total}, 1800, ${total / 10}, ${total + total / 10}, ${MODES[pick(5)]}, ${pick(5) === 0 ? 'voided' : 'live'}
       FROM students WHERE id = ${student} RETURNING id`);
    const lines = 1 + pick(3);
    for (let line = 1; line <= lines; line++) {
      await e.all(
        sql`INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, amount_paise) VALUES (${receipt!.id}, ${line}, ${student}, ${1 + pick(4)}, ${100 * pick(300)})`,
      );
    }
    const parts = 1 + pick(3);
    for (let part = 1; part <= parts; part++) {
      await e.all(
        sql`INSERT INTO receipt_payments (receipt_id, part_no, payment_mode, amount_paise, tax_paise)
         VALUES (${receipt!.id}, ${part}, ${MODES[pick(5)]}, ${100 * pick(300)}, ${pick(50)})`,
      );
    }
  } else if (kind === 3) {
    await e.all(
      sql`UPDATE receipts SET status = CASE status WHEN 'live' THEN 'voided' ELSE 'live' END WHERE id = ${id}`,
    );
  } else if (kind === 4) {
    await e.all(
      sql`UPDATE receipts SET date = ${date}, payment_mode = ${MODES[pick(5)]}, net_paise = net_paise + 1, tax_paise = tax_paise + 1 WHERE id = ${id}`,
    );
    await e.all(
      sql`UPDATE receipt_payments SET payment_mode = ${MODES[pick(5)]}, amount_paise = amount_paise + 7 WHERE receipt_id = ${id} AND part_no = 1`,
    );
  } else if (kind === 5) {
    await e.all(sql`DELETE FROM receipt_lines WHERE id = (SELECT MIN(id) FROM receipt_lines WHERE receipt_id = ${id})`);
    await e.all(
      sql`DELETE FROM receipt_payments WHERE id = (SELECT MAX(id) FROM receipt_payments WHERE receipt_id = ${id})`,
    );
  } else if (kind === 6) {
    await e.all(
      sql`UPDATE receipt_lines SET amount_paise = amount_paise + 50, fee_head_id = ${head} WHERE receipt_id = ${id}`,
    );
  } else if (kind === 7) {
    await e.all(sql`DELETE FROM receipts WHERE id = ${id}`);
  } else if (kind === 8) {
    await e.all(sql`UPDATE receipts SET department_id = 100 + (department_id - 99) % 2 WHERE id = ${id}`);
  } else if (kind === 9) {
    await e.all(
      sql`UPDATE students SET batch_id = CASE batch_id WHEN 1 THEN 3 WHEN 3 THEN 1 ELSE batch_id END WHERE id = ${1 + pick(2)}`,
    );
  } else if (kind === 10) {
    const batch = 1 + 2 * pick(2);
    if (pick(2)) {
      await e.all(
        sql`DELETE FROM fee_structures WHERE id = (SELECT MIN(id) FROM fee_structures WHERE batch_id = ${batch})`,
      );
    } else {
      await e.all(sql`INSERT INTO fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date) VALUES (${batch}, ${head}, 100000, '2025-06-01', '2026-03-31')
         ON CONFLICT DO NOTHING`);
    }
  } else {
    const batch = 1 + 2 * pick(2);
    await e.all(sql`UPDATE fee_structures SET fee_head_id = ${head} WHERE id = (SELECT MIN(id) FROM fee_structures WHERE batch_id = ${batch})
         AND NOT EXISTS (SELECT 1 FROM fee_structures f WHERE f.batch_id = ${batch} AND f.fee_head_id = ${head})`);
  }
}

/** Each totals table's rows as sorted JSON texts (columns in name order). */
async function totals(e: Engine): Promise<string[][]> {
  const tables = await Promise.all(TOTALS.map((t) => e.all(sql`SELECT * FROM ${sql.identifier(t)}`)));
  return tables.map((rows) => rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort());
}

describe('PostgreSQL running totals', () => {
  let postgres: TestPostgres;
  let db: Database;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    db = await openPostgres(postgres.url);
  }, 60_000);

  afterAll(async () => {
    if (db) await closePostgres(db);
    await postgres?.stop();
  });

  it('equal SQLite totals after the same random raw writes', async () => {
    const pg = postgresEngine(db);
    const sqlite = sqliteEngine();
    await academics(pg);
    await academics(sqlite);
    const [pickPg, pickSqlite] = [rng(16), rng(16)];
    for (let step = 0; step < 400; step++) {
      await write(pg, pickPg, step);
      await write(sqlite, pickSqlite, step);
    }
    expect(await receiptTotalsDrift(sqlite.db)).toEqual([]);
    const expected = await totals(sqlite);
    expect(expected[0]!.length).toBeGreaterThan(0);
    expect(await totals(pg)).toEqual(expected);
    sqlite.db.$client.close();
  }, 60_000);
});
