import { feeHeadUsage, findFeeHeadByName, isUniqueViolation, renameFeeHead, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { ADVANCE_HEAD, AppError, CHEQUE_BOUNCE_HEAD, LATE_FEE_HEAD, type TRenameFeeHeadInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { assertStructureHead, headNameTakenMessage, loadFeeHead, storedGst } from './shared';
import type { AuthedContext } from '../../context';

/**
 * Renaming is safe while in use: structures, discounts and receipt lines refer to the head by id. Late fee keeps its
 * name. The GST treatment, when sent, reaches receipts issued from now on; issued lines keep theirs.
 */
export async function renameHead(ctx: AuthedContext, input: TRenameFeeHeadInput) {
  const conflict = new AppError('CONFLICT', headNameTakenMessage(input.name));
  try {
    const head = await inTransaction(ctx, async (tx, ctx) => {
      const before = await loadFeeHead(tx, input.id);
      const renames = before.name !== input.name;
      if (renames && before.name === LATE_FEE_HEAD)
        throw new AppError('CONFLICT', `${LATE_FEE_HEAD} cannot be renamed: late fines are found by this name`);
      if (renames && before.name === ADVANCE_HEAD)
        throw new AppError('CONFLICT', `${ADVANCE_HEAD} cannot be renamed: advances are found by this name`);
      if (renames && before.name === CHEQUE_BOUNCE_HEAD)
        throw new AppError(
          'CONFLICT',
          `${CHEQUE_BOUNCE_HEAD} cannot be renamed: bounce charges are found by this name`,
        );
      if (await findFeeHeadByName(tx, { name: input.name, exceptId: input.id })) throw conflict;
      // A head in fee structures cannot take the name of a head charged by its own rule.
      if ((await feeHeadUsage(tx, input.id)).structures > 0) assertStructureHead(input.name);
      const gst = input.gst && (await storedGst(tx, input.gst));
      const after = await renameFeeHead(tx, { id: input.id, name: input.name, gst });
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'update',
        entity: 'fee_head',
        entityId: input.id,
        before,
        after,
      });
      return after;
    });
    return { Result: 'UPDATED' as const, Message: `Fee head renamed to ${head.name}`, id: head.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}
