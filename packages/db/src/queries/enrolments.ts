import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { row, rows } from '../engines';
import {
  batches,
  courses,
  enrolments,
  type PromotionAction,
  promotionStudents,
  promotions,
  receipts,
  sponsorships,
  students,
} from '../schema';
import { timestampNow } from './now';
import { promotedFeesByEnrolmentSql } from './student-charges';

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

/** The students whose open enrolment is in the batch (those a promotion lists), by admission number. */
export async function studentsOfBatchEnrolled(db: Reader, batchId: number) {
  return await db
    .select({ id: students.id, admissionNo: students.admissionNo, name: students.name, enrolmentId: enrolments.id })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(and(eq(enrolments.batchId, batchId), eq(enrolments.status, 'open')))
    .orderBy(asc(students.admissionNo));
}

/**
 * Applies a promotion in the caller's transaction: each promoted student's open enrolment ends on `date` (promoted)
 * and one in the next batch starts on it (the student's batch and course follow); a leaver's ends on `date` (left);
 * a kept student stays where they are. Every student is recorded with the enrolments changed, for the undo.
 */
export async function writePromotion(
  tx: WriteTx,
  params: {
    departmentId: number;
    from: { id: number };
    to: { id: number; courseId: number };
    date: string;
    createdBy: number | null;
    students: ReadonlyArray<{ studentId: number; enrolmentId: number; action: PromotionAction }>;
  },
): Promise<{ id: number }> {
  const promotion = (
    await tx
      .insert(promotions)
      .values({
        departmentId: params.departmentId,
        fromBatchId: params.from.id,
        toBatchId: params.to.id,
        date: params.date,
        createdBy: params.createdBy,
      })
      .returning({ id: promotions.id })
  )[0]!;
  for (const s of params.students) {
    let started: number | null = null;
    if (s.action !== 'keep') {
      await tx
        .update(enrolments)
        .set({ status: s.action === 'promote' ? 'promoted' : 'left', toDate: params.date })
        .where(eq(enrolments.id, s.enrolmentId));
    }
    if (s.action === 'promote') {
      started = (
        await tx
          .insert(enrolments)
          .values({
            studentId: s.studentId,
            batchId: params.to.id,
            fromDate: params.date,
            status: 'open',
            createdBy: params.createdBy,
          })
          .returning({ id: enrolments.id })
      )[0]!.id;
      await tx
        .update(students)
        .set({ batchId: params.to.id, courseId: params.to.courseId })
        .where(eq(students.id, s.studentId));
    }
    await tx.insert(promotionStudents).values({
      promotionId: promotion.id,
      studentId: s.studentId,
      action: s.action,
      endedEnrolmentId: s.action === 'keep' ? null : s.enrolmentId,
      startedEnrolmentId: started,
    });
  }
  return promotion;
}

/** A promotion with its batches and students (null when there is none). */
export async function findPromotion(db: Reader, id: number) {
  const promotion = (await db.select().from(promotions).where(eq(promotions.id, id)).limit(1))[0];
  if (!promotion) return null;
  const list = await db
    .select({
      studentId: promotionStudents.studentId,
      action: promotionStudents.action,
      endedEnrolmentId: promotionStudents.endedEnrolmentId,
      startedEnrolmentId: promotionStudents.startedEnrolmentId,
      admissionNo: students.admissionNo,
      name: students.name,
    })
    .from(promotionStudents)
    .innerJoin(students, eq(students.id, promotionStudents.studentId))
    .where(eq(promotionStudents.promotionId, id))
    .orderBy(asc(students.admissionNo));
  return { ...promotion, students: list };
}

/** The promotions out of a batch, newest first. */
export async function promotionsOfBatch(db: Reader, fromBatchId: number) {
  return await db
    .select()
    .from(promotions)
    .where(eq(promotions.fromBatchId, fromBatchId))
    .orderBy(sql`${promotions.id} DESC`);
}

/** How many receipts (live or voided) were issued to these students in the batch: any one stops the undo. */
export async function receiptsInBatch(db: Reader, params: { batchId: number; studentIds: readonly number[] }) {
  if (params.studentIds.length === 0) return 0;
  const found = await row<{ n: number }>(
    db,
    sql`SELECT COUNT(*) AS n FROM ${receipts} WHERE ${receipts.batchId} = ${params.batchId}
      AND ${inArray(receipts.studentId, [...params.studentIds])}`,
  );
  return Number(found?.n ?? 0);
}

/** How many sponsors' shares were recorded on some enrolments (those a promotion started, before it is undone). */
export async function sharesOnEnrolments(db: Reader, enrolmentIds: readonly number[]): Promise<number> {
  if (enrolmentIds.length === 0) return 0;
  const found = await row<{ n: number }>(
    db,
    sql`SELECT COUNT(*) AS n FROM sponsorships WHERE ${inArray(sponsorships.enrolmentId, [...enrolmentIds])}`,
  );
  return Number(found?.n ?? 0);
}

/**
 * Undoes a promotion in the caller's transaction: the enrolments it started are deleted, those it ended are open
 * again, the promoted students are back in the old batch and course. Only a promotion not undone yet.
 */
export async function undoPromotion(
  tx: WriteTx,
  params: { id: number; from: { id: number; courseId: number }; undoneBy: number | null },
): Promise<boolean> {
  const marked = await tx
    .update(promotions)
    .set({ undoneAt: timestampNow(), undoneBy: params.undoneBy })
    .where(and(eq(promotions.id, params.id), isNull(promotions.undoneAt)))
    .returning({ id: promotions.id });
  if (marked.length === 0) return false;
  const list = await tx.select().from(promotionStudents).where(eq(promotionStudents.promotionId, params.id));
  for (const s of list) {
    if (s.startedEnrolmentId !== null) await tx.delete(enrolments).where(eq(enrolments.id, s.startedEnrolmentId));
    if (s.endedEnrolmentId !== null)
      await tx.update(enrolments).set({ status: 'open', toDate: null }).where(eq(enrolments.id, s.endedEnrolmentId));
    if (s.action === 'promote')
      await tx
        .update(students)
        .set({ batchId: params.from.id, courseId: params.from.courseId })
        .where(eq(students.id, s.studentId));
  }
  return true;
}

/**
 * What a student was charged on each head of each batch they were promoted out of, oldest enrolment first, with
 * what sponsors cover of it (their shares less shortfalls), and their opening balances per head: the parts a
 * head's figures are split over for one enrolment's balances.
 */
export async function enrolmentHeadFees(db: Reader, studentId: number) {
  const [promoted, opening, sponsored] = await Promise.all([
    rows<{ enrolmentId: number; batchId: number; feeHeadId: number; feeHead: string; feePaise: number }>(
      db,
      sql.raw(promotedFeesByEnrolmentSql(String(Math.trunc(studentId)))),
    ),
    rows<{ feeHeadId: number; feePaise: number }>(
      db,
      sql`SELECT fee_head_id AS "feeHeadId", SUM(amount_paise) AS "feePaise" FROM opening_balances
        WHERE student_id = ${studentId} GROUP BY fee_head_id`,
    ),
    rows<{ enrolmentId: number; feeHeadId: number; sponsoredPaise: number }>(
      db,
      sql`SELECT enrolment_id AS "enrolmentId", fee_head_id AS "feeHeadId",
          SUM(amount_paise - shortfall_paise) AS "sponsoredPaise"
        FROM sponsorships WHERE student_id = ${studentId} GROUP BY enrolment_id, fee_head_id`,
    ),
  ]);
  const sponsoredOf = new Map(sponsored.map((r) => [`${r.enrolmentId}:${r.feeHeadId}`, Number(r.sponsoredPaise)]));
  return {
    promoted: promoted.map((r) => ({
      ...r,
      feePaise: Number(r.feePaise),
      sponsoredPaise: sponsoredOf.get(`${r.enrolmentId}:${r.feeHeadId}`) ?? 0,
    })),
    opening: new Map(opening.map((r) => [r.feeHeadId, Number(r.feePaise)])),
  };
}
