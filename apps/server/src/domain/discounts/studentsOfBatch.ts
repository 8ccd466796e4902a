import { listStudentsByBatch } from '@fees/db';
import type { TStudentsOfBatchInput } from '@fees/validation';
import { loadBatchOfDepartment } from './shared';
import type { AuthedContext } from '../../context';

/** The student picker of the discount form. */
export async function discountStudentsOfBatch(ctx: AuthedContext, input: TStudentsOfBatchInput) {
  await loadBatchOfDepartment(ctx.db, input);
  return listStudentsByBatch(ctx.db, { batchId: input.batchId });
}
