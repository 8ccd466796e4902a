import { batches, feeHeads, feeStructures, receipts, students, studentFeeBalances } from '@fees/db';
import { createTestDatabase } from '@fees/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadDemoReceipts } from './receipts';

function seedStudents() {
  const db = createTestDatabase();
  const heads = db.select().from(feeHeads).all().slice(0, 4);
  for (const [departmentId, courseId] of [
    [100, 1003],
    [101, 2000],
    [104, 5001],
  ] as const) {
    const batch = db.insert(batches).values({ departmentId, courseId, name: '2025-2028', startDate: '2025-06-01', endDate: '2028-03-31' }).returning().get();
    heads.forEach((head, i) => {
      db.insert(feeStructures).values({ batchId: batch.id, feeHeadId: head.id, amountPaise: (i + 1) * 5_000_00, startDate: '2025-06-01', endDate: '2026-03-31' }).run();
    });
    for (let n = 1; n <= 20; n++) {
      db.insert(students)
        .values({ departmentId, courseId, batchId: batch.id, admissionNo: `${courseId}-${n}`, capId: `C${n}`, name: `Student ${n}`, admissionDate: '2025-06-10', dateOfBirth: '2007-01-01', gender: 'Female', categoryId: 1, address: 'Main Road' })
        .run();
    }
  }
  return db;
}

describe('demo receipts', () => {
  it('writes 1-4 receipts per student through the service, a couple voided, deterministically, once', () => {
    const db = seedStudents();
    const written = loadDemoReceipts(db);
    expect(written).toBeGreaterThanOrEqual(60);
    expect(loadDemoReceipts(db)).toBe(0);

    const summary = db.get<{ n: number; first: number; last: number; voided: number; noRef: number }>(sql`
      SELECT COUNT(*) AS n, MIN(number) AS first, MAX(number) AS last,
             SUM(status = 'voided') AS voided,
             SUM(payment_mode <> 'cash' AND payment_reference IS NULL) AS noRef
      FROM ${receipts}`);
    expect(summary).toEqual({ n: written, first: 1, last: written, voided: 2, noRef: 0 });
    const perStudent = db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM ${receipts} GROUP BY student_id`);
    expect(Math.max(...perStudent.map((r) => r.n))).toBeLessThanOrEqual(4);
    const modes = db.all<{ mode: string }>(sql`SELECT DISTINCT payment_mode AS mode FROM ${receipts}`).map((r) => r.mode);
    expect(modes).toEqual(expect.arrayContaining(['cash', 'upi', 'cheque']));
    // Numbers follow the receipt dates, and nobody was charged past their balance.
    const outOfOrder = db.all(sql`SELECT a.number FROM ${receipts} a JOIN ${receipts} b ON b.number = a.number + 1 WHERE b.date < a.date`);
    expect(outOfOrder).toEqual([]);
    const ids = db.select({ id: students.id }).from(students).all();
    for (const { id } of ids) expect(studentFeeBalances(db, id).every((row) => row.balancePaise >= 0)).toBe(true);

    const again = seedStudents();
    loadDemoReceipts(again);
    const fingerprint = (d: typeof db) => d.all(sql`SELECT number, student_id, date, net_paise, payment_mode, payment_reference, status FROM ${receipts} ORDER BY number`);
    expect(fingerprint(again)).toEqual(fingerprint(db));
  });
});
