import { getLetterheadLogo, setLetterheadLogo, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import type { TLetterheadLogoInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { Context } from '../../context';
import { logoSummary } from './service';

/** Stores a department's logo (the schema has checked its type by its bytes and its size). */
export async function setLogo(ctx: Context, input: TLetterheadLogoInput) {
  const { mimeType, bytes } = input.image;
  await inTransaction(ctx, async (tx, ctx) => {
    const before = logoSummary(await getLetterheadLogo(tx, input.depId));
    await setLetterheadLogo(tx, { departmentId: input.depId, mimeType, bytes: Buffer.from(bytes) });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'letterhead_logo',
      entityId: input.depId,
      before,
      after: { mimeType, size: bytes.length },
    });
  });
  return { Result: 'SAVED' as const, Message: 'Logo saved' };
}
