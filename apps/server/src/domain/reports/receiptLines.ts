import { receiptLinesReport } from '@fees/db';
import { AppError, receiptLabel, type TReceiptLinesReportInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export async function receiptLines(ctx: AuthedContext, input: TReceiptLinesReportInput) {
  const receipt = await receiptLinesReport(ctx.db, input);
  if (!receipt)
    throw new AppError('NOT_FOUND', `Receipt ${receiptLabel(input.number)} was not found in this department`);
  return receipt;
}
