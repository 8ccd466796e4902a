import { AppError } from '@fees/validation';

/** Who acts, as far as departments go: an admin acts for every department, staff for their own. */
export interface DepartmentAccess {
  role: 'admin' | 'user';
  departmentId: number | null;
}

/** Throws FORBIDDEN unless the caller may act for this department. */
export function assertDepartmentAccess(access: DepartmentAccess, depId: number): void {
  if (access.role === 'admin') return;
  if (access.departmentId !== depId) throw new AppError('FORBIDDEN', 'This belongs to another department');
}

/**
 * May this session approve or reject a request of this department: an admin, or the department's staff
 * (its accountants), never the person who asked. The one place the checker's rule is written.
 */
export function mayApprove(
  session: DepartmentAccess & { userId: number },
  depId: number,
  request: { requestedBy: number },
): boolean {
  if (session.userId === request.requestedBy) return false;
  return session.role === 'admin' || session.departmentId === depId;
}
