import { runInWriteBatch } from '@fees/db';
import type { TCreateRefundInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { createRefund } from '../../domain/refunds/service';

export function createHandler({ ctx, input }: { ctx: AuthedContext; input: TCreateRefundInput }) {
  return runInWriteBatch(ctx.db, (tx) => createRefund(tx, actorOf(ctx), input, ctx.session));
}
