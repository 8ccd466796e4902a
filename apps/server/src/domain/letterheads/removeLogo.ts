import { getLetterheadLogo, removeLetterheadLogo, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import type { TRemoveLetterheadLogoInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { Context } from '../../context';
import { logoSummary } from './service';

export async function removeLogo(ctx: Context, input: TRemoveLetterheadLogoInput) {
  await inTransaction(ctx, async (tx, ctx) => {
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
