import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { type DiscountChangeBy, recordDiscountChange } from './discount-history';
import type { Reader, WriteTx } from '../client';
import { batches, courses, departments, discounts, feeHeads, students } from '../schema';
import { timestampNow } from './now';

const discountRowColumns = {
  id: discounts.id,
  studentId: discounts.studentId,
  admissionNo: students.admissionNo,
  studentName: students.name,
  batchId: students.batchId,
  batchName: batches.name,
  courseId: students.courseId,
  courseName: courses.name,
  departmentId: students.departmentId,
  departmentName: departments.name,
  feeHeadId: discounts.feeHeadId,
  feeHeadName: feeHeads.name,
  discountPaise: discounts.discountPaise,
  adjustmentPaise: discounts.adjustmentPaise,
  note: discounts.note,
};

function discountRows(db: Reader) {
  return db
    .select(discountRowColumns)
    .from(discounts)
    .innerJoin(students, eq(students.id, discounts.studentId))
    .innerJoin(batches, eq(batches.id, students.batchId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .innerJoin(departments, eq(departments.id, students.departmentId))
    .innerJoin(feeHeads, eq(feeHeads.id, discounts.feeHeadId));
}

/** A department's discounts with student, batch, course, department and head (the /api/getdisc rows). */
export async function listDiscounts(db: Reader, params: { departmentId: number }) {
  return discountRows(db)
    .where(eq(students.departmentId, params.departmentId))
    .orderBy(
      asc(courses.id),
      desc(batches.startDate),
      asc(batches.name),
      asc(students.admissionNo),
      asc(feeHeads.name),
    );
}

export async function findDiscount(db: Reader, id: number) {
  return (
    (
      await db
        .select({
          ...discountRowColumns,
          schemeId: discounts.schemeId,
          version: discounts.version,
          updatedAt: discounts.updatedAt,
        })
        .from(discounts)
        .innerJoin(students, eq(students.id, discounts.studentId))
        .innerJoin(batches, eq(batches.id, students.batchId))
        .innerJoin(courses, eq(courses.id, students.courseId))
        .innerJoin(departments, eq(departments.id, students.departmentId))
        .innerJoin(feeHeads, eq(feeHeads.id, discounts.feeHeadId))
        .where(eq(discounts.id, id))
        .limit(1)
    )[0] ?? null
  );
}

/** The discount of a student for a head (one per pair), optionally other than one id. */
export async function findDiscountForStudentHead(
  db: Reader,
  params: { studentId: number; feeHeadId: number; exceptId?: number },
) {
  return (
    (
      await db
        .select({ id: discounts.id })
        .from(discounts)
        .where(
          and(
            eq(discounts.studentId, params.studentId),
            eq(discounts.feeHeadId, params.feeHeadId),
            params.exceptId === undefined ? undefined : ne(discounts.id, params.exceptId),
          ),
        )
        .limit(1)
    )[0] ?? null
  );
}

/** Where a student sits (department, course, batch), to check a discount names them consistently. */
export async function findStudentPlacement(db: Reader, studentId: number) {
  return (
    (
      await db
        .select({
          id: students.id,
          departmentId: students.departmentId,
          courseId: students.courseId,
          batchId: students.batchId,
          name: students.name,
          admissionNo: students.admissionNo,
        })
        .from(students)
        .where(eq(students.id, studentId))
        .limit(1)
    )[0] ?? null
  );
}

/** A discount as written; schemeId (the concession scheme that wrote it) is null once it is typed by hand. */
export type DiscountRow = Pick<
  typeof discounts.$inferSelect,
  'studentId' | 'feeHeadId' | 'discountPaise' | 'adjustmentPaise' | 'note'
> &
  Partial<Pick<typeof discounts.$inferSelect, 'schemeId'>>;

async function discountById(db: WriteTx, id: number) {
  return (await db.select().from(discounts).where(eq(discounts.id, id)))[0] ?? null;
}

/** A discount typed by hand (or by an import or REST), recorded in the history on the day `by` names. */
export async function insertDiscount(db: WriteTx, row: DiscountRow, by: DiscountChangeBy) {
  const inserted = (await db.insert(discounts).values(row).returning())[0]!;
  await recordDiscountChange(db, { ...by, source: 'hand' }, null, inserted);
  return inserted;
}

export async function updateDiscount(db: WriteTx, params: DiscountRow & { id: number }, by: DiscountChangeBy) {
  const { id, ...row } = params;
  const before = await discountById(db, id);
  const after = (
    await db
      .update(discounts)
      .set({ ...row, version: sql`${discounts.version} + 1`, updatedAt: timestampNow() })
      .where(eq(discounts.id, id))
      .returning()
  )[0]!;
  await recordDiscountChange(db, { ...by, source: 'hand' }, before, after);
  return after;
}

export async function deleteDiscount(db: WriteTx, id: number, by: DiscountChangeBy): Promise<void> {
  const before = await discountById(db, id);
  await db.delete(discounts).where(eq(discounts.id, id));
  await recordDiscountChange(db, { ...by, source: 'hand' }, before, null);
}
