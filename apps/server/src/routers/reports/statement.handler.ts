import { studentStatement } from '@fees/db';
import type { TStudentStatementInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import type { AuthedContext } from './shared';

export function statementHandler({ ctx, input }: { ctx: AuthedContext; input: TStudentStatementInput }) {
  const statement = studentStatement(ctx.db, input);
  if (!statement) throw new TRPCError({ code: 'NOT_FOUND', message: 'The student was not found in this department' });
  return statement;
}
