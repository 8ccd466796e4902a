/**
 * GET /healthz: is the process up and its database answering (a trivial query), for a monitor.
 * GET /readyz: 200 only once migrations are applied and the first backup check at start is done (503
 * before), for whatever waits before sending traffic. Anyone gets { ok } or { ready } alone; the app's
 * version and the engine's (which tell an attacker what to try) only a signed-in admin.
 */
import { readFileSync } from 'node:fs';
import { engineVersion, isPostgres } from '@fees/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession, SESSION_COOKIE } from './auth/sessions';
import type { ServerDeps } from './context';

/** apps/server/package.json: one folder up from src/ and from the bundle in dist/ alike. */
export const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function healthRoutes(app: FastifyInstance, { deps }: { deps: ServerDeps }): Promise<void> {
  const postgres = isPostgres(deps.db);
  const engine = () => ({ version: APP_VERSION, engine: postgres ? ('postgresql' as const) : ('sqlite' as const) });
  const isAdmin = async (req: FastifyRequest) =>
    (await resolveSession(deps.db, req.cookies[SESSION_COOKIE]))?.role === 'admin';

  app.get('/healthz', async (req, reply) => {
    let version: string;
    try {
      version = await engineVersion(deps.db);
    } catch (error) {
      req.log.error({ err: error }, 'health check: the database does not answer');
      return reply.code(503).send({ ok: false });
    }
    return (await isAdmin(req)) ? { ok: true, ...engine(), engineVersion: version } : { ok: true };
  });

  app.get('/readyz', async (req, reply) => {
    const ready = deps.backups ? deps.backups.ready : true;
    const body = ready && (await isAdmin(req)) ? { ready, ...engine() } : { ready };
    return reply.code(ready ? 200 : 503).send(body);
  });
}
