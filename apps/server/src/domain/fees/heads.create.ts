import { findFeeHeadByName, insertFeeHead, isUniqueViolation, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TCreateFeeHeadInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { headNameTakenMessage, storedGst } from './shared';
import type { AuthedContext } from '../../context';

export async function createFeeHead(ctx: AuthedContext, input: TCreateFeeHeadInput) {
  const conflict = new AppError('CONFLICT', headNameTakenMessage(input.name));
  try {
    const head = await inTransaction(ctx, async (tx, ctx) => {
      if (await findFeeHeadByName(tx, { name: input.name })) throw conflict;
      const row = await insertFeeHead(tx, input.name, input.gst && (await storedGst(tx, input.gst)));
      await writeAudit(tx, { actor: actorOf(ctx), action: 'create', entity: 'fee_head', entityId: row.id, after: row });
      return row;
    });
    return { Result: 'SAVED' as const, Message: `Fee head ${head.name} added`, id: head.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}
