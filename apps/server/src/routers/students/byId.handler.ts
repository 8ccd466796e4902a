import { findStudentDetail, findStudentDetailByAdmissionNo } from '@fees/db';
import { AppError, type TStudentByAdmissionNoInput, type TStudentIdInput } from '@fees/validation';
import { loadStudent } from '../../domain/students/shared';
import type { AuthedContext } from '../../context';

export async function byIdHandler({ ctx, input }: { ctx: AuthedContext; input: TStudentIdInput }) {
  await loadStudent(ctx, input);
  const detail = await findStudentDetail(ctx.db, { id: input.id });
  if (!detail) throw new AppError('NOT_FOUND', 'No such student');
  return detail;
}

export async function byAdmissionNoHandler({ ctx, input }: { ctx: AuthedContext; input: TStudentByAdmissionNoInput }) {
  const detail = await findStudentDetailByAdmissionNo(ctx.db, {
    departmentId: input.depId,
    admissionNo: input.admissionNo,
  });
  if (!detail)
    throw new AppError('NOT_FOUND', `No student with admission number ${input.admissionNo} in this department`);
  return detail;
}
