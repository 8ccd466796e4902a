import { findDiscount } from '@fees/db';
import { refuse, type TDiscountIdInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';

export async function discountById(ctx: AuthedContext, input: TDiscountIdInput) {
  const discount = (await findDiscount(ctx.db, input.id)) ?? refuse('NOT_FOUND', 'No such discount');
  assertDepartmentAccess(ctx.session, discount.departmentId);
  return discount;
}
