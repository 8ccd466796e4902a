import { deleteBatchPlan, loadBatchPlan, writeAudit } from '@fees/db';
import { AppError, type TRemovePlanInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { type AuthedContext, loadBatchOfDepartment, planView } from './service';

/** Back to the virtual plan (one instalment per fee structure start date, no fine). */
export function removeHandler({ ctx, input }: { ctx: AuthedContext; input: TRemovePlanInput }) {
  return ctx.db.transaction((tx) => {
    loadBatchOfDepartment(tx, input);
    const before = loadBatchPlan(tx, input.batchId);
    if (!before.hasPlan) throw new AppError('NOT_FOUND', 'This batch has no instalment plan');
    if (input.version !== undefined && input.version !== before.version) {
      throw new AppError('CONFLICT', 'Someone else changed this plan meanwhile; reload it and make your change again');
    }
    deleteBatchPlan(tx, input.batchId);
    writeAudit(tx, actorOf(ctx), { action: 'delete', entity: 'instalment_plan', entityId: input.batchId, before: planView(before) });
    return planView(loadBatchPlan(tx, input.batchId));
  });
}
