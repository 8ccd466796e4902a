import { listStudentRefunds, studentStatement } from '@fees/db';
import { AppError, type TStudentStatementInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { studentAdvance } from '../refunds/advance';

/** The student's heads with their payments, the refunds paid out to them (live), and their advance. */
export async function statementOfStudent(ctx: AuthedContext, input: TStudentStatementInput) {
  const statement = await studentStatement(ctx.db, input);
  if (!statement) throw new AppError('NOT_FOUND', 'The student was not found in this department');
  const refunds = (await listStudentRefunds(ctx.db, statement.student.id))
    .filter((f) => f.status === 'live')
    .map(({ number, date, amountPaise, paymentMode, paymentReference, reason }) => ({
      number,
      date,
      amountPaise,
      paymentMode,
      paymentReference,
      reason,
    }));
  return { ...statement, refunds, advancePaise: await studentAdvance(ctx.db, statement.student) };
}
