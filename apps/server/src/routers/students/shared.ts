import {
  findCourse,
  findEnrolmentBatch,
  findStudentById,
  isAdmissionNoTaken,
  listCategories,
  listReligions,
  type NewStudentRow,
  type SessionUser,
  type StudentRow,
} from '@fees/db';
import type { TStudentForm } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import type { Context } from '../../context';
import { assertDepartmentAccess } from '../../trpc';

export type DepartmentContext = Context & { session: SessionUser };

export const admissionNoTakenMessage = (admissionNo: string) =>
  `Admission number ${admissionNo} is already used in this department`;

/** The course must be the department's and the batch the course's. */
export function assertEnrolment(ctx: DepartmentContext, input: { depId: number; courseId: number; batchId: number }): void {
  const course = findCourse(ctx.db, input.courseId);
  if (!course || course.departmentId !== input.depId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'This course does not belong to the department' });
  }
  const batch = findEnrolmentBatch(ctx.db, input.batchId);
  if (!batch || batch.courseId !== input.courseId || batch.departmentId !== input.depId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `This batch is not a batch of ${course.name}` });
  }
}

/** Category and religion must be known reference rows (the lists are a handful of rows). */
export function assertReferenceIds(ctx: DepartmentContext, input: { categoryId: number; religionId: number | null }): void {
  if (!listCategories(ctx.db).some((c) => c.id === input.categoryId)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Unknown category' });
  }
  if (input.religionId !== null && !listReligions(ctx.db).some((r) => r.id === input.religionId)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Unknown religion' });
  }
}

export function assertAdmissionNoFree(ctx: DepartmentContext, input: { depId: number; admissionNo: string; exceptId?: number }): void {
  if (isAdmissionNoTaken(ctx.db, { departmentId: input.depId, admissionNo: input.admissionNo, exceptId: input.exceptId })) {
    throw new TRPCError({ code: 'CONFLICT', message: admissionNoTakenMessage(input.admissionNo) });
  }
}

/**
 * A student the caller may act on: staff of another department get FORBIDDEN; an admin naming the
 * wrong department gets NOT_FOUND, as does an id that does not exist.
 */
export function loadStudent(ctx: DepartmentContext, input: { depId: number; id: number }): StudentRow {
  const student = findStudentById(ctx.db, input.id);
  if (!student) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such student' });
  assertDepartmentAccess(ctx.session, student.departmentId);
  if (student.departmentId !== input.depId) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such student in this department' });
  return student;
}

/** The stored row of a validated form. */
export function studentRow(depId: number, form: Omit<TStudentForm, 'confirm'>): Omit<NewStudentRow, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    departmentId: depId,
    courseId: form.courseId,
    batchId: form.batchId,
    admissionNo: form.admissionNo,
    capId: form.capId,
    name: form.name,
    admissionDate: form.admissionDate,
    dateOfBirth: form.dateOfBirth,
    gender: form.gender,
    categoryId: form.categoryId,
    religionId: form.religionId,
    email: form.email,
    phone: form.phone,
    parentName: form.parentName,
    address: form.address,
    guardianAddress: form.guardianAddress,
  };
}

/** A unique-index race (two clerks saving the same number at once) is still a CONFLICT, not a 500. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error as { code: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}
