import { findFeeStructure } from '@fees/db';
import { AppError, type TFeeStructureIdInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export async function feeStructureById(ctx: AuthedContext, input: TFeeStructureIdInput) {
  const structure = await findFeeStructure(ctx.db, input.id);
  if (!structure) throw new AppError('NOT_FOUND', 'No such fee structure');
  return structure;
}
