import { FIND_STUDENT_LIMIT, findDepartmentStudents } from '@fees/db';
import { AppError, COURSES, type TFindReceiptStudentsInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

/**
 * Find student at the counter: the department's students matching the text, the one whose admission
 * number it is first. `exact` says that first row is that student, so Enter can open their receipt.
 */
export async function findReceiptStudents(ctx: AuthedContext, input: TFindReceiptStudentsInput) {
  if (input.courseId !== undefined && !COURSES.some((c) => c.id === input.courseId && c.departmentId === input.depId)) {
    throw new AppError('BAD_INPUT', 'This course is not offered by this department');
  }
  const { exact, matches } = await findDepartmentStudents(ctx.db, {
    departmentId: input.depId,
    text: input.text,
    courseId: input.courseId,
  });
  const others = matches.filter((s) => s.studentId !== exact?.studentId);
  const found = (exact ? [exact, ...others] : others).slice(0, FIND_STUDENT_LIMIT);
  const courseName = new Map(COURSES.map((c) => [c.id, c.name]));
  return {
    students: found.map((s) => ({ ...s, courseName: courseName.get(s.courseId) ?? '' })),
    exact: exact !== null,
    truncated: (exact ? 1 : 0) + others.length > FIND_STUDENT_LIMIT,
  };
}
