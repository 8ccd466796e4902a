import { studentFeeBalances, studentFeeTotals } from '@fees/db';
import type { TReceiptEntryContextInput } from '@fees/validation';
import { today } from '../../config';
import { type AuthedContext, gateOf } from './context';
import { studentOfDepartment } from './service';

/** Everything the receipt entry form starts from: the student header, the batch's heads with balances, the GST rate. */
export function entryContextHandler({ ctx, input }: { ctx: AuthedContext; input: TReceiptEntryContextInput }) {
  const { gstRateBasisPoints, ...student } = studentOfDepartment(ctx.db, input, gateOf(ctx));
  return {
    student,
    heads: studentFeeBalances(ctx.db, student.id),
    totals: studentFeeTotals(ctx.db, student.id),
    gstRateBasisPoints,
    today: today(),
  };
}
