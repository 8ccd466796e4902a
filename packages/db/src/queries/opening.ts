import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { row, rows, run } from '../engines';
import { type openingBalances, students } from '../schema';
import { timestampNow } from './now';

/** Opening balances (schema/opening.ts): the import's look-ups and writes, the admin list and corrections. */

export type OpeningStudent = Pick<typeof students.$inferSelect, 'id' | 'admissionNo' | 'name' | 'batchId'>;

/** The department's students with these admission numbers (exact, as stored). */
export async function findStudentsByAdmissionNos(
  db: Reader,
  params: { departmentId: number; admissionNos: readonly string[] },
): Promise<OpeningStudent[]> {
  if (params.admissionNos.length === 0) return [];
  return await db
    .select({ id: students.id, admissionNo: students.admissionNo, name: students.name, batchId: students.batchId })
    .from(students)
    .where(
      and(eq(students.departmentId, params.departmentId), inArray(students.admissionNo, [...params.admissionNos])),
    );
}

/** The (student, head) pairs of the department that already have an opening balance. */
export async function openingBalanceKeys(
  db: Reader,
  departmentId: number,
): Promise<Array<{ studentId: number; feeHeadId: number }>> {
  return rows(
    db,
    sql`SELECT ob.student_id AS "studentId", ob.fee_head_id AS "feeHeadId"
     FROM opening_balances ob JOIN students s ON s.id = ob.student_id
     WHERE s.department_id = ${departmentId}`,
  );
}

export type NewOpeningBalance = Pick<
  typeof openingBalances.$inferSelect,
  'studentId' | 'feeHeadId' | 'amountPaise' | 'dueDate' | 'note' | 'createdBy'
>;

/** An opening balance with its student, batch and head named. */
export type OpeningBalanceRow = Omit<typeof openingBalances.$inferSelect, 'createdBy'> &
  Pick<typeof students.$inferSelect, 'admissionNo' | 'departmentId' | 'courseId' | 'batchId'> & {
    studentName: string;
    batchName: string;
    feeHead: string;
  };

const ROW_COLUMNS = sql`ob.id, ob.student_id AS "studentId", s.admission_no AS "admissionNo", s.name AS "studentName",
  s.department_id AS "departmentId", s.course_id AS "courseId", s.batch_id AS "batchId", b.name AS "batchName",
  ob.fee_head_id AS "feeHeadId", fh.name AS "feeHead", ob.amount_paise AS "amountPaise", ob.due_date AS "dueDate",
  ob.note, ob.created_at AS "createdAt", ob.updated_at AS "updatedAt", ob.version`;
const ROW_FROM = sql`opening_balances ob
  JOIN students s ON s.id = ob.student_id
  JOIN batches b ON b.id = s.batch_id
  JOIN fee_heads fh ON fh.id = ob.fee_head_id`;

/** Writes the rows (call inside the import's transaction); gives back their ids in the same order. */
export async function insertOpeningBalances(tx: WriteTx, balances: readonly NewOpeningBalance[]): Promise<number[]> {
  const ids: number[] = [];
  for (const b of balances) {
    const inserted = await row<{ id: number }>(
      tx,
      sql`INSERT INTO opening_balances (student_id, fee_head_id, amount_paise, due_date, note, created_by)
       VALUES (${b.studentId}, ${b.feeHeadId}, ${b.amountPaise}, ${b.dueDate}, ${b.note}, ${b.createdBy}) RETURNING id`,
    );
    ids.push(inserted!.id);
  }
  return ids;
}

/** A department's opening balances (or a course's, or a batch's), by batch, admission number and head. */
export async function listOpeningBalances(
  db: Reader,
  params: { departmentId: number; courseId?: number; batchId?: number },
): Promise<OpeningBalanceRow[]> {
  const courseId = params.courseId ?? null;
  const batchId = params.batchId ?? null;
  return rows<OpeningBalanceRow>(
    db,
    sql`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM}
     WHERE s.department_id = ${params.departmentId}
       AND (CAST(${courseId} AS INTEGER) IS NULL OR s.course_id = ${courseId})
       AND (CAST(${batchId} AS INTEGER) IS NULL OR s.batch_id = ${batchId})
     ORDER BY b.start_date DESC, b.name, s.admission_no, fh.name`,
  );
}

export async function findOpeningBalance(db: Reader, id: number): Promise<OpeningBalanceRow | null> {
  return (await row<OpeningBalanceRow>(db, sql`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE ob.id = ${id}`)) ?? null;
}

/** Sets the amount and note; the version goes up. */
export async function updateOpeningBalance(
  tx: WriteTx,
  params: { id: number; amountPaise: number; note: string | null },
): Promise<void> {
  await run(
    tx,
    sql`UPDATE opening_balances
     SET amount_paise = ${params.amountPaise}, note = ${params.note}, version = version + 1,
       updated_at = ${timestampNow()}
     WHERE id = ${params.id}`,
  );
}

export async function deleteOpeningBalance(tx: WriteTx, id: number): Promise<void> {
  await run(tx, sql`DELETE FROM opening_balances WHERE id = ${id}`);
}

/** How many opening balances a student has (a student with some is not deleted silently). */
export async function countStudentOpeningBalances(db: Reader, studentId: number): Promise<number> {
  return (await row<{ n: number }>(
    db,
    sql`SELECT COUNT(*) AS n FROM opening_balances WHERE student_id = ${studentId}`,
  ))!.n;
}
