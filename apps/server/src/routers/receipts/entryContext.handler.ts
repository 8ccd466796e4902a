import { studentFeeBalances, studentFeeTotals } from '@fees/db';
import type { TReceiptEntryContextInput } from '@fees/validation';
import { today } from '../../config';
import { studentOfDepartment } from './service';
import type { AuthedContext } from '../../context';

/** Everything the receipt entry form starts from: the student header, the batch's heads with balances, the GST rate. */
export function entryContextHandler({ ctx, input }: { ctx: AuthedContext; input: TReceiptEntryContextInput }) {
  const { gstRateBasisPoints, ...student } = studentOfDepartment(ctx.db, input, ctx.session);
  return {
    student,
    heads: studentFeeBalances(ctx.db, student.id),
    totals: studentFeeTotals(ctx.db, student.id),
    gstRateBasisPoints,
    today: today(),
  };
}
