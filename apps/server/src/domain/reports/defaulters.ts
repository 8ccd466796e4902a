import { batchIdsOfDepartment, duesByBatch } from '@fees/db';
import type { TDefaultersInput } from '@fees/validation';
import { assertCourseOfDepartment } from '../batches/shared';
import { batchesInScope, type DuesRow, duesRow, duesTotals } from './duesAsOf';
import type { AuthedContext } from '../../context';

/** Students with a late instalment still open as of the date, with phone and guardian, largest first. */
export async function defaulters(ctx: AuthedContext, input: TDefaultersInput) {
  let batchIds: number[];
  if (input.courseId === undefined) {
    batchIds = await batchIdsOfDepartment(ctx.db, input.depId);
  } else {
    await assertCourseOfDepartment(ctx, { depId: input.depId, courseId: input.courseId });
    batchIds = await batchesInScope(ctx.db, { depId: input.depId, courseId: input.courseId, batchId: input.batchId });
  }
  const rows: Array<DuesRow & { courseName: string; phone: string | null; guardian: string | null }> = [];
  for await (const students of duesByBatch(ctx.db, { batchIds, asOf: input.asOf })) {
    for (const r of students) {
      if (r.dues.daysLate > 0)
        rows.push({ ...duesRow(r), courseName: r.courseName, phone: r.phone, guardian: r.parentName });
    }
  }
  rows.sort((a, b) => b.toCollect - a.toCollect || a.admissionNo.localeCompare(b.admissionNo));
  return { asOf: input.asOf, rows, totals: duesTotals(rows) };
}
