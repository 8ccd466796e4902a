import { DEPARTMENTS } from '../lib/departments';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect';

/** The six departments for a Select: value is the id as text. */
export const DEPARTMENT_OPTIONS = DEPARTMENTS.map((d) => ({ value: String(d.id), label: d.name }));

/** The six departments as a choice; the value is the department id as text. */
export function DepartmentSelect(props: Omit<SearchableSelectProps, 'data'>) {
  return (
    <SearchableSelect
      label="Department"
      placeholder="Choose a department"
      data={DEPARTMENT_OPTIONS}
      allowDeselect={false}
      {...props}
    />
  );
}

/** The department named by a list page's ?depId= (kept in the URL so edits come back to it). */
export function departmentName(depId: string | number | null | undefined): string {
  return DEPARTMENTS.find((d) => String(d.id) === String(depId))?.name ?? '';
}
