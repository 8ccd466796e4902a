import { findBatch, listFeeStructuresByBatch } from '@fees/db';
import { AppError, type TFeeStructuresByBatchInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

/** The heads and amounts charged to a batch of the caller's department. */
export async function feeStructuresOfBatch(ctx: AuthedContext, input: TFeeStructuresByBatchInput) {
  const batch = await findBatch(ctx.db, input.batchId);
  if (!batch || batch.departmentId !== input.depId) {
    throw new AppError('NOT_FOUND', 'No such batch in this department');
  }
  return listFeeStructuresByBatch(ctx.db, { batchId: input.batchId });
}
