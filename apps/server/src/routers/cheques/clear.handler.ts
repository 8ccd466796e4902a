import { runInWriteBatch } from '@fees/db';
import type { TClearChequeInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { clearCheque } from '../../domain/cheques/service';

export function clearHandler({ ctx, input }: { ctx: AuthedContext; input: TClearChequeInput }) {
  return runInWriteBatch(ctx.db, (tx) => clearCheque(tx, actorOf(ctx), input, ctx.session));
}
