import { auditActors } from '@fees/db';
import type { AuthedContext } from '../../context';

/** The accounts to filter the audit log by: all for an admin, the department's own for staff. */
export function auditActorsHandler({ ctx }: { ctx: AuthedContext }) {
  return auditActors(ctx.db, ctx.session.role === 'admin' ? null : ctx.session.departmentId);
}
