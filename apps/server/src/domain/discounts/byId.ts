import { findDiscount } from '@fees/db';
import { AppError, type TDiscountIdInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export async function discountById(ctx: AuthedContext, input: TDiscountIdInput) {
  const discount = await findDiscount(ctx.db, input.id);
  if (!discount) throw new AppError('NOT_FOUND', 'No such discount');
  return discount;
}
