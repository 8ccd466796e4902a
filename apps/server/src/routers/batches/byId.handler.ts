import { findBatch } from '@fees/db';
import type { TBatchByIdInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import type { AuthedContext } from './shared';

export function byIdHandler({ ctx, input }: { ctx: AuthedContext; input: TBatchByIdInput }) {
  const batch = findBatch(ctx.db, input.id);
  if (!batch) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such batch' });
  return batch;
}
