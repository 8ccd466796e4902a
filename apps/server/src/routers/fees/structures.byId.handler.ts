import { findFeeStructure } from '@fees/db';
import type { TFeeStructureIdInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import type { AuthedContext } from './shared';

export function structuresByIdHandler({ ctx, input }: { ctx: AuthedContext; input: TFeeStructureIdInput }) {
  const structure = findFeeStructure(ctx.db, input.id);
  if (!structure) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such fee structure' });
  return structure;
}
