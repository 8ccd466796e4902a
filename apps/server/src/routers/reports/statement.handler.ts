import { studentStatement } from '@fees/db';
import { AppError, type TStudentStatementInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function statementHandler({ ctx, input }: { ctx: AuthedContext; input: TStudentStatementInput }) {
  const statement = studentStatement(ctx.db, input);
  if (!statement) throw new AppError('NOT_FOUND', 'The student was not found in this department');
  return statement;
}
