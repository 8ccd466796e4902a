import { leavingOfStudent } from '../leaving/service';
import { listSponsorships, listStudentRefunds, studentStatement } from '@fees/db';
import { receivablePaise, sponsoredPaise } from '@fees/money';
import { AppError, type TStudentStatementInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { studentAdvance } from '../refunds/advance';

/**
 * The student's heads with their payments, the refunds paid out to them (live), their advance, and per sponsor and
 * head what is expected from the sponsor (and what of it has come).
 */
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
  const sponsors = (await listSponsorships(ctx.db, { departmentId: input.depId, studentId: statement.student.id })).map(
    (s) => ({
      sponsor: s.sponsor,
      feeHead: s.feeHead,
      expectedPaise: sponsoredPaise(s),
      receivedPaise: s.receivedPaise,
      stillExpectedPaise: receivablePaise(s, s.receivedPaise),
      shortfallPaise: s.shortfallPaise,
      shortfallDate: s.shortfallDate,
    }),
  );
  return {
    ...statement,
    refunds,
    sponsors,
    advancePaise: await studentAdvance(ctx.db, statement.student),
    leaving: await leavingOfStudent(ctx.db, statement.student),
  };
}
