import { deleteBatchPlan, loadBatchPlan, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TRemovePlanInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { type AuthedContext, loadBatchOfDepartment, planView } from './service';

/** Back to the virtual plan (one instalment per fee structure start date, no fine). */
export function removePlan(ctx: AuthedContext, input: TRemovePlanInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    await loadBatchOfDepartment(tx, input);
    const before = await loadBatchPlan(tx, input.batchId);
    if (!before.hasPlan) throw new AppError('NOT_FOUND', 'This batch has no instalment plan');
    if (input.version !== undefined && input.version !== before.version) {
      throw new AppError('CONFLICT', 'Someone else changed this plan meanwhile; reload it and make your change again');
    }
    await deleteBatchPlan(tx, input.batchId);
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'delete',
      entity: 'instalment_plan',
      entityId: input.batchId,
      before: planView(before),
    });
    return planView(await loadBatchPlan(tx, input.batchId));
  });
}
