import { duesReport } from '@fees/db';
import type { TDuesReportInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { advancesOfBatches } from '../refunds/advance';

/** The course's dues by batch, each student with their advance, and the advance the batches' students hold in all. */
export async function duesHandler({ ctx, input }: { ctx: AuthedContext; input: TDuesReportInput }) {
  const report = (await duesReport(ctx.db, input));
  const advances = await advancesOfBatches(
    ctx.db,
    report.batches.map((b) => b.batchId),
  );
  return {
    ...report,
    batches: report.batches.map((b) => ({ ...b, rows: b.rows.map((r) => ({ ...r, advancePaise: advances.get(r.studentId) ?? 0 })) })),
    advanceTotalPaise: [...advances.values()].reduce((sum, a) => sum + a, 0),
  };
}
