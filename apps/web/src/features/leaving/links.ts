import type { Department } from '../../lib/departments';

/** An issued no-dues certificate's printable page. */
export function certificatePath(department: Department, number: number): string {
  return `/${department.prefix}/no-dues/${number}`;
}
