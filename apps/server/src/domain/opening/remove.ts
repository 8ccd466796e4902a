import { deleteOpeningBalance, findOpeningBalance, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TRemoveOpeningBalanceInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { assertCurrentVersion } from '../versions';
import type { AuthedContext } from '../../context';

/** An admin removes one opening balance (imported for the wrong student or head); the audit keeps it as it was. */
export async function removeOpeningBalance(ctx: AuthedContext, input: TRemoveOpeningBalanceInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const before = await findOpeningBalance(tx, input.id);
    if (!before || before.departmentId !== input.depId)
      throw new AppError('NOT_FOUND', 'No such opening balance in this department');
    assertCurrentVersion('opening balance', before, input.version);
    await deleteOpeningBalance(tx, input.id);
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'delete',
      entity: 'opening_balance',
      entityId: input.id,
      before,
    });
    return { id: input.id };
  });
}
