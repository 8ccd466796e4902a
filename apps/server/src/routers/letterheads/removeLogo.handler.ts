import { getLetterheadLogo, removeLetterheadLogo, writeAudit } from '@fees/db';
import type { TRemoveLetterheadLogoInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { Context } from '../../context';
import { logoSummary } from './summary';

export function removeLogoHandler({ ctx, input }: { ctx: Context; input: TRemoveLetterheadLogoInput }) {
  ctx.db.transaction((tx) => {
    const before = logoSummary(getLetterheadLogo(tx, input.depId));
    removeLetterheadLogo(tx, input.depId);
    writeAudit(tx, actorOf(ctx), { action: 'delete', entity: 'letterhead_logo', entityId: input.depId, before, after: null });
  });
  return { Result: 'DELETED' as const, Message: 'Logo removed' };
}
