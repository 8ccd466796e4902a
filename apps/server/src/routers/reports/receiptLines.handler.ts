import { receiptLinesReport } from '@fees/db';
import type { TReceiptLinesReportInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import type { AuthedContext } from './shared';

export function receiptLinesHandler({ ctx, input }: { ctx: AuthedContext; input: TReceiptLinesReportInput }) {
  const receipt = receiptLinesReport(ctx.db, input);
  if (!receipt) throw new TRPCError({ code: 'NOT_FOUND', message: `Receipt #000${input.number} was not found in this department` });
  return receipt;
}
