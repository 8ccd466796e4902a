import type { SessionUser } from '@fees/db';
import { AppError, roleCan, servesEveryDepartment } from '@fees/validation';

/** Who acts, as far as departments go: admins and auditors act for every department, others for those they serve. */
export type DepartmentAccess = Pick<SessionUser, 'role' | 'departmentIds'>;

export function servesDepartment(access: DepartmentAccess, depId: number): boolean {
  return servesEveryDepartment(access.role) || access.departmentIds.includes(depId);
}

/** Throws FORBIDDEN unless the caller may act for this department. */
export function assertDepartmentAccess(access: DepartmentAccess, depId: number): void {
  if (!servesDepartment(access, depId)) throw new AppError('FORBIDDEN', 'This belongs to another department');
}

/**
 * May this session approve or reject a request of this department: an admin, or an accountant serving it,
 * never the person who asked. The one place the checker's rule is written.
 */
export function mayApprove(
  session: DepartmentAccess & { userId: number },
  depId: number,
  request: { requestedBy: number },
): boolean {
  if (session.userId === request.requestedBy) return false;
  return roleCan(session.role, 'write') && servesDepartment(session, depId);
}
