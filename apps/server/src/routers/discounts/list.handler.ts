import { listDiscounts } from '@fees/db';
import type { TListDiscountsInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function listHandler({ ctx, input }: { ctx: AuthedContext; input: TListDiscountsInput }) {
  return listDiscounts(ctx.db, { departmentId: input.depId });
}
