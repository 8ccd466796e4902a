import { countSchemeMembers, deleteScheme, writeAudit } from '@fees/db';
import { refuse, SCHEME_MSG, type TSchemeIdInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { loadScheme } from './service';

/** Deletes a scheme nobody is in (its discounts left with its members). */
export async function removeHandler({ ctx, input }: { ctx: AuthedContext; input: TSchemeIdInput }) {
  const scheme = await loadScheme(ctx.db, input.id);
  const members = await countSchemeMembers(ctx.db, { schemeId: scheme.id });
  if (members > 0) refuse('CONFLICT', SCHEME_MSG.inUse(scheme.name, members));
  ctx.db.transaction((tx) => {
    deleteScheme(tx, { id: scheme.id });
    writeAudit(tx, actorOf(ctx), { action: 'delete', entity: 'scheme', entityId: scheme.id, before: scheme });
  });
  return { Status: 'OK' as const, Message: `Scheme ${scheme.name} deleted` };
}
