import { listRefunds } from '@fees/db';
import type { TListRefundsInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function listHandler({ ctx, input }: { ctx: AuthedContext; input: TListRefundsInput }) {
  return listRefunds(ctx.db, input);
}
