import { deleteFeeStructure, dropHeadFromPlan, feeStructureDependents, findFeeStructure, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TFeeStructureIdInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';

/** A head can leave a batch's structure only while no live receipt and no discount depends on it. */
export async function removeFeeStructure(ctx: AuthedContext, input: TFeeStructureIdInput) {
  const removed = await inTransaction(ctx, async (tx, ctx) => {
    const before = await findFeeStructure(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND', 'No such fee structure');
    const dependents = await feeStructureDependents(tx, { batchId: before.batchId, feeHeadId: before.feeHeadId });
    if (dependents.liveReceiptLines > 0) {
      throw new AppError(
        'CONFLICT',
        `Receipts have been issued for ${before.feeHeadName} in batch ${before.batchName}; it cannot be removed`,
      );
    }
    if (dependents.discounts > 0) {
      throw new AppError(
        'CONFLICT',
        `Students of batch ${before.batchName} have discounts on ${before.feeHeadName}; remove those first`,
      );
    }
    await deleteFeeStructure(tx, input.id);
    await dropHeadFromPlan(tx, { batchId: before.batchId, feeHeadId: before.feeHeadId });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'delete',
      entity: 'fee_structure',
      entityId: input.id,
      before,
    });
    return before;
  });
  return {
    Result: 'DELETED' as const,
    Message: `${removed.feeHeadName} removed from batch ${removed.batchName}`,
    id: input.id,
  };
}
