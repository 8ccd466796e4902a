import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { row } from '../engines';
import { batches, courses, departments, feeStructures, receipts, students } from '../schema';
import { timestampNow } from './now';

const batchColumns = {
  id: batches.id,
  name: batches.name,
  departmentId: batches.departmentId,
  courseId: batches.courseId,
  startDate: batches.startDate,
  endDate: batches.endDate,
};

/**
 * A department's batches with their course, how many students they hold and their total fee
 * (the sum of the batch's fee structure), newest first within each course.
 */
export async function listBatches(db: Reader, params: { departmentId: number }) {
  const studentCounts = db
    .select({ batchId: students.batchId, n: sql<number>`count(*)`.as('student_count') })
    .from(students)
    .where(eq(students.departmentId, params.departmentId))
    .groupBy(students.batchId)
    .as('student_counts');
  const feeTotals = db
    .select({ batchId: feeStructures.batchId, total: sql<number>`sum(${feeStructures.amountPaise})`.as('fee_total') })
    .from(feeStructures)
    .groupBy(feeStructures.batchId)
    .as('fee_totals');
  return await db
    .select({
      ...batchColumns,
      courseName: courses.name,
      studentCount: sql<number>`coalesce(${studentCounts.n}, 0)`,
      feeTotalPaise: sql<number>`coalesce(${feeTotals.total}, 0)`,
    })
    .from(batches)
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .leftJoin(studentCounts, eq(studentCounts.batchId, batches.id))
    .leftJoin(feeTotals, eq(feeTotals.batchId, batches.id))
    .where(eq(batches.departmentId, params.departmentId))
    .orderBy(asc(batches.courseId), desc(batches.startDate), asc(batches.name));
}

/** The batches of one course of a department, newest first (registration, receipts, discounts). */
export async function listBatchesByCourse(db: Reader, params: { departmentId: number; courseId: number }) {
  return await db
    .select(batchColumns)
    .from(batches)
    .where(and(eq(batches.departmentId, params.departmentId), eq(batches.courseId, params.courseId)))
    .orderBy(desc(batches.startDate), asc(batches.name));
}

/** One batch with its course and department names; null when unknown. */
export async function findBatch(db: Reader, id: number) {
  return (
    (
      await db
        .select({
          ...batchColumns,
          courseName: courses.name,
          departmentName: departments.name,
          version: batches.version,
          updatedAt: batches.updatedAt,
        })
        .from(batches)
        .innerJoin(courses, eq(courses.id, batches.courseId))
        .innerJoin(departments, eq(departments.id, batches.departmentId))
        .where(eq(batches.id, id))
        .limit(1)
    )[0] ?? null
  );
}

/** Another batch of the course with this name (names are unique per course), ignoring case. */
export async function findBatchByName(db: Reader, params: { courseId: number; name: string; exceptId?: number }) {
  return (
    (
      await db
        .select({ id: batches.id })
        .from(batches)
        .where(
          and(
            eq(batches.courseId, params.courseId),
            sql`lower(${batches.name}) = lower(${params.name})`,
            params.exceptId === undefined ? undefined : ne(batches.id, params.exceptId),
          ),
        )
        .limit(1)
    )[0] ?? null
  );
}

/** True when students or receipts point at the batch: its course and department are then fixed. */
export async function batchIsInUse(db: Reader, batchId: number): Promise<boolean> {
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  const found = await row<{ used: number | boolean }>(
    db,
    sql`select exists(select 1 from ${students} where ${students.batchId} = ${batchId})
        or exists(select 1 from ${receipts} where ${receipts.batchId} = ${batchId}) as used`,
  );
  return Boolean(found?.used);
}

export type BatchRow = Pick<
  typeof batches.$inferSelect,
  'departmentId' | 'courseId' | 'name' | 'startDate' | 'endDate'
>;

export async function insertBatch(db: WriteTx, row: BatchRow) {
  return (await db.insert(batches).values(row).returning())[0]!;
}

export async function updateBatch(db: WriteTx, params: BatchRow & { id: number }) {
  const { id, ...row } = params;
  return (
    await db
      .update(batches)
      .set({ ...row, version: sql`${batches.version} + 1`, updatedAt: timestampNow() })
      .where(eq(batches.id, id))
      .returning()
  )[0]!;
}
