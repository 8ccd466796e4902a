import { receiptLinesReport } from '@fees/db';
import { AppError, type TReceiptLinesReportInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function receiptLinesHandler({ ctx, input }: { ctx: AuthedContext; input: TReceiptLinesReportInput }) {
  const receipt = receiptLinesReport(ctx.db, input);
  if (!receipt) throw new AppError('NOT_FOUND', `Receipt #000${input.number} was not found in this department`);
  return receipt;
}
