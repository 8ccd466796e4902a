import { sql } from 'drizzle-orm';
import { ADVANCE_HEAD, CHEQUE_BOUNCE_HEAD, LATE_FEE_HEAD } from '@fees/validation';
import { advanceFromCreditPaise, advancePaise } from '@fees/money';
import { Random } from '@fees/validation/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { row, rows, run, transaction } from '../engines';
import { closeTestDatabase, migrationStatements, openTestDatabase, sqlWords } from '../test/database';
import { advanceSql } from '../queries/balance-sql';
import { studentAdvanceHeads, studentAdvanceSettlements } from '../queries/refunds';
import {
  advanceFiguresOfBatches,
  rebuildStudentMoney,
  STUDENT_MONEY_BACKFILL,
  studentMoneyDrift,
  studentMoneyPaidChange,
  studentMoneyRefresh,
} from './student-money';

const MODES = ['cash', 'upi', 'advance'] as const;
const BATCHES = [1, 2, 3];

/** Three batches (two of one course, so students can move) and six students, written with plain SQL. */
async function academics(db: Database): Promise<void> {
  await run(
    db,
    sql`INSERT INTO batches (id, department_id, course_id, name, start_date, end_date) VALUES
    (1, 100, 1003, 'B1', '2025-06-01', '2028-03-31'), (2, 101, 2000, 'B2', '2025-06-01', '2027-03-31'),
    (3, 100, 1003, 'B3', '2025-06-01', '2028-03-31')`,
  );
  for (const [i, batch] of [1, 1, 3, 3, 2, 2].entries()) {
    await run(
      db,
      sql`INSERT INTO students (id, department_id, course_id, batch_id, admission_no, cap_id, name, admission_date, date_of_birth, gender, category_id, address)
       VALUES (${i + 1}, ${batch === 2 ? 101 : 100}, ${batch === 2 ? 2000 : 1003}, ${batch}, ${`A-${i}`}, ${`C-${i}`}, ${`S${i}`}, '2025-06-10', '2007-01-01', 'Male', 1, 'Road')`,
    );
  }
}

/**
 * Random raw writes of every kind student_money is computed from: receipts (paid in money or from
 * the advance) and their lines, voids, edits and deletes; discounts, opening balances, bounced
 * cheques with charges, refunds; fee structures added, changed, moved, removed and made optional or compulsory;
 * students moved; opt-ins to optional heads and the instalment plans that price them.
 */
async function randomWrites(
  db: Database,
  seed: number,
  steps: number,
  afterEach: (kind: number) => Promise<void>,
): Promise<void> {
  const random = new Random(seed);
  const pick = (n: number) => random.int(0, n - 1);
  const any = <T>(xs: readonly T[]): T => xs[pick(xs.length)]!;
  const named = async (name: string) =>
    (await row<{ id: number }>(db, sql`SELECT id FROM fee_heads WHERE name = ${name}`))!.id;
  const heads = [
    ...(await rows<{ id: number }>(db, sql`SELECT id FROM fee_heads ORDER BY id LIMIT 4`)).map((h) => h.id),
    await named(ADVANCE_HEAD),
    await named(LATE_FEE_HEAD),
    await named(CHEQUE_BOUNCE_HEAD),
  ];
  const amount = () => 100 * (pick(7) === 0 ? -pick(50) : 1 + pick(500));
  let number = 0;
  for (let step = 0; step < steps; step++) {
    const student = 1 + pick(6);
    const head = any(heads);
    const receiptId = (
      await row<{ id: number }>(db, sql`SELECT id FROM receipts WHERE student_id = ${student} ORDER BY id DESC LIMIT 1`)
    )?.id;
    const kind = pick(18);
    if (kind <= 3 || receiptId === undefined) {
      const total = 100 * (1 + pick(500));
      const { id } = (await row<{ id: number }>(
        db,
        sql`INSERT INTO receipts (number, department_id, course_id, batch_id, student_id, date, student_name, address, total_paise,
           tax_rate_basis_points, tax_paise, net_paise, payment_mode, status)
         SELECT ${++number}, department_id, course_id, batch_id, id, '2025-07-01', 'S', 'A', ${total}, 0, 0, ${total}, ${any(MODES)}, ${pick(5) === 0 ? 'voided' : 'live'}
         FROM students WHERE id = ${student} RETURNING id`,
      ))!;
      for (let line = 1; line <= 1 + pick(3); line++) {
        await run(
          db,
          sql`INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, amount_paise) VALUES (${id}, ${line}, ${student}, ${any(heads)}, ${100 * pick(3000)})`,
        );
      }
    } else if (kind === 4) {
      await run(
        db,
        sql`UPDATE receipts SET status = CASE status WHEN 'live' THEN 'voided' ELSE 'live' END WHERE id = ${receiptId}`,
      );
    } else if (kind === 5) {
      await run(
        db,
        sql`UPDATE receipts SET payment_mode = ${any(MODES)}, total_paise = total_paise + 100 WHERE id = ${receiptId}`,
      );
    } else if (kind === 6) {
      await run(
        db,
        sql`UPDATE receipt_lines SET amount_paise = amount_paise + 5000, fee_head_id = ${head} WHERE receipt_id = ${receiptId}`,
      );
    } else if (kind === 7) {
      await run(db, sql`DELETE FROM receipts WHERE id = ${receiptId}`);
    } else if (kind === 8) {
      await run(
        db,
        sql`INSERT INTO discounts (student_id, fee_head_id, discount_paise, adjustment_paise) VALUES (${student}, ${head}, ${100 * pick(800)}, ${100 * (pick(3) - 1) * pick(200)})
         ON CONFLICT DO NOTHING`,
      );
    } else if (kind === 9) {
      if (pick(2))
        await run(
          db,
          sql`UPDATE discounts SET discount_paise = discount_paise + 2500, fee_head_id = ${head} WHERE id = (SELECT MIN(id) FROM discounts WHERE student_id = ${student}) AND NOT EXISTS (SELECT 1 FROM discounts d WHERE d.student_id = ${student} AND d.fee_head_id = ${head})`,
        );
      else
        await run(
          db,
          sql`DELETE FROM discounts WHERE id = (SELECT MIN(id) FROM discounts WHERE student_id = ${student})`,
        );
    } else if (kind === 10) {
      if (pick(3)) {
        await run(
          db,
          sql`INSERT INTO opening_balances (student_id, fee_head_id, amount_paise, due_date) VALUES (${student}, ${head}, ${amount() || 100}, '2025-06-30') ON CONFLICT DO NOTHING`,
        );
      } else {
        await run(
          db,
          sql`DELETE FROM opening_balances WHERE id = (SELECT MIN(id) FROM opening_balances WHERE student_id = ${student})`,
        );
      }
    } else if (kind === 11) {
      await run(
        db,
        sql`INSERT INTO cheques (receipt_id, department_id, student_id, bank, instrument_no, instrument_date, status, bounce_charge_paise)
         SELECT ${receiptId}, department_id, student_id, 'SBI', ${`C${step}`}, '2025-07-01', ${any(['pending', 'bounced', 'cleared'])}, ${100 * pick(600)} FROM receipts WHERE id = ${receiptId}
         ON CONFLICT DO NOTHING`,
      );
    } else if (kind === 12) {
      await run(
        db,
        sql`UPDATE cheques SET status = CASE status WHEN 'bounced' THEN 'cleared' ELSE 'bounced' END, bounce_charge_paise = ${100 * pick(600)}
        WHERE id = (SELECT MAX(id) FROM cheques WHERE student_id = ${student})`,
      );
    } else if (kind === 13) {
      if (pick(3)) {
        await run(
          db,
          sql`INSERT INTO refunds (number, department_id, course_id, batch_id, student_id, date, student_name, amount_paise, payment_mode, reason)
           SELECT ${step + 1}, department_id, course_id, batch_id, id, '2025-07-02', 'S', ${100 * (1 + pick(300))}, 'cash', 'Refund' FROM students WHERE id = ${student}`,
        );
      } else {
        await run(
          db,
          sql`UPDATE refunds SET status = 'voided' WHERE id = (SELECT MAX(id) FROM refunds WHERE student_id = ${student})`,
        );
      }
    } else if (kind === 14) {
      const batch = any(BATCHES);
      const choice = pick(4);
      if (choice === 0)
        await run(
          db,
          sql`DELETE FROM fee_structures WHERE id = (SELECT MIN(id) FROM fee_structures WHERE batch_id = ${batch})`,
        );
      else if (choice === 1)
        await run(
          db,
          sql`UPDATE fee_structures SET amount_paise = ${amount()} WHERE id = (SELECT MAX(id) FROM fee_structures WHERE batch_id = ${batch})`,
        );
      else {
        await run(
          db,
          sql`INSERT INTO fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date) VALUES (${batch}, ${head}, ${amount()}, '2025-06-01', '2026-03-31')
           ON CONFLICT DO NOTHING`,
        );
      }
    } else if (kind === 15) {
      await run(
        db,
        sql`UPDATE students SET batch_id = CASE batch_id WHEN 1 THEN 3 WHEN 3 THEN 1 ELSE batch_id END WHERE id = ${student}`,
      );
    } else if (kind === 16) {
      const choice = pick(4);
      if (choice === 0)
        await run(
          db,
          sql`UPDATE fee_structures SET optional = 1 - optional WHERE batch_id = ${any(BATCHES)} AND fee_head_id = ${head}`,
        );
      else if (choice === 1)
        await run(
          db,
          sql`UPDATE optional_head_opt_ins SET to_date = ${any(['2025-07-31', '2025-12-31', null])}
           WHERE id = (SELECT MIN(id) FROM optional_head_opt_ins WHERE student_id = ${student})`,
        );
      else if (choice === 2)
        await run(
          db,
          sql`DELETE FROM optional_head_opt_ins WHERE id = (SELECT MAX(id) FROM optional_head_opt_ins WHERE student_id = ${student})`,
        );
      else
        await run(
          db,
          sql`INSERT INTO optional_head_opt_ins (student_id, fee_head_id, from_date) VALUES (${student}, ${head}, ${any(['2025-06-01', '2025-08-01', '2026-01-01'])})
           ON CONFLICT DO NOTHING`,
        );
    } else {
      // A plan's instalments, their amounts and the plan itself, as the plan screen writes them.
      const batch = any(BATCHES);
      const choice = pick(5);
      if (choice === 0)
        await run(db, sql`INSERT INTO instalment_plans (batch_id) VALUES (${batch}) ON CONFLICT DO NOTHING`);
      else if (choice === 1)
        await run(
          db,
          sql`INSERT INTO instalments (batch_id, name, due_date, position)
           SELECT batch_id, ${`T${step}`}, ${any(['2025-06-10', '2025-09-10', '2026-01-10'])}, ${step} FROM instalment_plans WHERE batch_id = ${batch}`,
        );
      else if (choice === 2)
        await run(
          db,
          sql`INSERT INTO instalment_amounts (instalment_id, fee_head_id, amount_paise)
           SELECT MAX(id), ${head}, ${100 * (1 + pick(300))} FROM instalments WHERE batch_id = ${batch} HAVING MAX(id) IS NOT NULL
           ON CONFLICT DO NOTHING`,
        );
      else if (choice === 3)
        await run(
          db,
          sql`UPDATE instalments SET due_date = ${any(['2025-07-10', '2025-12-10'])} WHERE id = (SELECT MIN(id) FROM instalments WHERE batch_id = ${batch})`,
        );
      else if (pick(2))
        await run(
          db,
          sql`DELETE FROM instalments WHERE id = (SELECT MIN(id) FROM instalments WHERE batch_id = ${batch})`,
        );
      else await run(db, sql`DELETE FROM instalment_plans WHERE batch_id = ${batch}`);
    }
    await afterEach(kind);
  }
}

/** What the advance rule gives from the per-student figures (as Fees Info reads them), and from the stored row. */
async function advances(db: Database): Promise<{ rule: Record<number, number>; stored: Record<number, number> }> {
  const rule: Record<number, number> = {};
  for (const { id } of await rows<{ id: number }>(db, sql`SELECT id FROM students`)) {
    rule[id] = advancePaise(await studentAdvanceHeads(db, id), await studentAdvanceSettlements(db, id));
  }
  const stored: Record<number, number> = {};
  const batchIds = (await rows<{ id: number }>(db, sql`SELECT id FROM batches`)).map((b) => b.id);
  for (const f of await advanceFiguresOfBatches(db, batchIds))
    stored[f.studentId] = advanceFromCreditPaise(f.creditPaise, f);
  return { rule, stored };
}

describe('student_money', () => {
  let db: Database | undefined;
  afterEach(async () => {
    if (db) await closeTestDatabase(db);
    db = undefined;
  });

  for (const seed of [1, 2, 3]) {
    it(`stays equal to a fresh computation and to the advance rule after random raw writes of every kind (seed ${seed})`, async () => {
      db = await openTestDatabase();
      await academics(db);
      // Checked after every write: a later write to the same student would hide a trigger that missed.
      const database = db;
      await randomWrites(database, seed, 250, async (kind) =>
        expect({ kind, drift: await studentMoneyDrift(database) }).toEqual({ kind, drift: [] }),
      );
      expect(
        (await row<{ n: number }>(db, sql`SELECT COUNT(*) AS n FROM student_money WHERE credit_paise > 0`))!.n,
      ).toBeGreaterThan(0);
      expect(await studentMoneyDrift(db)).toEqual([]);
      const { rule, stored } = await advances(db);
      expect(Object.values(rule).some((a) => a > 0)).toBe(true);
      expect(stored).toEqual(rule);
      await transaction(db, async (tx) => rebuildStudentMoney(tx));
      expect(await studentMoneyDrift(db)).toEqual([]);
    }, 60_000);
  }

  it('counts an optional head in the credit as the opt-ins make it owed, after every opt-in and plan change', async () => {
    db = await openTestDatabase();
    const database = db;
    await academics(database);
    const head = (await row<{ id: number }>(database, sql`SELECT MIN(id) AS id FROM fee_heads`))!.id;
    // Batch 1's optional head 6,000 in two terms of 3,000; student 1 opted in from June and paid the 6,000.
    const statements = [
      sql`INSERT INTO fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date, optional)
        VALUES (1, ${head}, 600000, '2025-06-01', '2026-03-31', 1)`,
      sql`INSERT INTO instalment_plans (batch_id) VALUES (1)`,
      sql`INSERT INTO instalments (id, batch_id, name, due_date, position) VALUES (1, 1, 'T1', '2025-06-10', 0), (2, 1, 'T2', '2025-12-10', 1)`,
      sql`INSERT INTO instalment_amounts (instalment_id, fee_head_id, amount_paise) VALUES (1, ${head}, 300000), (2, ${head}, 300000)`,
      sql`INSERT INTO optional_head_opt_ins (id, student_id, fee_head_id, from_date) VALUES (1, 1, ${head}, '2025-06-01')`,
      sql`INSERT INTO receipts (id, number, department_id, course_id, batch_id, student_id, date, student_name, address, total_paise,
        tax_rate_basis_points, tax_paise, net_paise, payment_mode, status)
        VALUES (1, 1, 100, 1003, 1, 1, '2025-07-01', 'S', 'A', 600000, 0, 0, 600000, 'cash', 'live')`,
      sql`INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, amount_paise) VALUES (1, 1, 1, ${head}, 600000)`,
    ];
    for (const statement of statements) await run(database, statement);
    const credit = async () => {
      expect(await studentMoneyDrift(database)).toEqual([]);
      return Number(
        (await row<{ c: number }>(database, sql`SELECT credit_paise AS c FROM student_money WHERE student_id = 1`))!.c,
      );
    };
    expect(await credit()).toBe(0);
    // Out after July: only term 1 owed.
    await run(database, sql`UPDATE optional_head_opt_ins SET to_date = '2025-07-31' WHERE id = 1`);
    expect(await credit()).toBe(300000);
    await run(database, sql`UPDATE instalment_amounts SET amount_paise = 100000 WHERE instalment_id = 1`);
    expect(await credit()).toBe(500000);
    // Term 1 moved past the spell: nothing owed.
    await run(database, sql`UPDATE instalments SET due_date = '2025-08-10' WHERE id = 1`);
    expect(await credit()).toBe(600000);
    await run(database, sql`UPDATE instalments SET due_date = '2025-06-10' WHERE id = 1`);
    expect(await credit()).toBe(500000);
    await run(database, sql`DELETE FROM instalments WHERE id = 1`);
    expect(await credit()).toBe(600000);
    // Without a plan the head is owed whole on its start date, inside the spell.
    await run(database, sql`DELETE FROM instalments WHERE id = 2`);
    await run(database, sql`DELETE FROM instalment_plans WHERE batch_id = 1`);
    expect(await credit()).toBe(0);
    await run(database, sql`DELETE FROM optional_head_opt_ins WHERE id = 1`);
    expect(await credit()).toBe(600000);
    await run(database, sql`UPDATE fee_structures SET optional = 0 WHERE batch_id = 1 AND fee_head_id = ${head}`);
    expect(await credit()).toBe(0);
  });

  it('advanceSql, which the reports sum, equals the advance rule advanceFromCreditPaise', async () => {
    db = await openTestDatabase();
    const random = new Random(11);
    for (let i = 0; i < 200; i++) {
      const settled = { appliedPaise: random.int(0, 5000), refundedPaise: random.int(0, 5000) };
      const credit = random.int(0, 12000);
      const sqlAdvance = await row<{ advance: number }>(
        db,
        sql`SELECT ${sql.raw(advanceSql({ credit: 'CAST(c.credit AS BIGINT)', applied: 'CAST(c.applied AS BIGINT)', refunded: 'CAST(c.refunded AS BIGINT)' }))} AS advance
          FROM (SELECT ${credit} AS credit, ${settled.appliedPaise} AS applied, ${settled.refundedPaise} AS refunded) c`,
      );
      expect(Number(sqlAdvance!.advance)).toBe(advanceFromCreditPaise(credit, settled));
    }
  });

  it('is held unchanged by both engines’ migrations', () => {
    const sqlite = migrationStatements('sqlite', '0041_sponsored_credit.sql').join(' ');
    const postgres = migrationStatements('postgres', '0035_sponsored_credit.sql').join(' ');
    for (const statement of studentMoneyRefresh('NEW.student_id')) expect(sqlite).toContain(sqlWords(`${statement};`));
    for (const statement of studentMoneyRefresh('refreshed')) expect(postgres).toContain(sqlWords(`${statement};`));
    for (const [student, head, oldPaid, newPaid] of [
      ['NEW.student_id', 'NEW.fee_head_id', '0', 'NEW.paid_paise'],
      ['NEW.student_id', 'NEW.fee_head_id', 'OLD.paid_paise', 'NEW.paid_paise'],
      ['OLD.student_id', 'OLD.fee_head_id', 'OLD.paid_paise', '0'],
    ] as const) {
      const change = sqlWords(`${studentMoneyPaidChange({ student, head, oldPaid, newPaid })};`);
      expect(sqlite).toContain(change);
      expect(postgres).toContain(change);
    }
    expect(sqlite).toContain(sqlWords(`${STUDENT_MONEY_BACKFILL};`));
    expect(postgres).toContain(sqlWords(`${STUDENT_MONEY_BACKFILL};`));
  });
});
