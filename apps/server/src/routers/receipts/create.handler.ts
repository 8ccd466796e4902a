import type { TCreateReceiptInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { type AuthedContext, gateOf } from './context';
import { createReceipt } from './service';

export function createHandler({ ctx, input }: { ctx: AuthedContext; input: TCreateReceiptInput }) {
  return createReceipt(ctx.db, actorOf(ctx), input, gateOf(ctx));
}
