import { batchIdsOfCourse, batchIdsOfDepartment, duesByBatch, type StudentDuesOnly } from '@fees/db';
import { AppError, type TDuesInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { assertCourseOfDepartment } from '../batches/shared';
import { advancesOfBatches } from '../refunds/advance';
import { loadBatchOfDepartment, loadStudentOfDepartment } from './service';

/** The batches a dues call covers: one student's, one batch, a course's, or the department's. */
async function batchIdsInScope(ctx: AuthedContext, input: TDuesInput): Promise<number[]> {
  if (input.courseId !== undefined)
    await assertCourseOfDepartment(ctx, { depId: input.depId, courseId: input.courseId });
  if (input.studentId !== undefined)
    return [(await loadStudentOfDepartment(ctx.db, { depId: input.depId, studentId: input.studentId })).batchId];
  if (input.batchId !== undefined) {
    const batch = await loadBatchOfDepartment(ctx.db, { depId: input.depId, batchId: input.batchId });
    if (input.courseId !== undefined && batch.courseId !== input.courseId)
      throw new AppError('BAD_INPUT', 'This batch does not belong to the course');
    return [batch.id];
  }
  if (input.courseId !== undefined) return batchIdsOfCourse(ctx.db, { courseId: input.courseId });
  return batchIdsOfDepartment(ctx.db, input.depId);
}

/**
 * Per student: the instalments due on or before the date, the fine, outstanding and to collect, the advance, and apart
 * from them what sponsors stand for (never in what the student owes).
 */
export async function batchDues(ctx: AuthedContext, input: TDuesInput) {
  const batchIds = await batchIdsInScope(ctx, input);
  const rows: StudentDuesOnly[] = [];
  for await (const students of duesByBatch(ctx.db, {
    batchIds,
    asOf: input.asOf,
    studentIds: input.studentId === undefined ? undefined : [input.studentId],
  })) {
    for (const r of students) rows.push(r);
  }
  const fines = new Map(rows.map((r) => [r.studentId, r.dues.fine]));
  const advances = await advancesOfBatches(ctx.db, batchIds, (studentId) => {
    const fine = fines.get(studentId);
    return fine && { feePaise: fine.accrued, discountPaise: fine.waived, adjustmentPaise: 0, paidPaise: fine.paid };
  });
  return {
    asOf: input.asOf,
    students: rows.map((r) => ({
      studentId: r.studentId,
      admissionNo: r.admissionNo,
      name: r.name,
      batchId: r.batchId,
      instalments: r.dues.instalments,
      fine: r.dues.fine,
      outstanding: r.dues.outstanding,
      toCollect: r.dues.toCollect,
      advance: advances.get(r.studentId) ?? 0,
      sponsored: r.sponsored,
    })),
  };
}
