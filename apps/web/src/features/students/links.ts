import type { Department } from '../../lib/departments';

/** The course list: /{prefix}/list/{courseId}?course=..&depurl=... */
export function courseListPath(department: Department, course: { id: number; name: string }): string {
  const query = new URLSearchParams({ course: course.name, depurl: department.prefix });
  return `/${department.prefix}/list/${course.id}?${query}`;
}

/** The edit screen; the old health inspector list linked it as /dhi/edit, and both routes work. */
export function editStudentPath(
  department: Department,
  student: { admissionNo: string },
  course: { id: number; name: string },
): string {
  const query = new URLSearchParams({
    admno: student.admissionNo,
    subid: String(course.id),
    depId: String(department.id),
    course: course.name,
  });
  const prefix = department.prefix === 'hic' ? 'dhi' : department.prefix;
  return `/${prefix}/edit?${query}`;
}

export function registerPath(department: Department, courseId?: number): string {
  return `/${department.prefix}/register/${courseId ? `?courseId=${courseId}` : ''}`;
}

export function statementPath(department: Department, studentId: number): string {
  return `/${department.prefix}/statement/${studentId}`;
}
