import { loadBatchPlan } from '@fees/db';
import type { TBatchPlanInput } from '@fees/validation';
import { type AuthedContext, loadBatchOfDepartment, planView } from './service';

/** A batch's plan; a batch without one answers its virtual instalments (hasPlan false). */
export function byBatchHandler({ ctx, input }: { ctx: AuthedContext; input: TBatchPlanInput }) {
  loadBatchOfDepartment(ctx.db, input);
  return planView(loadBatchPlan(ctx.db, input.batchId));
}
