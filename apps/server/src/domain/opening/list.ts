import { listOpeningBalances } from '@fees/db';
import type { TOpeningListInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

/** The department's opening balances (a course's or a batch's when given), with their sums. */
export async function listOpening(ctx: AuthedContext, input: TOpeningListInput) {
  const rows = await listOpeningBalances(ctx.db, {
    departmentId: input.depId,
    courseId: input.courseId,
    batchId: input.batchId,
  });
  return {
    rows,
    duesPaise: rows.reduce((sum, r) => sum + Math.max(0, r.amountPaise), 0),
    advancesPaise: rows.reduce((sum, r) => sum + Math.max(0, -r.amountPaise), 0),
  };
}
