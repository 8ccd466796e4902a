import { listFeeStructures } from '@fees/db';
import type { TListFeeStructuresInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function structuresListHandler({ ctx, input }: { ctx: AuthedContext; input: TListFeeStructuresInput }) {
  return listFeeStructures(ctx.db, { departmentId: input.depId });
}
