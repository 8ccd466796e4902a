import { findCourse } from '@fees/db';
import { AppError } from '@fees/validation';
import type { AuthedContext } from '../../context';

export const batchNameTakenMessage = (name: string, courseName: string) =>
  `${courseName} already has a batch named ${name}`;

/** The course must exist and belong to the department; returns it. */
export async function assertCourseOfDepartment(ctx: AuthedContext, input: { depId: number; courseId: number }) {
  const course = await findCourse(ctx.db, input.courseId);
  if (!course || course.departmentId !== input.depId) {
    throw new AppError('BAD_INPUT', 'This course does not belong to the department');
  }
  return course;
}
