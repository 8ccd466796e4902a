import type { AuditActor } from '@fees/db';
import type { Context } from './context';

/** The audit actor of a request: the signed-in user and the address. */
export function actorOf(ctx: Pick<Context, 'session' | 'ip'>): AuditActor {
  return { userId: ctx.session?.userId ?? null, email: ctx.session?.email ?? null, ip: ctx.ip };
}
