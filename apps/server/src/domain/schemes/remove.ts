import { countSchemeMembers, deleteScheme, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { refuse, SCHEME_MSG, type TSchemeIdInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { loadScheme } from './service';

/** Deletes a scheme nobody is in (its discounts left with its members). */
export async function removeScheme(ctx: AuthedContext, input: TSchemeIdInput) {
  const scheme = await inTransaction(ctx, async (tx, ctx) => {
    const scheme = await loadScheme(tx, input.id);
    const members = await countSchemeMembers(tx, { schemeId: scheme.id });
    if (members > 0) refuse('CONFLICT', SCHEME_MSG.inUse(scheme.name, members));
    await deleteScheme(tx, { id: scheme.id });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'delete',
      entity: 'scheme',
      entityId: scheme.id,
      before: scheme,
    });
    return scheme;
  });
  return { Status: 'OK' as const, Message: `Scheme ${scheme.name} deleted` };
}
