import { insertDiscount, type WriteTx, writeAudit } from '@fees/db';
import type { SentForApproval, TCreateDiscountInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import type { WriteMode } from '../approvals/gate';
import { inTransaction } from '../write';
import { type DiscountContext, discountRequest } from './approval';
import { checkDiscount, discountChangeBy, rethrowDuplicate } from './shared';

export interface DiscountSaved {
  Result: 'SAVED';
  Message: string;
  id: number;
}

export async function createDiscount(ctx: AuthedContext, input: TCreateDiscountInput) {
  try {
    return await inTransaction(ctx, (tx, ctx) => createDiscountIn(tx, ctx, input, 'maker'));
  } catch (error) {
    return rethrowDuplicate(error);
  }
}

/** The new discount in the caller's transaction: the maker's (it may wait for approval), or an approved replay. */
export async function createDiscountIn(
  tx: WriteTx,
  ctx: DiscountContext,
  input: TCreateDiscountInput,
  mode: WriteMode,
): Promise<DiscountSaved | SentForApproval> {
  const { student, head } = await checkDiscount(tx, input);
  const held = await discountRequest(tx, ctx, mode, {
    student,
    head,
    totalPaise: input.discount + input.adjustment,
    givesMore: true,
    note: input.note,
    input,
    edited: null,
  });
  if (held) return held;
  const inserted = await insertDiscount(
    tx,
    {
      studentId: input.studentId,
      feeHeadId: input.feeHeadId,
      discountPaise: input.discount,
      adjustmentPaise: input.adjustment,
      note: input.note,
    },
    discountChangeBy(actorOf(ctx)),
  );
  await writeAudit(tx, {
    actor: actorOf(ctx),
    action: 'create',
    entity: 'discount',
    entityId: inserted.id,
    after: inserted,
  });
  return {
    Result: 'SAVED',
    Message: `Discount saved for ${student.name} (${student.admissionNo}) on ${head.name}`,
    id: inserted.id,
  };
}
