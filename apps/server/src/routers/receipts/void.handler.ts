import type { TReceiptNumberInput } from '@fees/validation';
import { runInWriteBatch } from '@fees/db';
import { actorOf } from '../../audit';
import { type AuthedContext, gateOf } from './context';
import { voidReceipt } from './service';

export function voidHandler({ ctx, input }: { ctx: AuthedContext; input: TReceiptNumberInput }) {
  return runInWriteBatch(ctx.db, () => voidReceipt(ctx.db, actorOf(ctx), input.number, gateOf(ctx)));
}
