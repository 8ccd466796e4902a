import { duesReport } from '@fees/db';
import type { TDuesReportInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function duesHandler({ ctx, input }: { ctx: AuthedContext; input: TDuesReportInput }) {
  return duesReport(ctx.db, input);
}
