import type { TApplySchemeInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { planJoin } from '../../domain/schemes/service';

/** What applying the scheme would write, per student and head; nothing is written. */
export function previewHandler({ ctx, input }: { ctx: AuthedContext; input: TApplySchemeInput }) {
  return planJoin(ctx.db, input);
}
