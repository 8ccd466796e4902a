import { instalmentIdsOfBatch, loadBatchPlan, writeAudit, writeBatchPlan } from '@fees/db';
import { AppError, paiseToRupeesText, specialHeadRefusal, type TSavePlanInput } from '@fees/validation';
import { planDifferences } from '@fees/money';
import { inTransaction } from '../write';
import { actorOf } from '../../audit';
import { type AuthedContext, loadBatchOfDepartment, planView } from './service';

/**
 * Saves a batch's whole plan. Every amount must be on a head of the batch's fee structure (never a head
 * charged by its own rule, such as Advance, left there by older versions), and per
 * head the instalments must add up to the structure amount; the refusal names each head's difference.
 */
export function savePlan(ctx: AuthedContext, input: TSavePlanInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const batch = await loadBatchOfDepartment(tx, input);
    const before = await loadBatchPlan(tx, input.batchId);
    if (before.hasPlan && input.version !== undefined && input.version !== before.version) {
      throw new AppError('CONFLICT', 'Someone else changed this plan meanwhile; reload it and make your change again');
    }
    const headNames = new Map(before.heads.map((h) => [h.feeHeadId, h.feeHead]));
    for (const inst of input.instalments) {
      const seen = new Set<number>();
      for (const a of inst.amounts) {
        if (!headNames.has(a.feeHeadId)) {
          throw new AppError('BAD_INPUT', `Fee head ${a.feeHeadId} is not in the fee structure of batch ${batch.name}`);
        }
        const refusal = specialHeadRefusal(headNames.get(a.feeHeadId)!);
        if (refusal) throw new AppError('BAD_INPUT', refusal);
        if (seen.has(a.feeHeadId))
          throw new AppError('BAD_INPUT', `${inst.name}: ${headNames.get(a.feeHeadId)} appears twice`);
        seen.add(a.feeHeadId);
      }
    }
    const known = await instalmentIdsOfBatch(tx, input.batchId);
    const unknown = input.instalments.find((i) => i.id !== undefined && !known.includes(i.id));
    if (unknown) throw new AppError('BAD_INPUT', `${unknown.name} is not an instalment of this batch's plan`);
    const off = planDifferences(before.heads, input.instalments).filter((d) => d.amountPaise !== 0);
    if (off.length > 0) {
      const parts = off.map(
        (d) =>
          `${headNames.get(d.feeHeadId)} ` +
          `${paiseToRupeesText(Math.abs(d.amountPaise))} ${d.amountPaise > 0 ? 'short' : 'over'}`,
      );
      throw new AppError('BAD_INPUT', `The instalments do not add up to the fee structure: ${parts.join(', ')}`);
    }
    await writeBatchPlan(tx, {
      batchId: input.batchId,
      fineRule: input.fineRule,
      instalments: input.instalments.map((i) => ({
        ...i,
        amounts: i.amounts.filter((a) => headNames.has(a.feeHeadId)),
      })),
      userId: ctx.session.userId,
    });
    const after = planView(await loadBatchPlan(tx, input.batchId));
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: before.hasPlan ? 'update' : 'create',
      entity: 'instalment_plan',
      entityId: input.batchId,
      before: before.hasPlan ? planView(before) : undefined,
      after,
    });
    return after;
  });
}
