import { findDiscount } from '@fees/db';
import type { TDiscountIdInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import type { AuthedContext } from './shared';

export function byIdHandler({ ctx, input }: { ctx: AuthedContext; input: TDiscountIdInput }) {
  const discount = findDiscount(ctx.db, input.id);
  if (!discount) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such discount' });
  return discount;
}
