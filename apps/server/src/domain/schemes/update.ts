import { countSchemeMembers, findScheme, updateScheme, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { refuse, SCHEME_MSG, type TUpdateSchemeInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { checkedRules, loadScheme, rethrowDuplicateName } from './service';

/** Renames a scheme and replaces its rules; members' discounts change when the scheme is applied again. */
export async function editScheme(ctx: AuthedContext, input: TUpdateSchemeInput) {
  const before = await loadScheme(ctx.db, input.id);
  try {
    await inTransaction(ctx, async (tx, ctx) => {
      const rules = await checkedRules(tx, input.rules);
      const after = await updateScheme(tx, {
        id: input.id,
        version: input.version ?? before.version,
        name: input.name,
        rules,
      });
      if (!after) refuse('STALE', SCHEME_MSG.changed);
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'update',
        entity: 'scheme',
        entityId: input.id,
        before,
        after: { ...after, rules },
      });
    });
  } catch (error) {
    return rethrowDuplicateName(error, input.name);
  }
  const saved = await findScheme(ctx.db, { id: input.id });
  const members = await countSchemeMembers(ctx.db, { schemeId: input.id });
  const hint =
    members > 0
      ? `; its ${members} student${members === 1 ? '' : 's'} keep their discounts until you apply it to them again`
      : '';
  return { Status: 'OK' as const, id: input.id, version: saved?.version, Message: `Scheme ${input.name} saved${hint}` };
}
