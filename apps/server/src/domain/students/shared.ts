import {
  findCourse,
  findEnrolmentBatch,
  findStudentById,
  isAdmissionNoTaken,
  listCategories,
  listReligions,
  type NewStudentRow,
  type StudentRow,
} from '@fees/db';
import { AppError, type TStudentForm } from '@fees/validation';
import { assertDepartmentAccess } from '../../department-access';
import type { AuthedContext } from '../../context';

export const admissionNoTakenMessage = (admissionNo: string) =>
  `Admission number ${admissionNo} is already used in this department`;

/** The course must be the department's and the batch the course's. */
export async function assertEnrolment(
  ctx: AuthedContext,
  input: { depId: number; courseId: number; batchId: number },
): Promise<void> {
  const course = await findCourse(ctx.db, input.courseId);
  if (!course || course.departmentId !== input.depId) {
    throw new AppError('BAD_INPUT', 'This course does not belong to the department');
  }
  const batch = await findEnrolmentBatch(ctx.db, input.batchId);
  if (!batch || batch.courseId !== input.courseId || batch.departmentId !== input.depId) {
    throw new AppError('BAD_INPUT', `This batch is not a batch of ${course.name}`);
  }
}

/** Category and religion must be known reference rows (the lists are a handful of rows). */
export async function assertReferenceIds(
  ctx: AuthedContext,
  input: { categoryId: number; religionId: number | null },
): Promise<void> {
  if (!(await listCategories(ctx.db)).some((c) => c.id === input.categoryId)) {
    throw new AppError('BAD_INPUT', 'Unknown category');
  }
  if (input.religionId !== null && !(await listReligions(ctx.db)).some((r) => r.id === input.religionId)) {
    throw new AppError('BAD_INPUT', 'Unknown religion');
  }
}

export async function assertAdmissionNoFree(
  ctx: AuthedContext,
  input: { depId: number; admissionNo: string; exceptId?: number },
): Promise<void> {
  if (
    await isAdmissionNoTaken(ctx.db, {
      departmentId: input.depId,
      admissionNo: input.admissionNo,
      exceptId: input.exceptId,
    })
  ) {
    throw new AppError('CONFLICT', admissionNoTakenMessage(input.admissionNo));
  }
}

/**
 * A student the caller may act on: staff of another department get FORBIDDEN; an admin naming the
 * wrong department gets NOT_FOUND, as does an id that does not exist.
 */
export async function loadStudent(ctx: AuthedContext, input: { depId: number; id: number }): Promise<StudentRow> {
  const student = await findStudentById(ctx.db, input.id);
  if (!student) throw new AppError('NOT_FOUND', 'No such student');
  assertDepartmentAccess(ctx.session, student.departmentId);
  if (student.departmentId !== input.depId) throw new AppError('NOT_FOUND', 'No such student in this department');
  return student;
}

/** The stored row of a validated form. */
export function studentRow(
  depId: number,
  form: Omit<TStudentForm, 'confirm'>,
): Omit<NewStudentRow, 'id' | 'createdAt' | 'updatedAt'> {
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
    // Left out (older programs, the REST paths), an edit keeps what is stored.
    ...(form.remindersOptOut === undefined ? {} : { remindersOptOut: form.remindersOptOut ? 1 : 0 }),
  };
}
