import { findBatch, listFeeStructuresByBatch } from '@fees/db';
import type { TFeeStructuresByBatchInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import type { AuthedContext } from './shared';

/** The heads and amounts charged to a batch of the caller's department. */
export function structuresByBatchHandler({ ctx, input }: { ctx: AuthedContext; input: TFeeStructuresByBatchInput }) {
  const batch = findBatch(ctx.db, input.batchId);
  if (!batch || batch.departmentId !== input.depId) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'No such batch in this department' });
  }
  return listFeeStructuresByBatch(ctx.db, { batchId: input.batchId });
}
