import type { TReceiptNumberInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { type AuthedContext, gateOf } from './context';
import { voidReceipt } from './service';

export function voidHandler({ ctx, input }: { ctx: AuthedContext; input: TReceiptNumberInput }) {
  return voidReceipt(ctx.db, actorOf(ctx), input.number, gateOf(ctx));
}
