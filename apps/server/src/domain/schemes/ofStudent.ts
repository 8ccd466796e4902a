import { findStudentPlacement, schemesOfStudent } from '@fees/db';
import { refuse, type TStudentSchemesInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export async function studentSchemes(ctx: AuthedContext, input: TStudentSchemesInput) {
  const student = await findStudentPlacement(ctx.db, input.studentId);
  if (!student || student.departmentId !== input.depId) refuse('NOT_FOUND', 'No such student in this department');
  return schemesOfStudent(ctx.db, { studentId: student.id });
}
