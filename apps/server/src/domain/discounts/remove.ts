import { deleteDiscount, findDiscount, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TDiscountIdInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';

export async function removeDiscount(ctx: AuthedContext, input: TDiscountIdInput) {
  const removed = await inTransaction(ctx, async (tx, ctx) => {
    const before = await findDiscount(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND', 'No such discount');
    await deleteDiscount(tx, input.id);
    await writeAudit(tx, { actor: actorOf(ctx), action: 'delete', entity: 'discount', entityId: input.id, before });
    return before;
  });
  return {
    Result: 'DELETED' as const,
    Message: `Discount on ${removed.feeHeadName} for ${removed.studentName} (${removed.admissionNo}) deleted`,
    id: input.id,
  };
}
