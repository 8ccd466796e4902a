/**
 * Builds the HTTP server: tRPC at /trpc, the REST adapter at /rest, the backup download at
 * /api/backup, the receipt and demand notice PDFs at /api/receipts and /api/notices, /healthz and
 * /readyz, the web app's error reports at /api/screen-errors, the providers' delivery reports at
 * /webhooks/whatsapp and /webhooks/msg91, the payment gateway's at /webhooks/razorpay with the payer's
 * return at /payments/return, the family page at /family, and the built web app
 * with a fallback to index.html for client-side routes.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { MAX_BATCH_CALLS } from '@fees/validation';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import { backupRoutes } from './backup/route';
import type { RequestLoad } from './busy';
import { createTrpcContextFactory, type ServerDeps } from './context';
import { DocumentDrawer } from './documents/document-drawer';
import { documentRoutes } from './documents/route';
import { familyRoutes } from './family/route';
import { healthRoutes } from './health';
import { httpSecurity } from './http-security';
import { jsonDepthLimit } from './json-depth';
import { type LogOptions, logServerOptions, serverErrors } from './logging';
import { restPlugin } from './rest/plugin';
import { type AppRouter, appRouter } from './routers/_app';
import { screenErrorRoutes } from './screen-errors';
import { verifyRoutes } from './verify/route';
import { msg91Webhook } from './webhooks/msg91';
import { paymentReturnRoutes, razorpayWebhook } from './webhooks/razorpay';
import { whatsappWebhook } from './webhooks/whatsapp';

/** The web app's production build (apps/web/dist): the same path from src/ and from dist/. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildAppOptions {
  deps: ServerDeps;
  webRoot?: string;
  /** The request and error log (logging.ts); off unless given. */
  logger?: LogOptions | false;
  /** Which proxies' X-Forwarded-For to believe for the client's address (TRUST_PROXY); none by default. */
  trustProxy?: string | false;
  /** Counts requests in flight, for the message worker to keep out of the counter's way. */
  requestLoad?: RequestLoad;
}

/** tRPC's options for /trpc, served by tRPC's own Fastify adapter. */
export function trpcOptionsOf(deps: ServerDeps) {
  return {
    router: appRouter,
    createContext: createTrpcContextFactory(deps),
    // One request may not hold the event loop for long: a larger batch is a 400.
    maxBatchSize: MAX_BATCH_CALLS,
    onError({ error, path, req }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ path, err: error.cause ?? error }, 'tRPC error');
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];
}

export async function buildApp({
  deps,
  webRoot = DEFAULT_WEB_ROOT,
  logger = false,
  trustProxy = false,
  requestLoad,
}: BuildAppOptions) {
  const app = Fastify({
    ...logServerOptions(logger),
    trustProxy,
    bodyLimit: 20 * 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
  });
  serverErrors(app);
  requestLoad?.track(app);
  await httpSecurity(app, {
    allowedOrigins: deps.allowedOrigins ?? [],
    serverNames: deps.serverNames ?? [],
    secure: deps.secureCookies,
  });
  await jsonDepthLimit(app);
  await app.register(fastifyCookie);
  // The PDFs staff and families download are drawn off the server's thread: on the server's drawing thread, or on
  // one of the app's own (ended with the app) where none is given.
  const drawer = deps.drawer ?? new DocumentDrawer();
  if (!deps.drawer) app.addHook('onClose', () => drawer.close());

  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: trpcOptionsOf(deps) });

  await app.register(restPlugin, { prefix: '/rest', deps });
  await app.register(backupRoutes, { deps });
  await app.register(documentRoutes, { deps, drawer });

  await app.register(healthRoutes, { deps });
  await app.register(verifyRoutes, { deps });
  await app.register(familyRoutes, { deps, drawer });
  await app.register(screenErrorRoutes);
  // Each in its own plugin: they read their bodies as the bytes that came, no other route does.
  await app.register(whatsappWebhook, { deps });
  await app.register(msg91Webhook, { deps });
  await app.register(razorpayWebhook, { deps });
  await app.register(paymentReturnRoutes, { deps });

  const hasWeb = existsSync(webRoot);
  // preCompressed: the build writes .br and .gz beside each asset; they are sent to browsers that accept them.
  if (hasWeb) await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, preCompressed: true });
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/trpc') || req.url.startsWith('/rest');
    if (req.method === 'GET' && !isApi && hasWeb) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
  return app;
}
