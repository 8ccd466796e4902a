import { listAuditEntries } from '@fees/db';
import { AppError, type TAuditListQuery } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { auditEntryOf } from './entries';

/** A local date's first instant as stored in audit_log.at (UTC ISO). */
const startOf = (date: string) => new Date(`${date}T00:00:00`).toISOString();
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

/**
 * One page of the audit log, newest first. Admins see everything and may filter by department;
 * staff see only their own department's records (another department is refused).
 */
export async function auditLog(ctx: AuthedContext, input: TAuditListQuery) {
  const staffDepartment = ctx.session.role === 'admin' ? null : ctx.session.departmentId;
  if (staffDepartment !== null && input.depId !== undefined && input.depId !== staffDepartment) {
    throw new AppError('FORBIDDEN', 'This belongs to another department');
  }
  const departmentId = staffDepartment ?? input.depId;
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
