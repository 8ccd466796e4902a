import { listBatches } from '@fees/db';
import type { TListBatchesInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function listHandler({ ctx, input }: { ctx: AuthedContext; input: TListBatchesInput }) {
  return listBatches(ctx.db, { departmentId: input.depId });
}
