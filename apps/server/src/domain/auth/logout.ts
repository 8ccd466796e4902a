import { writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { actorOf } from '../../audit';
import { endSession } from '../../auth/sessions';
import type { Context } from '../../context';

export async function signOut(ctx: Context) {
  const session = ctx.session;
  if (session) {
    await inTransaction(ctx, async (tx, ctx) => {
      await endSession(tx, session.sessionId);
      await writeAudit(tx, { actor: actorOf(ctx), action: 'logout', entity: 'session' });
    });
  }
  ctx.clearSessionCookie();
  return { state: 'Success' as const };
}
