import { findOpeningBalance, updateOpeningBalance, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TUpdateOpeningBalanceInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { assertCurrentVersion } from '../versions';
import type { AuthedContext } from '../../context';

/** An admin corrects one opening balance (amount, note); audited, refused from a stale screen. */
export async function editOpeningBalance(ctx: AuthedContext, input: TUpdateOpeningBalanceInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const before = await findOpeningBalance(tx, input.id);
    if (!before || before.departmentId !== input.depId)
      throw new AppError('NOT_FOUND', 'No such opening balance in this department');
    assertCurrentVersion('opening balance', before, input.version);
    await updateOpeningBalance(tx, { id: input.id, amountPaise: input.amount, note: input.note });
    const after = (await findOpeningBalance(tx, input.id))!;
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'opening_balance',
      entityId: input.id,
      before,
      after,
    });
    return after;
  });
}
