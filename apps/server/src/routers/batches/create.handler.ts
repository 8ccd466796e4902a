import { findBatchByName, insertBatch, writeAudit } from '@fees/db';
import type { TCreateBatchInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { actorOf } from '../../audit';
import { type AuthedContext, assertCourseOfDepartment, batchNameTakenMessage, isUniqueViolation } from './shared';

export function createHandler({ ctx, input }: { ctx: AuthedContext; input: TCreateBatchInput }) {
  const course = assertCourseOfDepartment(ctx, input);
  const conflict = new TRPCError({ code: 'CONFLICT', message: batchNameTakenMessage(input.name, course.name) });
  try {
    const batch = ctx.db.transaction((tx) => {
      if (findBatchByName(tx, { courseId: input.courseId, name: input.name })) throw conflict;
      const row = insertBatch(tx, {
        departmentId: input.depId,
        courseId: input.courseId,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
      });
      writeAudit(tx, actorOf(ctx), { action: 'create', entity: 'batch', entityId: row.id, after: row });
      return row;
    });
    return { Result: 'SAVED' as const, Message: `Batch ${batch.name} of ${course.name} saved`, id: batch.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}
