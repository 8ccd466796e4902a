import { insertDiscount, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import type { TCreateDiscountInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { checkDiscount, rethrowDuplicate } from './shared';
import type { AuthedContext } from '../../context';

export async function createDiscount(ctx: AuthedContext, input: TCreateDiscountInput) {
  try {
    const { row, student, head } = await inTransaction(ctx, async (tx, ctx) => {
      const checked = await checkDiscount(tx, input);
      const inserted = await insertDiscount(tx, {
        studentId: input.studentId,
        feeHeadId: input.feeHeadId,
        discountPaise: input.discount,
        adjustmentPaise: input.adjustment,
        note: input.note,
      });
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'create',
        entity: 'discount',
        entityId: inserted.id,
        after: inserted,
      });
      return { ...checked, row: inserted };
    });
    return {
      Result: 'SAVED' as const,
      Message: `Discount saved for ${student.name} (${student.admissionNo}) on ${head.name}`,
      id: row.id,
    };
  } catch (error) {
    return rethrowDuplicate(error);
  }
}
