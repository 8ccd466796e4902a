import { DEPARTMENTS } from '@fees/validation';

export type Department = (typeof DEPARTMENTS)[number];

export function departmentById(id: number): Department | undefined {
  return DEPARTMENTS.find((d) => d.id === id);
}

export { DEPARTMENTS };
