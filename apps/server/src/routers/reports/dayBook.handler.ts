import { dayBook } from '@fees/db';
import { AppError, type TDayBookInput } from '@fees/validation';
import { assertDepartmentAccess } from '../../department-access';
import type { AuthedContext } from '../../context';

/** One department's day for its staff (or an admin); every department at once for admins only. */
export function dayBookHandler({ ctx, input }: { ctx: AuthedContext; input: TDayBookInput }) {
  if (input.depId === undefined) {
    if (ctx.session.role !== 'admin') throw new AppError('FORBIDDEN', 'Administrators only');
  } else {
    assertDepartmentAccess(ctx.session, input.depId);
  }
  return dayBook(ctx.db, input);
}
