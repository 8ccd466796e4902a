import { and, asc, eq } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { batches, courses, enrolments } from '../schema';

/** A student's enrolments, oldest first, with each batch's course and name. */
export async function listEnrolments(db: Reader, params: { studentId: number }) {
  return await db
    .select({
      id: enrolments.id,
      batchId: enrolments.batchId,
      batchName: batches.name,
      courseId: batches.courseId,
      courseName: courses.name,
      fromDate: enrolments.fromDate,
      toDate: enrolments.toDate,
      status: enrolments.status,
    })
    .from(enrolments)
    .innerJoin(batches, eq(batches.id, enrolments.batchId))
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .where(eq(enrolments.studentId, params.studentId))
    .orderBy(asc(enrolments.fromDate), asc(enrolments.id));
}

export type EnrolmentRow = Awaited<ReturnType<typeof listEnrolments>>[number];

/** The student's open enrolment (null for a student who left). */
export async function findOpenEnrolment(db: Reader, studentId: number) {
  return (
    (
      await db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.studentId, studentId), eq(enrolments.status, 'open')))
        .limit(1)
    )[0] ?? null
  );
}

/**
 * A dated transfer: the student's open enrolment ends on `date` (status transferred) and one in `batchId`
 * starts on it. Run in the write that changes students.batch_id, so the two never disagree.
 */
export async function transferEnrolment(
  tx: WriteTx,
  params: { studentId: number; batchId: number; date: string; createdBy: number | null },
): Promise<void> {
  await tx
    .update(enrolments)
    .set({ status: 'transferred', toDate: params.date })
    .where(and(eq(enrolments.studentId, params.studentId), eq(enrolments.status, 'open')));
  await tx.insert(enrolments).values({
    studentId: params.studentId,
    batchId: params.batchId,
    fromDate: params.date,
    status: 'open',
    createdBy: params.createdBy,
  });
}
