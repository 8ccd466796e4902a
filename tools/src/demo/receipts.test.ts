import { batches, feeHeads, feeStructures, receipts, row, rows, students, studentFeeBalances } from '@fees/db';
import { createTestDatabase } from '@fees/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadDemoReceipts } from './receipts';

async function seedStudents() {
  const db = createTestDatabase();
  const heads = (await db.select().from(feeHeads)).slice(0, 4);
  for (const [departmentId, courseId] of [
    [100, 1003],
    [101, 2000],
    [104, 5001],
  ] as const) {
    const batch = (
      await db
        .insert(batches)
        .values({ departmentId, courseId, name: '2025-2028', startDate: '2025-06-01', endDate: '2028-03-31' })
        .returning()
    )[0]!;
    for (const [i, head] of heads.entries()) {
      await db.insert(feeStructures).values({
        batchId: batch.id,
        feeHeadId: head.id,
        amountPaise: (i + 1) * 5_000_00,
        startDate: '2025-06-01',
        endDate: '2026-03-31',
      });
    }
    for (let n = 1; n <= 20; n++) {
      await db.insert(students).values({
        departmentId,
        courseId,
        batchId: batch.id,
        admissionNo: `${courseId}-${n}`,
        capId: `C${n}`,
        name: `Student ${n}`,
        admissionDate: '2025-06-10',
        dateOfBirth: '2007-01-01',
        gender: 'Female',
        categoryId: 1,
        address: 'Main Road',
      });
    }
  }
  return db;
}

describe('demo receipts', () => {
  it('writes 1-4 receipts per student through the service, a couple voided, deterministically, once', async () => {
    const db = await seedStudents();
    const written = await loadDemoReceipts(db);
    expect(written).toBeGreaterThanOrEqual(60);
    expect(await loadDemoReceipts(db)).toBe(0);

    const summary = await row<{ n: number; first: number; last: number; voided: number; noRef: number }>(
      db,
      sql`
      SELECT COUNT(*) AS n, MIN(number) AS first, MAX(number) AS last,
             SUM(status = 'voided') AS voided,
             SUM(payment_mode <> 'cash' AND payment_reference IS NULL) AS noRef
      FROM ${receipts}`,
    );
    expect(summary).toEqual({ n: written, first: 1, last: written, voided: 2, noRef: 0 });
    const perStudent = await rows<{ n: number }>(db, sql`SELECT COUNT(*) AS n FROM ${receipts} GROUP BY student_id`);
    expect(Math.max(...perStudent.map((r) => r.n))).toBeLessThanOrEqual(4);
    const modes = (await rows<{ mode: string }>(db, sql`SELECT DISTINCT payment_mode AS mode FROM ${receipts}`)).map(
      (r) => r.mode,
    );
    expect(modes).toEqual(expect.arrayContaining(['cash', 'upi', 'cheque']));
    // Numbers follow the receipt dates, and nobody was charged past their balance.
    const outOfOrder = await rows(
      db,
      sql`SELECT a.number FROM ${receipts} a JOIN ${receipts} b ON b.number = a.number + 1 WHERE b.date < a.date`,
    );
    expect(outOfOrder).toEqual([]);
    const ids = await db.select({ id: students.id }).from(students);
    for (const { id } of ids)
      expect((await studentFeeBalances(db, id)).every((row) => row.balancePaise >= 0)).toBe(true);

    const again = await seedStudents();
    await loadDemoReceipts(again);
    const fingerprint = (d: typeof db) =>
      rows(
        d,
        sql`SELECT number, student_id, date, net_paise, payment_mode, payment_reference, status FROM ${receipts} ORDER BY number`,
      );
    expect(await fingerprint(again)).toEqual(await fingerprint(db));
  });
});
