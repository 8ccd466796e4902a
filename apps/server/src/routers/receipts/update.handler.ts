import type { TUpdateReceiptInput } from '@fees/validation';
import { runInWriteBatch } from '@fees/db';
import { actorOf } from '../../audit';
import { updateReceipt } from '../../domain/receipts/service';
import type { AuthedContext } from '../../context';

export function updateHandler({ ctx, input }: { ctx: AuthedContext; input: TUpdateReceiptInput }) {
  return runInWriteBatch(ctx.db, (tx) => updateReceipt(tx, actorOf(ctx), input, ctx.session));
}
