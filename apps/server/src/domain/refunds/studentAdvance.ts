import type { TStudentFeeInfoInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { studentOfDepartment } from '../receipts/service';
import { studentAdvance } from './advance';

/** The New refund form: the student and the advance that may be refunded. */
export async function studentAdvanceOf(ctx: AuthedContext, input: TStudentFeeInfoInput) {
  const student = await studentOfDepartment(ctx.db, input, ctx.session);
  return {
    student: {
      id: student.id,
      admissionNo: student.admissionNo,
      name: student.name,
      courseName: student.courseName,
      batchName: student.batchName,
    },
    advancePaise: await studentAdvance(ctx.db, student),
  };
}
