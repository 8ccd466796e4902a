import type { TLeaveSchemeInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { planLeave } from '../../domain/schemes/service';

/** What leaving would remove, per student and head, and which paid heads would owe again; nothing is written. */
export function leavePreviewHandler({ ctx, input }: { ctx: AuthedContext; input: TLeaveSchemeInput }) {
  return planLeave(ctx.db, input);
}
