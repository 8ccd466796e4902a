import { findStudentDetail, findStudentDetailByAdmissionNo } from '@fees/db';
import type { TStudentByAdmissionNoInput, TStudentIdInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { type DepartmentContext, loadStudent } from './shared';

export function byIdHandler({ ctx, input }: { ctx: DepartmentContext; input: TStudentIdInput }) {
  loadStudent(ctx, input);
  const detail = findStudentDetail(ctx.db, { id: input.id });
  if (!detail) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such student' });
  return detail;
}

export function byAdmissionNoHandler({ ctx, input }: { ctx: DepartmentContext; input: TStudentByAdmissionNoInput }) {
  const detail = findStudentDetailByAdmissionNo(ctx.db, { departmentId: input.depId, admissionNo: input.admissionNo });
  if (!detail) throw new TRPCError({ code: 'NOT_FOUND', message: `No student with admission number ${input.admissionNo} in this department` });
  return detail;
}
