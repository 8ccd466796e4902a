import { batchIsInUse, findBatch, findBatchByName, isUniqueViolation, updateBatch, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TUpdateBatchInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { assertCurrentVersion } from '../versions';
import { assertCourseOfDepartment, batchNameTakenMessage } from './shared';
import type { AuthedContext } from '../../context';

/** Name and dates can always change; course and department only while no student or receipt uses the batch. */
export async function editBatch(ctx: AuthedContext, input: TUpdateBatchInput) {
  const course = await assertCourseOfDepartment(ctx, input);
  const conflict = new AppError('CONFLICT', batchNameTakenMessage(input.name, course.name));
  try {
    const batch = await inTransaction(ctx, async (tx, ctx) => {
      const before = await findBatch(tx, input.id);
      if (!before) throw new AppError('NOT_FOUND', 'No such batch');
      assertCurrentVersion('batch', before, input.version);
      const moves = before.courseId !== input.courseId || before.departmentId !== input.depId;
      if (moves && (await batchIsInUse(tx, input.id))) {
        throw new AppError(
          'CONFLICT',
          `Batch ${before.name} already has students or receipts; its course cannot be changed`,
        );
      }
      if (await findBatchByName(tx, { courseId: input.courseId, name: input.name, exceptId: input.id })) throw conflict;
      const after = await updateBatch(tx, {
        id: input.id,
        departmentId: input.depId,
        courseId: input.courseId,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
      });
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'update',
        entity: 'batch',
        entityId: input.id,
        before,
        after,
      });
      return after;
    });
    return { Result: 'UPDATED' as const, Message: `Batch ${batch.name} of ${course.name} updated`, id: batch.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}
