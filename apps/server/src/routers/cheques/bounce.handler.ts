import { runInWriteBatch } from '@fees/db';
import type { TBounceChequeInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { bounceCheque } from '../../domain/cheques/service';

export function bounceHandler({ ctx, input }: { ctx: AuthedContext; input: TBounceChequeInput }) {
  return runInWriteBatch(ctx.db, (tx) => bounceCheque(tx, actorOf(ctx), input, ctx.session));
}
