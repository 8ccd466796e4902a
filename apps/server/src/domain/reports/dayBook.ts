import { dayBook, listLetterheads } from '@fees/db';
import { AppError, roleCan, servesEveryDepartment, type TDayBookInput } from '@fees/validation';
import { assertDepartmentAccess } from '../../department-access';
import type { AuthedContext } from '../../context';

/**
 * One department's day for its staff (or an admin), with the department's letterhead it is printed
 * on; every department at once for admins and auditors only (no letterhead: the foundation's own
 * report). A role that cannot read the department's reports (a cashier) sees only what it took.
 */
export async function dayBookOf(ctx: AuthedContext, input: TDayBookInput) {
  if (input.depId === undefined) {
    if (!servesEveryDepartment(ctx.session.role)) throw new AppError('FORBIDDEN', 'Administrators only');
  } else {
    assertDepartmentAccess(ctx.session, input.depId);
  }
  const takenBy = roleCan(ctx.session.role, 'read') ? undefined : ctx.session.userId;
  const book = await dayBook(ctx.db, { ...input, takenBy });
  const found =
    input.depId === undefined ? undefined : (await listLetterheads(ctx.db)).find((l) => l.depId === input.depId);
  const letterhead = found
    ? { institutionName: found.institutionName, address: found.address, phone: found.phone, hasLogo: found.hasLogo }
    : null;
  return { ...book, letterhead };
}
