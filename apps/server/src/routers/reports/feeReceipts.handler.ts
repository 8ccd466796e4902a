import { feeReceiptReport } from '@fees/db';
import type { TFeeReceiptReportInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function feeReceiptsHandler({ ctx, input }: { ctx: AuthedContext; input: TFeeReceiptReportInput }) {
  return feeReceiptReport(ctx.db, input);
}
