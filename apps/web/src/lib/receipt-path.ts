import type { Department } from './departments';

/**
 * The printable receipt of a department; the number is in the address so a reload shows the same
 * receipt, and `backUrl` is where Go Back returns. `duplicateOn` (yyyy-MM-dd): a duplicate reprinted that day.
 */
export function receiptSuccessPath(
  department: Department,
  number: number,
  backUrl: string,
  duplicateOn?: string,
): string {
  const query = new URLSearchParams({ url: backUrl, no: String(number) });
  if (duplicateOn) query.set('duplicate', duplicateOn);
  return `/${department.prefix}/inv/success/?${query}`;
}
