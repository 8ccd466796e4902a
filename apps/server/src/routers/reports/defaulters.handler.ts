import { batchesDuesAsOf, batchIdsOfDepartment } from '@fees/db';
import type { TDefaultersInput } from '@fees/validation';
import { assertCourseOfDepartment } from '../batches/shared';
import { batchesInScope, duesRow, duesTotals } from './duesAsOf.handler';
import type { AuthedContext } from '../../context';

/** Students with a late instalment still open as of the date, with phone and guardian, largest first. */
export async function defaultersHandler({ ctx, input }: { ctx: AuthedContext; input: TDefaultersInput }) {
  let batchIds: number[];
  if (input.courseId === undefined) {
    batchIds = (await batchIdsOfDepartment(ctx.db, input.depId));
  } else {
    await assertCourseOfDepartment(ctx, { depId: input.depId, courseId: input.courseId });
    batchIds = (await batchesInScope(ctx.db, { depId: input.depId, courseId: input.courseId, batchId: input.batchId }));
  }
  const rows = (await batchesDuesAsOf(ctx.db, batchIds, input.asOf))
    .filter((r) => r.dues.daysLate > 0)
    .map((r) => ({ ...duesRow(r), courseName: r.courseName, phone: r.phone, guardian: r.parentName }))
    .sort((a, b) => b.toCollect - a.toCollect || a.admissionNo.localeCompare(b.admissionNo));
  return { asOf: input.asOf, rows, totals: duesTotals(rows) };
}
