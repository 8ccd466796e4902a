import {
  balancesBelowZero,
  dropHeadFromPlan,
  feeStructureDependents,
  findFeeStructure,
  isUniqueViolation,
  moveStructureChangeIntoPlan,
  updateFeeStructure,
  writeAudit,
} from '@fees/db';
import { inTransaction } from '../write';
import { AppError, MSG, paiseToRupeesText, type TUpdateFeeStructureInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { assertCurrentVersion } from '../versions';
import { checkStructureTarget, applyHeadGst } from './shared';
import type { AuthedContext } from '../../context';

/**
 * Amount and dates can change freely, down to the largest discount given on the head in the batch;
 * an amount that leaves a student's balance below zero needs the user's confirmation.
 * Batch and head stay fixed once receipts or discounts depend on the row. A changed amount moves the
 * difference into the batch's instalment plan (its last instalment), so the plan still adds up.
 */
export async function editFeeStructure(ctx: AuthedContext, input: TUpdateFeeStructureInput) {
  try {
    const saved = await inTransaction(ctx, async (tx, ctx) => {
      const before = await findFeeStructure(tx, input.id);
      if (!before) throw new AppError('NOT_FOUND', 'No such fee structure');
      assertCurrentVersion('fee structure', before, input.version);
      const { batch, head } = await checkStructureTarget(tx, { ...input, exceptId: input.id });
      const dependents = await feeStructureDependents(tx, { batchId: before.batchId, feeHeadId: before.feeHeadId });
      const moves = before.batchId !== input.batchId || before.feeHeadId !== input.feeHeadId;
      if (moves && (dependents.liveReceiptLines > 0 || dependents.discounts > 0)) {
        throw new AppError(
          'CONFLICT',
          `Receipts or discounts already use ${before.feeHeadName} in batch ${before.batchName}; ` +
            `its batch and fee head cannot be changed`,
        );
      }
      if (!moves && input.amount < dependents.largestDiscountPaise) {
        throw new AppError(
          'BAD_INPUT',
          `A student of this batch has a discount and adjustment of ` +
            `${paiseToRupeesText(dependents.largestDiscountPaise)} on ${before.feeHeadName}; ` +
            `the amount cannot be lower`,
        );
      }
      if (!moves && input.amount < before.amountPaise && !input.allowNegativeBalance) {
        const below = await balancesBelowZero(tx, {
          batchId: before.batchId,
          feeHeadId: before.feeHeadId,
          feePaise: input.amount,
        });
        if (below.students > 0)
          throw new AppError(
            'CONFLICT',
            MSG.belowZero(below.students, before.feeHeadName, paiseToRupeesText(below.lowestPaise)),
          );
      }
      const after = await updateFeeStructure(tx, {
        id: input.id,
        batchId: input.batchId,
        feeHeadId: input.feeHeadId,
        amountPaise: input.amount,
        startDate: input.startDate,
        endDate: input.endDate,
        optional: input.optional === undefined ? before.optional : input.optional ? 1 : 0,
      });
      if (moves) {
        await dropHeadFromPlan(tx, { batchId: before.batchId, feeHeadId: before.feeHeadId });
        await moveStructureChangeIntoPlan(tx, {
          batchId: input.batchId,
          feeHeadId: input.feeHeadId,
          deltaPaise: input.amount,
        });
      } else {
        await moveStructureChangeIntoPlan(tx, {
          batchId: input.batchId,
          feeHeadId: input.feeHeadId,
          deltaPaise: input.amount - before.amountPaise,
        });
      }
      await applyHeadGst(tx, actorOf(ctx), head, input.gst);
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'update',
        entity: 'fee_structure',
        entityId: input.id,
        before,
        after,
      });
      return { batch, head };
    });
    return {
      Result: 'SAVED' as const,
      Message: `${saved.head.name} updated for batch ${saved.batch.name} (${saved.batch.courseName})`,
      id: input.id,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This fee head is already in the batch');
    throw error;
  }
}
