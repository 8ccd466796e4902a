import { listFineWaivers } from '@fees/db';
import type { TStudentDuesInput } from '@fees/validation';
import { today } from '../../config';
import { type AuthedContext, loadStudentOfDepartment, studentDuesView } from './service';

/** A student's instalments due till the date, their fines, waivers and Late fee paid, and per head what is due. */
export async function studentDues(ctx: AuthedContext, input: TStudentDuesInput) {
  const student = await loadStudentOfDepartment(ctx.db, input);
  return {
    ...(await studentDuesView(ctx.db, student, input.asOf ?? today())),
    waivers: await listFineWaivers(ctx.db, student.id),
  };
}
