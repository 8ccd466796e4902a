import type { Department } from '../../lib/departments';

export { receiptSuccessPath } from '../../lib/receipt-path';

/** Receipt entry: /{prefix}/receipt/{admNo}?sub_id={courseId}&course={name}&batch={batchId}. */
export function receiptEntryPath(
  department: Department,
  student: { admissionNo: string; batchId: number },
  course: { id: number; name: string },
): string {
  const query = new URLSearchParams({ sub_id: String(course.id), course: course.name, batch: String(student.batchId) });
  return `/${department.prefix}/receipt/${encodeURIComponent(student.admissionNo)}?${query}`;
}

/** The receipt as an A4 PDF made by the server (the file a family is sent); a duplicate is marked and counted. */
export function receiptPdfPath(number: number, duplicate = false): string {
  return `/api/receipts/${number}.pdf${duplicate ? '?duplicate=1' : ''}`;
}

export function editReceiptPath(department: Department, number: number): string {
  return `/${department.prefix}/inv/edit/${number}`;
}

export function receiptSearchPath(department: Department): string {
  return `/${department.prefix}/rcpt/`;
}

/** The receipt register: a department's receipts between dates, with View, Print duplicate, Edit and Void. */
export function receiptRegisterPath(department: Department): string {
  return `/${department.prefix}/rcpt/register`;
}

export function studentStatementPath(department: Department, studentId: number): string {
  return `/${department.prefix}/statement/${studentId}`;
}
