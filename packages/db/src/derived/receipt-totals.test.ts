import { join } from 'node:path';
import type Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dayNumber } from '@fees/money';
import { Random } from '@fees/validation/testing';
import { openDatabase } from '../client';
import {
  DAILY_MODE_COLLECTIONS_BACKFILL,
  RECEIPT_TOTALS_BACKFILL,
  rebuildReceiptTotals,
  receiptTotalsDrift,
  STUDENT_COURSE_TOTALS_BACKFILL,
  STUDENT_PAYMENTS_BACKFILL,
  studentPaymentTextsBackfill,
} from './receipt-totals';
import { transaction } from '../engines';
import { postgresSql } from '../engines/postgres/engine-sql';
import { sqliteSql } from '../engines/sqlite/engine-sql';
import { rebuildStudentMoney, studentMoneyDrift } from './student-money';
import { migrationStatements, onPostgres, sqliteMigrationsBefore, sqlWords, temporaryFolder } from '../test/database';

const MODES = ['cash', 'upi', 'cheque', 'bank_transfer', 'card'] as const;

/** A seeded integer in [0, n), so a failure replays. */
function rng(seed: number) {
  const random = new Random(seed);
  return (n: number) => random.int(0, n - 1);
}

/** Two departments' batches and four students, written with plain SQL. */
function academics(sqlite: Sqlite.Database): number[] {
  sqlite.exec(`
    INSERT INTO batches (id, department_id, course_id, name, start_date, end_date) VALUES
      (1, 100, 1003, 'B1', '2025-06-01', '2028-03-31'), (2, 101, 2000, 'B2', '2025-06-01', '2027-03-31');`);
  const ids: number[] = [];
  for (const [i, batch] of [1, 1, 2, 2].entries()) {
    const dep = batch === 1 ? 100 : 101;
    const course = batch === 1 ? 1003 : 2000;
    const row = sqlite
      .prepare(
        `INSERT INTO students (department_id, course_id, batch_id, admission_no, cap_id, name, admission_date, date_of_birth, gender, category_id, address)
         VALUES (?, ?, ?, ?, ?, ?, '2025-06-10', '2007-01-01', 'Male', 1, 'Road') RETURNING id`,
      )
      .get(dep, course, batch, `A-${i}`, `C-${i}`, `S${i}`) as { id: number };
    ids.push(row.id);
  }
  return ids;
}

/**
 * Random writes of every kind any code could make to receipts, their lines and (`parts`: for a database that
 * has them) their payment parts.
 */
function randomWrites(sqlite: Sqlite.Database, students: number[], seed: number, steps: number, parts = true): void {
  const pick = rng(seed);
  const heads = (sqlite.prepare('SELECT id FROM fee_heads ORDER BY id LIMIT 4').all() as { id: number }[]).map(
    (h) => h.id,
  );
  const date = () => `2025-07-${String(1 + pick(4)).padStart(2, '0')}`;
  let number = 0;
  const receiptIds = () => (sqlite.prepare('SELECT id FROM receipts').all() as { id: number }[]).map((r) => r.id);
  const any = <T>(xs: T[]) => xs[pick(xs.length)];
  for (let step = 0; step < steps; step++) {
    const kind = pick(9);
    const existing = receiptIds();
    const id = any(existing);
    if (kind <= 2 || id === undefined) {
      const student = any(students)!;
      const info = sqlite
        .prepare('SELECT department_id AS d, course_id AS c, batch_id AS b FROM students WHERE id = ?')
        .get(student) as { d: number; c: number; b: number };
      const total = 100 * (1 + pick(500));
      const { id: receiptId } = sqlite
        .prepare(
          `INSERT INTO receipts (number, department_id, course_id, batch_id, student_id, date, student_name, address, total_paise,
             tax_rate_basis_points, tax_paise, net_paise, payment_mode, status)
           VALUES (?, ?, ?, ?, ?, ?, 'S', 'A', ?, 1800, ?, ?, ?, ?) RETURNING id`,
        )
        .get(
          ++number,
          info.d,
          info.c,
          info.b,
          student,
          date(),
          total,
          total / 10,
          total + total / 10,
          any([...MODES]),
          pick(5) === 0 ? 'voided' : 'live',
        ) as { id: number };
      for (let line = 1; line <= 1 + pick(3); line++) {
        sqlite
          .prepare(
            'INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, amount_paise) VALUES (?, ?, ?, ?, ?)',
          )
          .run(receiptId, line, student, any(heads), 100 * pick(300));
      }
      for (let part = 1; parts && part <= 1 + pick(3); part++) {
        sqlite
          .prepare(
            'INSERT INTO receipt_payments (receipt_id, part_no, payment_mode, amount_paise, tax_paise) VALUES (?, ?, ?, ?, ?)',
          )
          .run(receiptId, part, any([...MODES]), 100 * pick(300), pick(50));
      }
    } else if (kind === 3) {
      sqlite
        .prepare(`UPDATE receipts SET status = CASE status WHEN 'live' THEN 'voided' ELSE 'live' END WHERE id = ?`)
        .run(id);
    } else if (kind === 4) {
      sqlite
        .prepare(
          'UPDATE receipts SET date = ?, payment_mode = ?, net_paise = net_paise + 1, tax_paise = tax_paise + 1 WHERE id = ?',
        )
        .run(date(), any([...MODES]), id);
      if (parts)
        sqlite
          .prepare('UPDATE receipt_payments SET payment_mode = ?, amount_paise = amount_paise + 7 WHERE receipt_id = ?')
          .run(any([...MODES]), id);
    } else if (kind === 5) {
      sqlite
        .prepare('DELETE FROM receipt_lines WHERE id = (SELECT MIN(id) FROM receipt_lines WHERE receipt_id = ?)')
        .run(id);
      if (parts)
        sqlite
          .prepare(
            'DELETE FROM receipt_payments WHERE id = (SELECT MAX(id) FROM receipt_payments WHERE receipt_id = ?)',
          )
          .run(id);
    } else if (kind === 6) {
      sqlite
        .prepare('UPDATE receipt_lines SET amount_paise = amount_paise + 50, fee_head_id = ? WHERE receipt_id = ?')
        .run(any(heads), id);
    } else if (kind === 7) {
      sqlite.prepare('DELETE FROM receipts WHERE id = ?').run(id);
    } else {
      sqlite.prepare('UPDATE receipts SET department_id = 100 + (department_id - 99) % 2 WHERE id = ?').run(id);
    }
  }
}

// SQLite's triggers; PostgreSQL's own are checked against them in engines/postgres/totals.test.ts.
describe.skipIf(onPostgres)('receipt totals', () => {
  it('stay equal to a recomputation from the receipts after any raw inserts, updates, voids and deletes', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const db = openDatabase(':memory:');
      const students = academics(db.$client);
      randomWrites(db.$client, students, seed, 300);
      expect(db.$client.prepare('SELECT COUNT(*) AS n FROM receipts').get()).not.toEqual({ n: 0 });
      expect(await receiptTotalsDrift(db)).toEqual([]);
      const paid = db.$client.prepare('SELECT * FROM student_head_paid ORDER BY 1, 2').all();
      await transaction(db, async (tx) => rebuildReceiptTotals(tx));
      expect(await receiptTotalsDrift(db)).toEqual([]);
      expect(db.$client.prepare('SELECT * FROM student_head_paid WHERE paid_paise <> 0 ORDER BY 1, 2').all()).toEqual(
        (paid as { paid_paise: number }[]).filter((p) => p.paid_paise !== 0),
      );
    }
  });

  it('a database with receipts from before the migration gets its totals from the backfill', async () => {
    const path = join(temporaryFolder('fees-totals-'), 'fees.sqlite');
    const before = sqliteMigrationsBefore('0002_receipt_totals');
    expect(before.count).toBeGreaterThan(0);
    const old = openDatabase(path, { migrationsFolder: before.folder });
    expect(
      old.$client.prepare(`SELECT name FROM sqlite_master WHERE name = 'student_head_paid'`).get(),
    ).toBeUndefined();
    randomWrites(old.$client, academics(old.$client), 7, 200, false);
    old.$client.close();

    const migrated = openDatabase(path);
    expect(migrated.$client.prepare('SELECT COUNT(*) AS n FROM daily_mode_collections').get()).not.toEqual({ n: 0 });
    expect(await receiptTotalsDrift(migrated)).toEqual([]);
    migrated.$client.close();
  });

  it('rebuilds wiped totals from the receipts, with the same statements as the migration', async () => {
    const db = openDatabase(':memory:');
    randomWrites(db.$client, academics(db.$client), 11, 200);
    const snapshot = () =>
      ['student_head_paid', 'daily_head_collections', 'daily_mode_collections'].map((t) =>
        db.$client.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3`).all(),
      );
    await transaction(db, async (tx) => rebuildReceiptTotals(tx));
    const rebuilt = snapshot();
    for (const table of ['student_head_paid', 'daily_head_collections', 'daily_mode_collections'])
      db.$client.exec(`DELETE FROM ${table}`);
    expect(await receiptTotalsDrift(db)).not.toEqual([]);
    await transaction(db, async (tx) => rebuildReceiptTotals(tx));
    expect(snapshot()).toEqual(rebuilt);
    expect(await receiptTotalsDrift(db)).toEqual([]);

    const migration = migrationStatements('sqlite', '0002_receipt_totals.sql');
    for (const statement of RECEIPT_TOTALS_BACKFILL) expect(migration).toContain(sqlWords(statement));
  });

  it('receipts from before payment parts get one part each, holding their mode, net and GST', async () => {
    const path = join(temporaryFolder('fees-parts-'), 'fees.sqlite');
    const before = sqliteMigrationsBefore('0024_receipt_payments');
    const old = openDatabase(path, { migrationsFolder: before.folder });
    randomWrites(old.$client, academics(old.$client), 8, 200, false);
    const modes = old.$client
      .prepare(`SELECT payment_mode AS mode, COUNT(*) AS n, SUM(net_paise) AS net FROM receipts WHERE status = 'live'
        GROUP BY payment_mode ORDER BY 1`)
      .all();
    old.$client.close();

    const migrated = openDatabase(path);
    expect(
      migrated.$client
        .prepare(`SELECT COUNT(*) AS n FROM receipts r WHERE (SELECT COUNT(*) FROM receipt_payments p WHERE p.receipt_id = r.id
          AND p.part_no = 1 AND p.payment_mode = r.payment_mode AND p.amount_paise = r.net_paise AND p.tax_paise = r.tax_paise) <> 1`)
        .get(),
    ).toEqual({ n: 0 });
    expect(
      migrated.$client
        .prepare(`SELECT payment_mode AS mode, SUM(receipt_count) AS n, SUM(net_paise) AS net FROM daily_mode_collections
          GROUP BY payment_mode HAVING SUM(part_count) > 0 ORDER BY 1`)
        .all(),
    ).toEqual(modes);
    expect(await receiptTotalsDrift(migrated)).toEqual([]);
    expect(migrationStatements('sqlite', '0024_receipt_payments.sql')).toContain(
      sqlWords(DAILY_MODE_COLLECTIONS_BACKFILL),
    );
    migrated.$client.close();
  });

  it('paid per student on the batch heads and receipts per course and batch stay right as students, structures and receipts move', async () => {
    for (const seed of [21, 22, 23]) {
      const db = openDatabase(':memory:');
      const sqlite = db.$client;
      const students = academics(sqlite);
      sqlite.exec(
        `INSERT INTO batches (id, department_id, course_id, name, start_date, end_date) VALUES (3, 100, 1003, 'B3', '2025-06-01', '2028-03-31')`,
      );
      const heads = (sqlite.prepare('SELECT id FROM fee_heads ORDER BY id LIMIT 4').all() as { id: number }[]).map(
        (h) => h.id,
      );
      const structure = sqlite.prepare(
        `INSERT OR IGNORE INTO fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date) VALUES (?, ?, 100000, '2025-06-01', '2026-03-31')`,
      );
      for (const [batch, head] of [
        [1, 0],
        [1, 1],
        [3, 1],
        [3, 2],
        [2, 3],
      ] as const)
        structure.run(batch, heads[head]);
      const pick = rng(seed);
      for (let round = 0; round < 12; round++) {
        sqlite.exec('UPDATE receipts SET number = number + 1000');
        randomWrites(sqlite, students, seed * 100 + round, 30);
        const [first, second] = [students[0]!, students[1]!];
        const op = pick(5);
        if (op === 0)
          sqlite
            .prepare('UPDATE students SET batch_id = CASE batch_id WHEN 1 THEN 3 ELSE 1 END WHERE id IN (?, ?)')
            .run(first, pick(2) ? second : first);
        else if (op === 1) structure.run(1 + 2 * pick(2), heads[pick(3)]);
        else if (op === 2)
          sqlite
            .prepare('DELETE FROM fee_structures WHERE id = (SELECT MIN(id) FROM fee_structures WHERE batch_id = ?)')
            .run(1 + 2 * pick(2));
        else if (op === 3)
          sqlite
            .prepare('UPDATE OR IGNORE fee_structures SET fee_head_id = ? WHERE batch_id = ?')
            .run(heads[pick(4)], 1 + 2 * pick(2));
        else
          sqlite
            .prepare(
              'UPDATE receipts SET batch_id = CASE batch_id WHEN 1 THEN 3 ELSE 1 END WHERE course_id = 1003 AND id % 2 = ?',
            )
            .run(pick(2));
        expect(await receiptTotalsDrift(db)).toEqual([]);
        expect(await studentMoneyDrift(db)).toEqual([]);
      }
      expect(sqlite.prepare('SELECT COUNT(*) AS n FROM student_money WHERE paid_paise <> 0').get()).not.toEqual({
        n: 0,
      });
      expect(
        sqlite.prepare('SELECT COUNT(*) AS n FROM course_batch_receipts WHERE receipt_count > 0').get(),
      ).not.toEqual({ n: 0 });
      const snapshot = () =>
        ['student_money', 'course_batch_receipts'].map((t) => sqlite.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all());
      const kept = snapshot();
      await transaction(db, async (tx) => {
        await rebuildReceiptTotals(tx);
        await rebuildStudentMoney(tx);
      });
      expect(snapshot()).toEqual(kept);
      expect(await receiptTotalsDrift(db)).toEqual([]);
    }
  });

  it('the new totals are filled by the same statements as migration 0003', () => {
    const migration = migrationStatements('sqlite', '0003_student_course_totals.sql');
    for (const statement of STUDENT_COURSE_TOTALS_BACKFILL) expect(migration).toContain(sqlWords(statement));
  });

  it('student_payments is filled by the same statement as migration 0014 and holds exactly the live lines', () => {
    expect(migrationStatements('sqlite', '0014_student_payments.sql')).toContain(sqlWords(STUDENT_PAYMENTS_BACKFILL));
    const db = openDatabase(':memory:');
    randomWrites(db.$client, academics(db.$client), 13, 300);
    const live = db.$client
      .prepare(
        `SELECT rl.student_id, r.date, r.number, rl.id AS line_id, rl.fee_head_id, rl.amount_paise
         FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id WHERE r.status = 'live' ORDER BY 1, 2, 3, 4`,
      )
      .all();
    expect(live.length).toBeGreaterThan(0);
    expect(db.$client.prepare('SELECT * FROM student_payments').all()).toEqual(live);
  });

  it("student_payment_texts is filled as its migrations fill it, each student's live lines as a JSON array", () => {
    expect(migrationStatements('sqlite', '0025_student_payment_texts_json.sql')).toContain(
      sqlWords(studentPaymentTextsBackfill(sqliteSql.daysSince1970)),
    );
    expect(migrationStatements('postgres', '0019_student_payment_texts_json.sql')).toContain(
      sqlWords(studentPaymentTextsBackfill(postgresSql.daysSince1970)),
    );
    for (const [seed, steps] of [
      [17, 40],
      [18, 300],
    ] as const) {
      const db = openDatabase(':memory:');
      randomWrites(db.$client, academics(db.$client), seed, steps);
      const live = db.$client
        .prepare(
          `SELECT rl.student_id AS studentId, r.date, r.number, rl.id AS lineId, rl.fee_head_id AS feeHeadId, rl.amount_paise AS amount
           FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id WHERE r.status = 'live' ORDER BY 1, 2, 3, 4`,
        )
        .all() as Array<{
        studentId: number;
        date: string;
        number: number;
        lineId: number;
        feeHeadId: number;
        amount: number;
      }>;
      const expected = new Map<
        number,
        { studentId: number; lines: number[]; lastDate: string; lastNumber: number; lastLineId: number }
      >();
      for (const l of live) {
        const line = [dayNumber(l.date), l.feeHeadId, l.amount];
        expected.set(l.studentId, {
          studentId: l.studentId,
          lines: [...(expected.get(l.studentId)?.lines ?? []), ...line],
          lastDate: l.date,
          lastNumber: l.number,
          lastLineId: l.lineId,
        });
      }
      expect(expected.size).toBeGreaterThan(1);
      const stored = db.$client
        .prepare(
          'SELECT student_id AS studentId, lines, last_date AS lastDate, last_number AS lastNumber, last_line_id AS lastLineId FROM student_payment_texts ORDER BY 1',
        )
        .all() as Array<{ lines: string }>;
      expect(stored.map((s) => ({ ...s, lines: JSON.parse(s.lines) }))).toEqual([...expected.values()]);
    }
  });
});
