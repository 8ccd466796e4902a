import type { TApplySchemeInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { applyScheme } from '../../domain/schemes/service';

export function joinHandler({ ctx, input }: { ctx: AuthedContext; input: TApplySchemeInput }) {
  return applyScheme(ctx.db, actorOf(ctx), input);
}
