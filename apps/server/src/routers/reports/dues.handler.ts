import { duesReport } from '@fees/db';
import type { TDuesReportInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

/** The course's dues by batch, each student with their advance, and the advance the batches' students hold in all. */
export async function duesHandler({ ctx, input }: { ctx: AuthedContext; input: TDuesReportInput }) {
  return await duesReport(ctx.db, input);
}
