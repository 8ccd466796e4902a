import { findBatch } from '@fees/db';
import { AppError, type TBatchByIdInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';

export async function batchById(ctx: AuthedContext, input: TBatchByIdInput) {
  const batch = await findBatch(ctx.db, input.id);
  if (!batch) throw new AppError('NOT_FOUND', 'No such batch');
  assertDepartmentAccess(ctx.session, batch.departmentId);
  return batch;
}
