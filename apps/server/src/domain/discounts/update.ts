import { findDiscount, updateDiscount, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TUpdateDiscountInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { assertCurrentVersion } from '../versions';
import { checkDiscount, rethrowDuplicate } from './shared';
import type { AuthedContext } from '../../context';

export async function editDiscount(ctx: AuthedContext, input: TUpdateDiscountInput) {
  try {
    const { student, head } = await inTransaction(ctx, async (tx, ctx) => {
      const before = await findDiscount(tx, input.id);
      if (!before) throw new AppError('NOT_FOUND', 'No such discount');
      assertCurrentVersion('discount', before, input.version);
      const checked = await checkDiscount(tx, input, input.id);
      const after = await updateDiscount(tx, {
        id: input.id,
        studentId: input.studentId,
        feeHeadId: input.feeHeadId,
        discountPaise: input.discount,
        adjustmentPaise: input.adjustment,
        note: input.note,
        // A scheme's discount typed over by hand is the admin's own from then on: leaving the scheme keeps it.
        schemeId:
          before.discountPaise === input.discount && before.feeHeadId === input.feeHeadId ? before.schemeId : null,
      });
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'update',
        entity: 'discount',
        entityId: input.id,
        before,
        after,
      });
      return checked;
    });
    return {
      Result: 'SAVED' as const,
      Message: `Discount updated for ${student.name} (${student.admissionNo}) on ${head.name}`,
      id: input.id,
    };
  } catch (error) {
    return rethrowDuplicate(error);
  }
}
