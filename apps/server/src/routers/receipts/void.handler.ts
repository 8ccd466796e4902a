import type { TVoidReceiptInput } from '@fees/validation';
import { runInWriteBatch } from '@fees/db';
import { actorOf } from '../../audit';
import { voidReceipt } from '../../domain/receipts/service';
import type { AuthedContext } from '../../context';

export function voidHandler({ ctx, input }: { ctx: AuthedContext; input: TVoidReceiptInput }) {
  return runInWriteBatch(ctx.db, (tx) => voidReceipt(tx, actorOf(ctx), input, ctx.session));
}
