import { insertScheme, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import type { TCreateSchemeInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { checkedRules, rethrowDuplicateName } from './service';

export async function createScheme(ctx: AuthedContext, input: TCreateSchemeInput) {
  try {
    const scheme = await inTransaction(ctx, async (tx, ctx) => {
      const rules = await checkedRules(tx, input.rules);
      const row = await insertScheme(tx, { name: input.name, rules });
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'create',
        entity: 'scheme',
        entityId: row.id,
        after: { ...row, rules },
      });
      return row;
    });
    return { Status: 'OK' as const, id: scheme.id, Message: `Scheme ${scheme.name} saved` };
  } catch (error) {
    return rethrowDuplicateName(error, input.name);
  }
}
