import { studentFeeBalances, studentFeeTotals } from '@fees/db';
import type { TStudentFeeInfoInput } from '@fees/validation';
import { studentAdvance } from '../refunds/advance';
import { studentOfDepartment } from './service';
import type { AuthedContext } from '../../context';

/**
 * The 'Fees Info' dialog: balance rows per fee head of the student's batch, their totals, and the student's advance.
 */
export async function receiptFeeInfo(ctx: AuthedContext, input: TStudentFeeInfoInput) {
  const student = await studentOfDepartment(ctx.db, input, ctx.session);
  return {
    student: {
      id: student.id,
      admissionNo: student.admissionNo,
      name: student.name,
      courseName: student.courseName,
      batchName: student.batchName,
    },
    rows: await studentFeeBalances(ctx.db, student.id),
    totals: await studentFeeTotals(ctx.db, student.id),
    advancePaise: await studentAdvance(ctx.db, student),
  };
}
