import { findDiscount, updateDiscount, type WriteTx, writeAudit } from '@fees/db';
import { refuse, type SentForApproval, type TUpdateDiscountInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';
import type { WriteMode } from '../approvals/gate';
import { assertCurrentVersion } from '../versions';
import { inTransaction } from '../write';
import { type DiscountContext, discountRequest } from './approval';
import type { DiscountSaved } from './create';
import { checkDiscount, discountChangeBy, rethrowDuplicate } from './shared';

export async function editDiscount(ctx: AuthedContext, input: TUpdateDiscountInput) {
  try {
    return await inTransaction(ctx, (tx, ctx) => editDiscountIn(tx, ctx, input, 'maker'));
  } catch (error) {
    return rethrowDuplicate(error);
  }
}

/** The edit in the caller's transaction: the maker's (a larger discount may wait for approval), or a replay. */
export async function editDiscountIn(
  tx: WriteTx,
  ctx: DiscountContext,
  input: TUpdateDiscountInput,
  mode: WriteMode,
): Promise<DiscountSaved | SentForApproval> {
  const before = (await findDiscount(tx, input.id)) ?? refuse('NOT_FOUND', 'No such discount');
  // An accountant edits only the discounts of the departments served (the one edited and the one it names).
  assertDepartmentAccess(ctx.session, before.departmentId);
  assertCurrentVersion('discount', before, input.version);
  const { student, head } = await checkDiscount(tx, input, input.id);
  const totalPaise = input.discount + input.adjustment;
  const held = await discountRequest(tx, ctx, mode, {
    student,
    head,
    totalPaise,
    givesMore:
      before.studentId !== input.studentId ||
      before.feeHeadId !== input.feeHeadId ||
      totalPaise > before.discountPaise + before.adjustmentPaise,
    note: input.note,
    input: { ...input, version: before.version },
    edited: { id: before.id, version: before.version },
  });
  if (held) return held;
  const after = await updateDiscount(
    tx,
    {
      id: input.id,
      studentId: input.studentId,
      feeHeadId: input.feeHeadId,
      discountPaise: input.discount,
      adjustmentPaise: input.adjustment,
      note: input.note,
      // A scheme's discount typed over by hand is the admin's own from then on: leaving the scheme keeps it.
      schemeId:
        before.discountPaise === input.discount && before.feeHeadId === input.feeHeadId ? before.schemeId : null,
    },
    discountChangeBy(actorOf(ctx)),
  );
  await writeAudit(tx, {
    actor: actorOf(ctx),
    action: 'update',
    entity: 'discount',
    entityId: input.id,
    before,
    after,
  });
  return {
    Result: 'SAVED',
    Message: `Discount updated for ${student.name} (${student.admissionNo}) on ${head.name}`,
    id: input.id,
  };
}
