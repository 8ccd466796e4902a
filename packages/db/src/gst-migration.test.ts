/**
 * The migration that gives fee heads their GST treatment and receipt lines the GST they were issued with: heads
 * become taxable at the foundation-wide rate when it is not 0, and every issued receipt keeps its rate and tax,
 * now held line by line, the lines adding up to the tax printed on it.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { rows, run } from './engines';
import { databaseBeforeMigration } from './test/database';

/** The GST migration, on each engine. */
const GST = { sqlite: '0030_fee_head_gst', postgres: '0024_fee_head_gst' };

/** Two heads, a student, and receipts issued at `rates` (basis points), each with the lines given (paise). */
async function issued(db: Database, rateOfToday: number, receipts: Array<{ rate: number; lines: number[] }>) {
  await run(
    db,
    sql`INSERT INTO settings (id, gst_rate_basis_points) VALUES (1, ${rateOfToday})
      ON CONFLICT (id) DO UPDATE SET gst_rate_basis_points = ${rateOfToday}`,
  );
  await run(db, sql`INSERT INTO fee_heads (id, name) VALUES (901, 'Transport Fee'), (902, 'Uniform')`);
  await run(
    db,
    sql`INSERT INTO batches (id, department_id, course_id, name, start_date, end_date)
      VALUES (1, 100, 1003, 'B1', '2025-06-01', '2028-03-31')`,
  );
  await run(
    db,
    sql`INSERT INTO students (id, department_id, course_id, batch_id, admission_no, cap_id, name, admission_date,
      date_of_birth, gender, category_id, address)
      VALUES (1, 100, 1003, 1, 'A-1', 'C-1', 'Asha', '2025-06-10', '2007-01-01', 'Female', 1, 'Road')`,
  );
  for (const [i, receipt] of receipts.entries()) {
    const total = receipt.lines.reduce((sum, amount) => sum + amount, 0);
    // As issued before: the rate applied once to the total, rounded half up.
    const tax = Math.floor((total * receipt.rate + 5000) / 10000);
    await run(
      db,
      sql`INSERT INTO receipts (id, number, department_id, course_id, batch_id, student_id, date, student_name, address,
        total_paise, tax_rate_basis_points, tax_paise, net_paise, payment_mode)
        VALUES (${i + 1}, ${i + 1}, 100, 1003, 1, 1, '2025-08-01', 'Asha', 'Road', ${total}, ${receipt.rate}, ${tax},
          ${total + tax}, 'cash')`,
    );
    for (const [j, amount] of receipt.lines.entries()) {
      await run(
        db,
        sql`INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, amount_paise)
          VALUES (${i + 1}, ${j + 1}, 1, ${j % 2 === 0 ? 901 : 902}, ${amount})`,
      );
    }
  }
}

const linesOf = (db: Database) =>
  rows<{ receiptId: number; rate: number; tax: number }>(
    db,
    sql`SELECT receipt_id AS "receiptId", tax_rate_basis_points AS rate, tax_paise AS tax
      FROM receipt_lines ORDER BY receipt_id, line_no`,
  );

describe('the fee head GST migration', () => {
  it('with a rate of today, every head becomes taxable at it and each receipt keeps its tax, now line by line', async () => {
    const { old, reopen } = await databaseBeforeMigration(GST);
    await issued(old, 1800, [
      // 18% of 10.00 = 1.80; per line 0.5994, 0.5994, 0.6012 round to 0.60 each: no paisa left over.
      { rate: 1800, lines: [333, 333, 334] },
      // 18% of 0.50 = 0.09 on the total; per line 0.045 rounds up twice (0.10): the first largest line gives a paisa back.
      { rate: 1800, lines: [25, 25] },
      // Issued when the rate was 5%: its lines keep 5%.
      { rate: 500, lines: [1_000_00, 99] },
      // Issued at 0% (or adjusted from advance): nothing taxed.
      { rate: 0, lines: [500_00] },
    ]);
    const db = await reopen();
    expect(
      await rows(
        db,
        sql`SELECT id, gst_treatment AS treatment, gst_rate_basis_points AS rate, gst_code AS code FROM fee_heads
          WHERE id IN (901, 902) ORDER BY id`,
      ),
    ).toEqual([
      { id: 901, treatment: 'taxable', rate: 1800, code: null },
      { id: 902, treatment: 'taxable', rate: 1800, code: null },
    ]);
    expect(await linesOf(db)).toEqual([
      { receiptId: 1, rate: 1800, tax: 60 },
      { receiptId: 1, rate: 1800, tax: 60 },
      { receiptId: 1, rate: 1800, tax: 60 },
      { receiptId: 2, rate: 1800, tax: 4 },
      { receiptId: 2, rate: 1800, tax: 5 },
      { receiptId: 3, rate: 500, tax: 5_000 },
      { receiptId: 3, rate: 500, tax: 5 },
      { receiptId: 4, rate: 0, tax: 0 },
    ]);
    // Every receipt as printed: its tax unchanged and the sum of its lines'.
    expect(
      await rows(
        db,
        sql`SELECT r.id, r.tax_paise AS tax, (SELECT SUM(tax_paise) FROM receipt_lines WHERE receipt_id = r.id) AS lines
          FROM receipts r ORDER BY r.id`,
      ),
    ).toEqual([
      { id: 1, tax: 180, lines: 180 },
      { id: 2, tax: 9, lines: 9 },
      { id: 3, tax: 5_005, lines: 5_005 },
      { id: 4, tax: 0, lines: 0 },
    ]);
    // The tax per rate of each receipt, as the books credit each rate's Output GST ledger.
    expect(
      await rows(
        db,
        sql`SELECT receipt_id AS "receiptId", tax_rate_basis_points AS "rateBasisPoints",
            SUM(amount_paise) AS "taxablePaise", SUM(tax_paise) AS "taxPaise"
          FROM receipt_lines WHERE tax_rate_basis_points > 0
          GROUP BY receipt_id, tax_rate_basis_points ORDER BY receipt_id, tax_rate_basis_points`,
      ),
    ).toEqual([
      { receiptId: 1, rateBasisPoints: 1800, taxablePaise: 1000, taxPaise: 180 },
      { receiptId: 2, rateBasisPoints: 1800, taxablePaise: 50, taxPaise: 9 },
      { receiptId: 3, rateBasisPoints: 500, taxablePaise: 1_000_99, taxPaise: 5_005 },
    ]);
  });

  it('with a rate of 0 today, every head stays exempt', async () => {
    const { old, reopen } = await databaseBeforeMigration(GST);
    await issued(old, 0, [{ rate: 0, lines: [100_00, 200_00] }]);
    const db = await reopen();
    expect(
      await rows(db, sql`SELECT DISTINCT gst_treatment AS treatment, gst_rate_basis_points AS rate FROM fee_heads`),
    ).toEqual([{ treatment: 'exempt', rate: 0 }]);
    expect(await linesOf(db)).toEqual([
      { receiptId: 1, rate: 0, tax: 0 },
      { receiptId: 1, rate: 0, tax: 0 },
    ]);
  });
});
