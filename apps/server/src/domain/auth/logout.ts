import { writeAudit } from '@fees/db';
import { actorOf } from '../../audit';
import { endSession } from '../../auth/sessions';
import type { Context } from '../../context';

export async function signOut(ctx: Context) {
  if (ctx.session) {
    await endSession(ctx.db, ctx.session.sessionId);
    await writeAudit(ctx.db, { actor: actorOf(ctx), action: 'logout', entity: 'session' });
  }
  ctx.clearSessionCookie();
  return { state: 'Success' as const };
}
