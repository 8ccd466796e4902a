/**
 * GET /healthz: is the process up and its database answering (a trivial query), with the app's
 * version and engine, for a monitor. GET /readyz: 200 only once migrations are applied and the
 * first backup check at start is done (503 before), for whatever waits before sending traffic.
 */
import { readFileSync } from 'node:fs';
import { engineVersion, isPostgres } from '@fees/db';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from './context';

/** apps/server/package.json: one folder up from src/ and from the bundle in dist/ alike. */
export const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function healthRoutes(app: FastifyInstance, { deps }: { deps: ServerDeps }): Promise<void> {
  const postgres = isPostgres(deps.db);
  const engine = () => ({ version: APP_VERSION, engine: postgres ? ('postgresql' as const) : ('sqlite' as const) });

  app.get('/healthz', async (req, reply) => {
    try {
      return { ok: true, ...engine(), engineVersion: await engineVersion(deps.db) };
    } catch (error) {
      req.log.error({ err: error }, 'health check: the database does not answer');
      return reply.code(503).send({ ok: false, ...engine(), error: 'The database does not answer' });
    }
  });

  app.get('/readyz', async (_req, reply) => {
    const ready = deps.backups ? deps.backups.ready : true;
    return reply.code(ready ? 200 : 503).send({ ready, ...engine() });
  });
}
