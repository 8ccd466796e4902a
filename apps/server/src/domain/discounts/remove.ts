import { deleteDiscount, findDiscount, writeAudit } from '@fees/db';
import { refuse, type TDiscountIdInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';
import { inTransaction } from '../write';
import { discountChangeBy } from './shared';

/** Removing a discount gives nothing away (the student owes more), so it is never held for approval. */
export async function removeDiscount(ctx: AuthedContext, input: TDiscountIdInput) {
  const removed = await inTransaction(ctx, async (tx, ctx) => {
    const before = (await findDiscount(tx, input.id)) ?? refuse('NOT_FOUND', 'No such discount');
    assertDepartmentAccess(ctx.session, before.departmentId);
    await deleteDiscount(tx, input.id, discountChangeBy(actorOf(ctx)));
    await writeAudit(tx, { actor: actorOf(ctx), action: 'delete', entity: 'discount', entityId: input.id, before });
    return before;
  });
  return {
    Result: 'DELETED' as const,
    Message: `Discount on ${removed.feeHeadName} for ${removed.studentName} (${removed.admissionNo}) deleted`,
    id: input.id,
  };
}
