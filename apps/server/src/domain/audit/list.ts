import { auditActors, listAuditEntries } from '@fees/db';
import { AppError, servesEveryDepartment, type TAuditListQuery } from '@fees/validation';
import { assertDepartmentAccess } from '../../department-access';
import type { AuthedContext } from '../../context';
import { auditEntryOf } from './entries';

/** A local date's first instant as stored in audit_log.at (UTC ISO). */
const startOf = (date: string) => new Date(`${date}T00:00:00`).toISOString();
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

/** The department whose trail an accountant reads: the one named, else the one signed in to. */
function ownTrail(ctx: AuthedContext, depId: number | undefined): number {
  const departmentId = depId ?? ctx.session.departmentId ?? ctx.session.departmentIds[0];
  if (departmentId === undefined) throw new AppError('FORBIDDEN', 'This account serves no department');
  assertDepartmentAccess(ctx.session, departmentId);
  return departmentId;
}

/** The accounts to filter the audit log by: all for an admin or auditor, the department's own for an accountant. */
export async function auditActorsFor(ctx: AuthedContext) {
  return auditActors(ctx.db, servesEveryDepartment(ctx.session.role) ? null : ownTrail(ctx, undefined));
}

/**
 * One page of the audit log, newest first. Admins and auditors see everything and may filter by
 * department; an accountant sees one department it serves at a time (the one signed in to unless it
 * names another it serves; another department is refused).
 */
export async function auditLog(ctx: AuthedContext, input: TAuditListQuery) {
  const departmentId = servesEveryDepartment(ctx.session.role) ? input.depId : ownTrail(ctx, input.depId);
  const { rows, more } = await listAuditEntries(ctx.db, {
    fromAt: input.from ? startOf(input.from) : undefined,
    toAt: input.to ? dayAfter(input.to) : undefined,
    departmentId: departmentId ?? undefined,
    userId: input.userId,
    action: input.action,
    receiptNumber: input.receiptNumber,
    admissionNo: input.admissionNo,
    before: input.before,
    limit: input.limit,
  });
  return { entries: rows.map(auditEntryOf), nextBefore: more ? rows.at(-1)!.id : null };
}
