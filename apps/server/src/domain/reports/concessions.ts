import { concessionsSummary, findBatch, findCourse } from '@fees/db';
import { refuse, type TConcessionsInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

/**
 * Concessions summary: per scheme, its students and the discounts it gives per head, in a department, course or batch.
 */
export async function concessions(ctx: AuthedContext, input: TConcessionsInput) {
  if (input.courseId !== undefined) {
    const course = await findCourse(ctx.db, input.courseId);
    if (!course || course.departmentId !== input.depId)
      refuse('BAD_INPUT', 'This course does not belong to the department');
  }
  if (input.batchId !== undefined) {
    const batch = await findBatch(ctx.db, input.batchId);
    if (
      !batch ||
      batch.departmentId !== input.depId ||
      (input.courseId !== undefined && batch.courseId !== input.courseId)
    ) {
      refuse('NOT_FOUND', 'No such batch in this department');
    }
  }
  return concessionsSummary(ctx.db, { departmentId: input.depId, courseId: input.courseId, batchId: input.batchId });
}
