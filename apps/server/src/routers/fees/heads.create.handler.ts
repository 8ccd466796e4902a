import { findFeeHeadByName, insertFeeHead, writeAudit } from '@fees/db';
import type { TCreateFeeHeadInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { actorOf } from '../../audit';
import { type AuthedContext, headNameTakenMessage, isUniqueViolation } from './shared';

export function headsCreateHandler({ ctx, input }: { ctx: AuthedContext; input: TCreateFeeHeadInput }) {
  const conflict = new TRPCError({ code: 'CONFLICT', message: headNameTakenMessage(input.name) });
  try {
    const head = ctx.db.transaction((tx) => {
      if (findFeeHeadByName(tx, { name: input.name })) throw conflict;
      const row = insertFeeHead(tx, input.name);
      writeAudit(tx, actorOf(ctx), { action: 'create', entity: 'fee_head', entityId: row.id, after: row });
      return row;
    });
    return { Result: 'SAVED' as const, Message: `Fee head ${head.name} added`, id: head.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}
