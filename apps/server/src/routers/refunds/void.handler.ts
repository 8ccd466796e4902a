import { runInWriteBatch } from '@fees/db';
import type { TVoidRefundInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { voidRefund } from '../../domain/refunds/service';

export function voidHandler({ ctx, input }: { ctx: AuthedContext; input: TVoidRefundInput }) {
  return runInWriteBatch(ctx.db, (tx) => voidRefund(tx, actorOf(ctx), input, ctx.session));
}
