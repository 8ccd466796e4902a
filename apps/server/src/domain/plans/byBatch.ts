import { loadBatchPlan } from '@fees/db';
import type { TBatchPlanInput } from '@fees/validation';
import { type AuthedContext, loadBatchOfDepartment, planView } from './service';

/** A batch's plan; a batch without one answers its virtual instalments (hasPlan false). */
export async function batchPlan(ctx: AuthedContext, input: TBatchPlanInput) {
  await loadBatchOfDepartment(ctx.db, input);
  return planView(await loadBatchPlan(ctx.db, input.batchId));
}
