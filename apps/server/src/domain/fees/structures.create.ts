import { insertFeeStructure, isUniqueViolation, moveStructureChangeIntoPlan, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TCreateFeeStructureInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { applyHeadGst, checkStructureTarget } from './shared';
import type { AuthedContext } from '../../context';

/** A head added to a batch with an instalment plan goes whole into its last instalment. */
export async function createFeeStructure(ctx: AuthedContext, input: TCreateFeeStructureInput) {
  try {
    const saved = await inTransaction(ctx, async (tx, ctx) => {
      const { batch, head } = await checkStructureTarget(tx, input);
      await applyHeadGst(tx, actorOf(ctx), head, input.gst);
      const row = await insertFeeStructure(tx, {
        batchId: input.batchId,
        feeHeadId: input.feeHeadId,
        amountPaise: input.amount,
        startDate: input.startDate,
        endDate: input.endDate,
        optional: input.optional ? 1 : 0,
      });
      await moveStructureChangeIntoPlan(tx, {
        batchId: input.batchId,
        feeHeadId: input.feeHeadId,
        deltaPaise: input.amount,
      });
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'create',
        entity: 'fee_structure',
        entityId: row.id,
        after: row,
      });
      return { row, batch, head };
    });
    return {
      Result: 'SAVED' as const,
      Message: `${saved.head.name} saved for batch ${saved.batch.name} (${saved.batch.courseName})`,
      id: saved.row.id,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This fee head is already in the batch');
    throw error;
  }
}
