import { findCourse, type SessionUser } from '@fees/db';
import { TRPCError } from '@trpc/server';
import type { Context } from '../../context';

export type AuthedContext = Context & { session: SessionUser };

export const batchNameTakenMessage = (name: string, courseName: string) => `${courseName} already has a batch named ${name}`;

/** The course must exist and belong to the department; returns it. */
export function assertCourseOfDepartment(ctx: AuthedContext, input: { depId: number; courseId: number }) {
  const course = findCourse(ctx.db, input.courseId);
  if (!course || course.departmentId !== input.depId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'This course does not belong to the department' });
  }
  return course;
}

/** A unique-index race is still a CONFLICT, never a 500. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error as { code: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}
