import {
  findStudentDetail,
  findStudentDetailByAdmissionNo,
  listEnrolments,
  listStudentContacts,
  type StudentDetail,
} from '@fees/db';
import { AppError, type TStudentByAdmissionNoInput, type TStudentIdInput } from '@fees/validation';
import { loadStudent } from './shared';
import type { AuthedContext } from '../../context';

export async function studentById(ctx: AuthedContext, input: TStudentIdInput) {
  await loadStudent(ctx, input);
  const detail = await findStudentDetail(ctx.db, { id: input.id });
  if (!detail) throw new AppError('NOT_FOUND', 'No such student');
  return withContacts(ctx, detail);
}

/** The student with their guardians and whether their own e-mail and phone get reminders. */
async function withContacts(ctx: AuthedContext, detail: StudentDetail) {
  const { remindersOptOut, ...rest } = detail;
  return { ...rest, remindersOptOut: remindersOptOut === 1, contacts: await listStudentContacts(ctx.db, detail.id) };
}

export async function studentByAdmissionNo(ctx: AuthedContext, input: TStudentByAdmissionNoInput) {
  const detail = await findStudentDetailByAdmissionNo(ctx.db, {
    departmentId: input.depId,
    admissionNo: input.admissionNo,
  });
  if (!detail)
    throw new AppError('NOT_FOUND', `No student with admission number ${input.admissionNo} in this department`);
  return withContacts(ctx, detail);
}

/** The batches the student has been in, oldest first: the open one is their current batch. */
export async function studentEnrolments(ctx: AuthedContext, input: TStudentIdInput) {
  const student = await loadStudent(ctx, input);
  return await listEnrolments(ctx.db, { studentId: student.id });
}
