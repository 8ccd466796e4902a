import type { TUpdateReceiptInput } from '@fees/validation';
import { runInWriteBatch } from '@fees/db';
import { actorOf } from '../../audit';
import { type AuthedContext, gateOf } from './context';
import { updateReceipt } from './service';

export function updateHandler({ ctx, input }: { ctx: AuthedContext; input: TUpdateReceiptInput }) {
  return runInWriteBatch(ctx.db, () => updateReceipt(ctx.db, actorOf(ctx), input, gateOf(ctx)));
}
