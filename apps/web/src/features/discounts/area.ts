import { useDepartmentIfAny, useIsAdminArea } from '../../lib/department-context';

/**
 * Where the discount screens live: the admin area (/admin/discedt, any department, chosen on the screen) or a
 * department (/{department}/discounts, its accountants and the admins, the department fixed).
 */
export interface DiscountArea {
  /** The department of a department's own screens; null where the screen asks for one. */
  fixedDepId: number | null;
  listPath: (depId: number | null) => string;
  newPath: (depId: number | null) => string;
  editPath: (id: number) => string;
}

export function useDiscountArea(): DiscountArea {
  const department = useDepartmentIfAny();
  const admin = useIsAdminArea();
  if (admin || !department)
    return {
      fixedDepId: null,
      listPath: (depId) => (depId ? `/admin/discedt?depId=${depId}` : '/admin/discedt'),
      newPath: (depId) => (depId ? `/admin/fdiscount?depId=${depId}` : '/admin/fdiscount'),
      editPath: (id) => `/admin/editdisc/${id}`,
    };
  const base = `/${department.prefix}/discounts`;
  return {
    fixedDepId: department.id,
    listPath: () => `${base}/`,
    newPath: () => `${base}/new`,
    editPath: (id) => `${base}/${id}`,
  };
}
