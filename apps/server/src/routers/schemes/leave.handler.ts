import type { TLeaveSchemeInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { leaveScheme } from '../../domain/schemes/service';

export function leaveHandler({ ctx, input }: { ctx: AuthedContext; input: TLeaveSchemeInput }) {
  return leaveScheme(ctx, input);
}
