import { runInWriteBatch } from '@fees/db';
import type { TCreateRefundInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { createRefund } from './service';

export function createHandler({ ctx, input }: { ctx: AuthedContext; input: TCreateRefundInput }) {
  return runInWriteBatch(ctx.db, () => createRefund(ctx.db, actorOf(ctx), input, ctx.session));
}
