import { receiptsBetweenDatesReport } from '@fees/db';
import type { TReceiptsBetweenDatesInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function receiptsBetweenDatesHandler({ ctx, input }: { ctx: AuthedContext; input: TReceiptsBetweenDatesInput }) {
  return receiptsBetweenDatesReport(ctx.db, input);
}
