import type { TCreateReceiptInput } from '@fees/validation';
import { runInWriteBatch } from '@fees/db';
import { actorOf } from '../../audit';
import { createReceipt } from '../../domain/receipts/service';
import type { AuthedContext } from '../../context';

/** Receipts arriving together share one commit (one fsync); each is still its own savepoint. */
export function createHandler({ ctx, input }: { ctx: AuthedContext; input: TCreateReceiptInput }) {
  return runInWriteBatch(ctx.db, (tx) => createReceipt(tx, actorOf(ctx), input, ctx.session));
}
