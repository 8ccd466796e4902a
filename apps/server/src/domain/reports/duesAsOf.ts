import { batchIdsOfCourse, type Reader, duesByBatch, findBatch, type StudentDuesOnly } from '@fees/db';
import { AppError, type TDuesAsOfInput } from '@fees/validation';
import { assertCourseOfDepartment } from '../batches/shared';
import type { AuthedContext } from '../../context';

/** One student's line of the dues as of a date: dueTill - paid = outstanding; toCollect adds the fine outstanding. */
export function duesRow(r: StudentDuesOnly) {
  const dueTill = r.dues.instalments.reduce((s, i) => s + i.due - i.concession, 0);
  return {
    studentId: r.studentId,
    admissionNo: r.admissionNo,
    name: r.name,
    batchId: r.batchId,
    batchName: r.batchName,
    dueTill,
    paid: dueTill - r.dues.outstanding,
    outstanding: r.dues.outstanding,
    daysLate: r.dues.daysLate,
    fineOutstanding: r.dues.fine.outstanding,
    toCollect: r.dues.toCollect,
  };
}

export type DuesRow = ReturnType<typeof duesRow>;

export function duesTotals(rows: readonly DuesRow[]) {
  const totals = { dueTill: 0, paid: 0, outstanding: 0, fineOutstanding: 0, toCollect: 0 };
  for (const r of rows) {
    totals.dueTill += r.dueTill;
    totals.paid += r.paid;
    totals.outstanding += r.outstanding;
    totals.fineOutstanding += r.fineOutstanding;
    totals.toCollect += r.toCollect;
  }
  return totals;
}

/** A student is overdue with a late instalment still open, or a fine still to pay. */
export const isOverdue = (r: StudentDuesOnly) => r.dues.daysLate > 0 || r.dues.fine.outstanding > 0;

/** The batches in scope: a course of the department, or one of its batches. */
export async function batchesInScope(
  db: Reader,
  input: { depId: number; courseId: number; batchId?: number },
): Promise<number[]> {
  if (input.batchId !== undefined) {
    const batch = await findBatch(db, input.batchId);
    if (!batch || batch.courseId !== input.courseId) {
      throw new AppError('BAD_INPUT', 'This batch does not belong to the course');
    }
  }
  return batchIdsOfCourse(db, input);
}

/** Dues as of a date per student of a course or batch, with batch and grand totals. */
export async function duesAsOf(ctx: AuthedContext, input: TDuesAsOfInput) {
  await assertCourseOfDepartment(ctx, input);
  const batchIds = await batchesInScope(ctx.db, input);
  const rows: DuesRow[] = [];
  const batches = [];
  // Batch by batch: only each student's few figures outlive their batch.
  for await (const students of duesByBatch(ctx.db, { batchIds, asOf: input.asOf })) {
    const of = students.filter((r) => !input.overdueOnly || isOverdue(r)).map(duesRow);
    if (of.length === 0) continue;
    batches.push({ batchId: of[0]!.batchId, batchName: of[0]!.batchName, students: of.length, ...duesTotals(of) });
    for (const row of of) rows.push(row);
  }
  return { asOf: input.asOf, rows: rows.slice(0, input.limit), count: rows.length, batches, totals: duesTotals(rows) };
}
