import { createContext, type ReactNode, useContext } from 'react';
import { useParams } from 'react-router';
import { type Department, departmentById } from './departments';

/**
 * The department a screen works for: set by the department shell from its prefix, or by the admin
 * report routes from their :depId parameter.
 */
const DepartmentContext = createContext<Department | null>(null);

export function DepartmentProvider({ department, children }: { department: Department; children: ReactNode }) {
  return <DepartmentContext.Provider value={department}>{children}</DepartmentContext.Provider>;
}

/** The current department; throws when a page is used outside a department route. */
export function useDepartment(): Department {
  const department = useContext(DepartmentContext);
  if (!department) throw new Error('useDepartment used outside a department route');
  return department;
}

/** The department of a department route, or null on an admin route that chooses one (a list's department field). */
export function useDepartmentIfAny(): Department | null {
  return useContext(DepartmentContext);
}

/** For admin routes that name the department in the URL (/admin/rptfee/:depId/:deptName). */
export function DepartmentFromParams({ children }: { children: ReactNode }) {
  const { depId } = useParams();
  const department = departmentById(Number(depId));
  if (!department) return null;
  return <DepartmentProvider department={department}>{children}</DepartmentProvider>;
}

/** True inside the admin shell: pages link back to admin routes instead of the department's. */
export const AdminAreaContext = createContext(false);
export const useIsAdminArea = () => useContext(AdminAreaContext);
