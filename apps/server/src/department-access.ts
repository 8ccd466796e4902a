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
