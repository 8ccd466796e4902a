import type { Department } from '../../lib/departments';

/** Receipt entry: /{prefix}/receipt/{admNo}?sub_id={courseId}&course={name}&batch={batchId}. */
export function receiptEntryPath(
  department: Department,
  student: { admissionNo: string; batchId: number },
  course: { id: number; name: string },
): string {
  const query = new URLSearchParams({ sub_id: String(course.id), course: course.name, batch: String(student.batchId) });
  return `/${department.prefix}/receipt/${encodeURIComponent(student.admissionNo)}?${query}`;
}

/** The printable receipt; the number is in the address so a reload shows the same receipt. */
export function receiptSuccessPath(department: Department, number: number, backUrl: string): string {
  return `/${department.prefix}/inv/success/?${new URLSearchParams({ url: backUrl, no: String(number) })}`;
}

/** The receipt as an A4 PDF made by the server (the file a family is sent). */
export function receiptPdfPath(number: number): string {
  return `/api/receipts/${number}.pdf`;
}

export function editReceiptPath(department: Department, number: number): string {
  return `/${department.prefix}/inv/edit/${number}`;
}

export function receiptSearchPath(department: Department): string {
  return `/${department.prefix}/rcpt/`;
}

export function studentStatementPath(department: Department, studentId: number): string {
  return `/${department.prefix}/statement/${studentId}`;
}
