import { sponsorCollections } from './reports/sponsor-collections';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type DiscountChangeBy, recordDiscountChange } from './discount-history';
import type { Reader, WriteTx } from '../client';
import {
  batches,
  categories,
  courses,
  dailyModeCollections,
  discounts,
  fineWaivers,
  receipts,
  religions,
  students,
  bankStatementLines,
} from '../schema';
import { timestampNow } from './now';

export type StudentRow = typeof students.$inferSelect;
export type NewStudentRow = typeof students.$inferInsert;

/** The students of one batch, ordered by admission number (fee setup, discounts, reports). */
export async function listStudentsByBatch(db: Reader, params: { batchId: number }) {
  return await db
    .select({
      id: students.id,
      admissionNo: students.admissionNo,
      name: students.name,
      capId: students.capId,
      phone: students.phone,
      admissionDate: students.admissionDate,
    })
    .from(students)
    .where(eq(students.batchId, params.batchId))
    .orderBy(asc(students.admissionNo));
}

const studentDetail = {
  id: students.id,
  version: students.version,
  updatedAt: students.updatedAt,
  departmentId: students.departmentId,
  courseId: students.courseId,
  courseName: courses.name,
  batchId: students.batchId,
  batchName: batches.name,
  admissionNo: students.admissionNo,
  capId: students.capId,
  name: students.name,
  admissionDate: students.admissionDate,
  dateOfBirth: students.dateOfBirth,
  gender: students.gender,
  categoryId: students.categoryId,
  categoryName: categories.name,
  religionId: students.religionId,
  religionName: religions.name,
  email: students.email,
  phone: students.phone,
  remindersOptOut: students.remindersOptOut,
  parentName: students.parentName,
  address: students.address,
  guardianAddress: students.guardianAddress,
};

function selectStudentDetail(db: Reader) {
  return db
    .select(studentDetail)
    .from(students)
    .innerJoin(courses, eq(courses.id, students.courseId))
    .innerJoin(batches, eq(batches.id, students.batchId))
    .innerJoin(categories, eq(categories.id, students.categoryId))
    .leftJoin(religions, eq(religions.id, students.religionId));
}

export type StudentDetail = NonNullable<Awaited<ReturnType<typeof findStudentDetail>>>;

/** One student with the names of their course, batch, category and religion. */
export async function findStudentDetail(db: Reader, params: { id: number }) {
  const [detail] = await selectStudentDetail(db).where(eq(students.id, params.id)).limit(1);
  return detail ?? null;
}

export async function findStudentDetailByAdmissionNo(
  db: Reader,
  params: { departmentId: number; admissionNo: string },
) {
  const [detail] = await selectStudentDetail(db)
    .where(and(eq(students.departmentId, params.departmentId), eq(students.admissionNo, params.admissionNo)))
    .limit(1);
  return detail ?? null;
}

export async function findStudentById(db: Reader, id: number): Promise<StudentRow | null> {
  return (await db.select().from(students).where(eq(students.id, id)).limit(1))[0] ?? null;
}

/** Whether the admission number is taken in the department (by a student other than exceptId). */
export async function isAdmissionNoTaken(
  db: Reader,
  params: { departmentId: number; admissionNo: string; exceptId?: number },
): Promise<boolean> {
  const row = (
    await db
      .select({ id: students.id })
      .from(students)
      .where(
        and(
          eq(students.departmentId, params.departmentId),
          eq(students.admissionNo, params.admissionNo),
          params.exceptId === undefined ? undefined : ne(students.id, params.exceptId),
        ),
      )
      .limit(1)
  )[0];
  return row !== undefined;
}

/** Which of these admission numbers are already used in the department. */
export async function findTakenAdmissionNos(
  db: Reader,
  params: { departmentId: number; admissionNos: string[] },
): Promise<string[]> {
  if (params.admissionNos.length === 0) return [];
  return (
    await db
      .select({ admissionNo: students.admissionNo })
      .from(students)
      .where(and(eq(students.departmentId, params.departmentId), inArray(students.admissionNo, params.admissionNos)))
  ).map((r) => r.admissionNo);
}

/** A batch with its course and department, to check where a student may be enrolled. */
export async function findEnrolmentBatch(db: Reader, batchId: number) {
  return (
    (
      await db
        .select({ id: batches.id, departmentId: batches.departmentId, courseId: batches.courseId, name: batches.name })
        .from(batches)
        .where(eq(batches.id, batchId))
        .limit(1)
    )[0] ?? null
  );
}

export async function insertStudent(db: WriteTx, row: NewStudentRow): Promise<StudentRow> {
  return (await db.insert(students).values(row).returning())[0]!;
}

/** Inserts many students with multi-row statements (inside the caller's transaction). */
export async function insertStudents(db: WriteTx, rows: NewStudentRow[]): Promise<StudentRow[]> {
  const inserted: StudentRow[] = [];
  const chunk = 500;
  for (let i = 0; i < rows.length; i += chunk) {
    inserted.push(
      ...(await db
        .insert(students)
        .values(rows.slice(i, i + chunk))
        .returning()),
    );
  }
  return inserted;
}

export async function updateStudent(
  db: WriteTx,
  params: Omit<NewStudentRow, 'createdAt' | 'updatedAt'> & { id: number },
): Promise<StudentRow> {
  const { id, ...row } = params;
  const updated = (
    await db
      .update(students)
      .set({ ...row, version: sql`${students.version} + 1`, updatedAt: timestampNow() })
      .where(eq(students.id, id))
      .returning()
  )[0]!;
  if (!updated) throw new Error(`student ${id} vanished during update`);
  return updated;
}

/** A student's receipts by status: live ones count in every total, voided ones are kept as history. */
export async function countStudentReceipts(db: Reader, studentId: number): Promise<{ live: number; voided: number }> {
  const row = (
    await db
      .select({
        live: sql<number>`coalesce(sum(case when ${receipts.status} = 'live' then 1 else 0 end), 0)`,
        voided: sql<number>`coalesce(sum(case when ${receipts.status} = 'voided' then 1 else 0 end), 0)`,
      })
      .from(receipts)
      .where(eq(receipts.studentId, studentId))
      .limit(1)
  )[0];
  return { live: row?.live ?? 0, voided: row?.voided ?? 0 };
}

export async function listStudentDiscounts(db: Reader, studentId: number) {
  return await db.select().from(discounts).where(eq(discounts.studentId, studentId));
}

/**
 * Deletes a student with their discounts and fine waivers; the caller has made sure no receipt names them. A
 * bank statement line proposed for them stays, proposed for no one.
 */
export async function deleteStudentWithDiscounts(db: WriteTx, studentId: number, by: DiscountChangeBy): Promise<void> {
  const removed = await db.select().from(discounts).where(eq(discounts.studentId, studentId));
  for (const discount of removed) await recordDiscountChange(db, { ...by, source: 'hand' }, discount, null);
  await db
    .update(bankStatementLines)
    .set({ proposedStudentId: null })
    .where(eq(bankStatementLines.proposedStudentId, studentId));
  await db.delete(discounts).where(eq(discounts.studentId, studentId));
  await db.delete(fineWaivers).where(eq(fineWaivers.studentId, studentId));
  await db.delete(students).where(eq(students.id, studentId));
}

/**
 * A course's batches (newest first) with their students (by admission number); a batch without
 * students comes back as one row with null student fields.
 */
export async function listCourseStudentRows(db: Reader, params: { departmentId: number; courseId: number }) {
  return await db
    .select({
      batchId: batches.id,
      batchName: batches.name,
      batchStartDate: batches.startDate,
      batchEndDate: batches.endDate,
      id: students.id,
      admissionNo: students.admissionNo,
      name: students.name,
      capId: students.capId,
      phone: students.phone,
      admissionDate: students.admissionDate,
    })
    .from(batches)
    .leftJoin(students, eq(students.batchId, batches.id))
    .where(and(eq(batches.departmentId, params.departmentId), eq(batches.courseId, params.courseId)))
    .orderBy(desc(batches.startDate), asc(batches.name), asc(students.admissionNo));
}

/** Every course of the department with its number of admissions (0 included): 'List of Admission'. */
export async function admissionsByCourse(db: Reader, params: { departmentId: number }) {
  return await db
    .select({ courseId: courses.id, course: courses.name, totalAdmissions: count(students.id) })
    .from(courses)
    .leftJoin(students, eq(students.courseId, courses.id))
    .where(eq(courses.departmentId, params.departmentId))
    .groupBy(courses.id)
    .orderBy(asc(courses.id));
}

/**
 * Net amount of the department's live receipts and sponsor receipts dated on the day: the dashboard's 'Today total'
 * (from the running totals).
 */
export async function departmentDayTotal(db: Reader, params: { departmentId: number; date: string }): Promise<number> {
  const sponsored = await sponsorCollections(db, { depId: params.departmentId, from: params.date, to: params.date });
  const row = (
    await db
      .select({ total: sql<number>`coalesce(sum(${dailyModeCollections.netPaise}), 0)` })
      .from(dailyModeCollections)
      .where(
        and(eq(dailyModeCollections.departmentId, params.departmentId), eq(dailyModeCollections.date, params.date)),
      )
      .limit(1)
  )[0];
  return Number(row?.total ?? 0) + sponsored.reduce((sum, r) => sum + r.amountPaise, 0);
}
