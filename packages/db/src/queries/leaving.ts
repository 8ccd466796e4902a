import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { row } from '../engines';
import { enrolments, leavings, noDuesCertificates, receipts, refunds, students } from '../schema';
import { timestampNow } from './now';

/**
 * The student's leaving as it stands (null for a student who did not leave their batch): the enrolment that ended as
 * left in the batch students.batch_id names, and the leaving recorded with it (reason, dues warned about).
 */
export async function findLeaving(db: Reader, studentId: number) {
  const found = await db
    .select({
      enrolmentId: enrolments.id,
      fromDate: enrolments.fromDate,
      date: enrolments.toDate,
      leavingId: leavings.id,
      reason: leavings.reason,
      duesPaise: leavings.duesPaise,
      recordedAt: leavings.createdAt,
    })
    .from(enrolments)
    .innerJoin(students, and(eq(students.id, enrolments.studentId), eq(students.batchId, enrolments.batchId)))
    .leftJoin(leavings, and(eq(leavings.enrolmentId, enrolments.id), isNull(leavings.undoneAt)))
    .where(and(eq(enrolments.studentId, studentId), eq(enrolments.status, 'left')))
    .orderBy(desc(leavings.id))
    .limit(1);
  const leaving = found[0];
  return leaving ? { ...leaving, date: leaving.date! } : null;
}

export type Leaving = NonNullable<Awaited<ReturnType<typeof findLeaving>>>;

/** Ends the open enrolment as left on `date` in the caller's transaction; false when it is no longer open. */
export async function endEnrolmentAsLeft(tx: WriteTx, params: { enrolmentId: number; date: string }) {
  const ended = await tx
    .update(enrolments)
    .set({ status: 'left', toDate: params.date })
    .where(and(eq(enrolments.id, params.enrolmentId), eq(enrolments.status, 'open')))
    .returning({ id: enrolments.id });
  return ended.length === 1;
}

export async function insertLeaving(
  tx: WriteTx,
  values: Omit<typeof leavings.$inferInsert, 'id' | 'createdAt' | 'undoneAt' | 'undoneBy'>,
): Promise<number> {
  return (
    await tx
      .insert(leavings)
      .values({ ...values, createdAt: timestampNow() })
      .returning({ id: leavings.id })
  )[0]!.id;
}

/**
 * Undoes a leaving in the caller's transaction: the enrolment is open again and the leaving marked undone. False when
 * it was undone already (another clerk's click).
 */
export async function undoLeaving(
  tx: WriteTx,
  params: { enrolmentId: number; leavingId: number | null; undoneBy: number | null },
): Promise<boolean> {
  const reopened = await tx
    .update(enrolments)
    .set({ status: 'open', toDate: null })
    .where(and(eq(enrolments.id, params.enrolmentId), eq(enrolments.status, 'left')))
    .returning({ id: enrolments.id });
  if (reopened.length === 0) return false;
  if (params.leavingId !== null)
    await tx
      .update(leavings)
      .set({ undoneAt: timestampNow(), undoneBy: params.undoneBy })
      .where(eq(leavings.id, params.leavingId));
  return true;
}

/**
 * What was written for the student since `since` (a stored timestamp) that a leaving's undo would leave standing:
 * receipts (live or voided), refunds and a no-dues certificate. Null when nothing.
 */
export async function writtenForStudentSince(db: Reader, params: { studentId: number; since: string }) {
  const [receipt, refund, certificate] = await Promise.all([
    db
      .select({ id: receipts.id })
      .from(receipts)
      .where(and(eq(receipts.studentId, params.studentId), gt(receipts.createdAt, params.since)))
      .limit(1),
    db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.studentId, params.studentId), gt(refunds.createdAt, params.since)))
      .limit(1),
    db
      .select({ id: noDuesCertificates.id })
      .from(noDuesCertificates)
      .where(eq(noDuesCertificates.studentId, params.studentId))
      .limit(1),
  ]);
  if (certificate.length > 0) return 'A no-dues certificate was issued';
  if (receipt.length > 0) return 'A receipt was issued';
  if (refund.length > 0) return 'A refund was made';
  return null;
}

export type NoDuesCertificateRow = typeof noDuesCertificates.$inferSelect;

export async function findCertificateOfStudent(db: Reader, studentId: number): Promise<NoDuesCertificateRow | null> {
  return (
    (await db.select().from(noDuesCertificates).where(eq(noDuesCertificates.studentId, studentId)).limit(1))[0] ?? null
  );
}

export async function findCertificate(
  db: Reader,
  params: { departmentId: number; number: number },
): Promise<NoDuesCertificateRow | null> {
  return (
    (
      await db
        .select()
        .from(noDuesCertificates)
        .where(
          and(eq(noDuesCertificates.departmentId, params.departmentId), eq(noDuesCertificates.number, params.number)),
        )
        .limit(1)
    )[0] ?? null
  );
}

/**
 * Numbers and writes a no-dues certificate in the caller's transaction: the department's next number, bumped in
 * no_dues_certificate_numbers (the row's lock orders two clerks' certificates; no gaps).
 */
export async function insertCertificate(
  tx: WriteTx,
  values: Omit<typeof noDuesCertificates.$inferInsert, 'id' | 'number' | 'createdAt'>,
): Promise<NoDuesCertificateRow> {
  const number = (await row<{ n: number }>(
    tx,
    sql`INSERT INTO no_dues_certificate_numbers (department_id, last_number) VALUES (${values.departmentId}, 1)
        ON CONFLICT (department_id) DO UPDATE SET last_number = no_dues_certificate_numbers.last_number + 1
        RETURNING last_number AS n`,
  ))!.n;
  return (
    await tx
      .insert(noDuesCertificates)
      .values({ ...values, number: Number(number) })
      .returning()
  )[0]!;
}
