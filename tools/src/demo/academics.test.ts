import { batches, discounts, feeStructures, rows as queryRows, students } from '@fees/db';
import { createTestDatabase } from '@fees/db/testing';
import { COURSES, DEPARTMENTS, ZStudentForm } from '@fees/validation';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadDemoAcademics } from './academics';

describe('demo academics', () => {
  it('gives every course two batches with 4-8 fee heads, a few hundred valid students and some discounts, once', async () => {
    const db = createTestDatabase();
    const summary = await loadDemoAcademics(db);
    expect(summary.batches).toBe(COURSES.length * 2);
    expect(summary.students).toBeGreaterThanOrEqual(300);
    expect(summary.students).toBeLessThanOrEqual(700);
    expect(summary.discounts / summary.students).toBeGreaterThan(0.05);
    expect(summary.discounts / summary.students).toBeLessThan(0.16);
    expect(await loadDemoAcademics(db)).toEqual({ batches: 0, feeStructures: 0, students: 0, discounts: 0 });

    const headsPerBatch = (
      await queryRows<{ n: number }>(
        db,
        sql`SELECT COUNT(*) AS n FROM ${feeStructures} GROUP BY ${feeStructures.batchId}`,
      )
    ).map((r) => r.n);
    expect(headsPerBatch).toHaveLength(COURSES.length * 2);
    expect(Math.min(...headsPerBatch)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...headsPerBatch)).toBeLessThanOrEqual(8);

    const perDepartment = await queryRows<{ depId: number; n: number }>(
      db,
      sql`SELECT department_id AS depId, COUNT(*) AS n FROM ${students} GROUP BY department_id`,
    );
    expect(perDepartment.map((r) => r.depId)).toEqual(DEPARTMENTS.map((d) => d.id));
    expect(Math.min(...perDepartment.map((r) => r.n))).toBeGreaterThanOrEqual(20);

    // Every student is what the registration form would accept, in a batch of their own course.
    const rows = await db.select().from(students);
    const batchById = new Map((await db.select().from(batches)).map((b) => [b.id, b]));
    for (const s of rows) {
      // The row keeps the opt-out as 0 or 1; the form takes it as yes or no.
      const result = ZStudentForm.safeParse({ ...s, remindersOptOut: s.remindersOptOut === 1, confirm: true });
      expect(result.success, `${s.admissionNo}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      expect(batchById.get(s.batchId)).toMatchObject({ courseId: s.courseId, departmentId: s.departmentId });
    }
    const discountRows = await db.select().from(discounts);
    for (const d of discountRows) expect(d.discountPaise).toBeGreaterThan(0);
  });

  it('is deterministic', async () => {
    const names = async () => {
      const db = createTestDatabase();
      await loadDemoAcademics(db);
      return await db.select({ no: students.admissionNo, name: students.name, phone: students.phone }).from(students);
    };
    expect(await names()).toEqual(await names());
  });
});
