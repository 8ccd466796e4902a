import { chequeCounts, collectionsReport } from '@fees/db';
import { AppError, servesEveryDepartment, type TCollectionsInput } from '@fees/validation';
import { assertDepartmentAccess } from '../../department-access';
import type { AuthedContext } from '../../context';

/**
 * One department for its staff (or an admin); every department at once for admins only. With the cheques received,
 * cleared and bounced.
 */
export async function collections(ctx: AuthedContext, input: TCollectionsInput) {
  if (input.depId === undefined) {
    if (!servesEveryDepartment(ctx.session.role)) throw new AppError('FORBIDDEN', 'Administrators only');
  } else {
    assertDepartmentAccess(ctx.session, input.depId);
  }
  return { ...(await collectionsReport(ctx.db, input)), cheques: await chequeCounts(ctx.db, input) };
}
