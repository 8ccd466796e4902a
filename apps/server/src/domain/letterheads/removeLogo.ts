import { getLetterheadLogo, removeLetterheadLogo, transaction, writeAudit } from '@fees/db';
import type { TRemoveLetterheadLogoInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { Context } from '../../context';
import { logoSummary } from './service';

export async function removeLogo(ctx: Context, input: TRemoveLetterheadLogoInput) {
  await transaction(ctx.db, async (tx) => {
    const before = logoSummary(await getLetterheadLogo(tx, input.depId));
    await removeLetterheadLogo(tx, input.depId);
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'delete',
      entity: 'letterhead_logo',
      entityId: input.depId,
      before,
      after: null,
    });
  });
  return { Result: 'DELETED' as const, Message: 'Logo removed' };
}
