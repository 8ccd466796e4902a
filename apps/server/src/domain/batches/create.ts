import { findBatchByName, insertBatch, isUniqueViolation, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TCreateBatchInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { assertCourseOfDepartment, batchNameTakenMessage } from './shared';
import type { AuthedContext } from '../../context';

export async function createBatch(ctx: AuthedContext, input: TCreateBatchInput) {
  const course = await assertCourseOfDepartment(ctx, input);
  const conflict = new AppError('CONFLICT', batchNameTakenMessage(input.name, course.name));
  try {
    const batch = await inTransaction(ctx, async (tx, ctx) => {
      if (await findBatchByName(tx, { courseId: input.courseId, name: input.name })) throw conflict;
      const row = await insertBatch(tx, {
        departmentId: input.depId,
        courseId: input.courseId,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
      });
      await writeAudit(tx, { actor: actorOf(ctx), action: 'create', entity: 'batch', entityId: row.id, after: row });
      return row;
    });
    return { Result: 'SAVED' as const, Message: `Batch ${batch.name} of ${course.name} saved`, id: batch.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}
