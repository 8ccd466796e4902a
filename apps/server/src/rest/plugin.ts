/**
 * The documented legacy paths under /rest. Each route of the table in routes/ is
 * served by calling its tRPC procedure through createCaller with the request's own context, so
 * sessions, validation, permissions and the work are exactly the tRPC side's. Each answer is parsed
 * by its route's zod response schema, which is also its reference in /rest/openapi.json.
 */
import { IDEMPOTENCY_KEY_HEADER } from '@fees/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@fees/validation';
import { createRequestContext, type ServerDeps } from '../context';
import { jsonNestedDeeperThan } from '../json-depth';
import { createRestCaller } from './router';
import { serverFailureMessage } from '../logging';
import { toRestError } from './errors';
import { buildOpenApiDocument, integerRequestFields } from './openapi';
import type { AppCaller, RestRoute, WireFields } from './route';
import { restRoutes } from './routes';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DECIMAL_DIGITS = /^\d{1,15}$/;

/**
 * A query string or path is text: its decimal digits become the integer a documented integer field
 * takes. Only there: a JSON body sends numbers as numbers, and the shared schemas refuse "3".
 */
function integersOf(source: unknown, integerFields: ReadonlySet<string>): WireFields {
  if (!isPlainObject(source)) return {};
  return Object.fromEntries(
    Object.entries(source).map(([name, value]) => [
      name,
      integerFields.has(name) && typeof value === 'string' && DECIMAL_DIGITS.test(value) ? Number(value) : value,
    ]),
  );
}

/**
 * Query string (GET and DELETE only), then JSON body, then path parameters. A write's fields come
 * only from its JSON body: a cross-site form cannot smuggle them in through the URL.
 */
function wireFields(req: FastifyRequest, integerFields: ReadonlySet<string>): WireFields {
  const queryCounts = req.method === 'GET' || req.method === 'DELETE';
  return {
    ...(queryCounts ? integersOf(req.query, integerFields) : {}),
    ...(isPlainObject(req.body) ? req.body : {}),
    ...integersOf(req.params, integerFields),
  };
}

/** The procedure input: documented fields renamed, then the route's derived fields. */
async function inputOf(route: RestRoute, fields: WireFields, caller: AppCaller): Promise<unknown> {
  if (!route.request && !route.input) return undefined;
  const input: Record<string, unknown> = {};
  for (const [wireField, target] of Object.entries(route.request ?? {})) {
    if (typeof target === 'string' && fields[wireField] !== undefined) input[target] = fields[wireField];
  }
  return { ...input, ...(await route.input?.(fields, caller)) };
}

/**
 * The Idempotency-Key header of a money-creating route, as text for the procedure's schema to check
 * (an empty or repeated header fails there too, with a 400); the quotes of the structured-field form
 * ("...") are not part of the key.
 */
function idempotencyKeyOf(req: FastifyRequest): { idempotencyKey?: string } {
  const header = req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) return {};
  const text = String(header);
  return { idempotencyKey: /^"[^"]*"$/.test(text) ? text.slice(1, -1) : text };
}

/** A procedure input path back to the documented names: items.0.amount -> items.0.price. */
function renamerOf(route: RestRoute): (path: readonly PropertyKey[]) => string {
  const back = new Map<string, string>(Object.entries(route.errorNames ?? {}));
  if (route.idempotent) back.set('idempotencyKey', IDEMPOTENCY_KEY_HEADER);
  for (const [wireField, target] of Object.entries(route.request ?? {}))
    if (typeof target === 'string') back.set(target, wireField);
  return (path) =>
    path.map((segment) => (typeof segment === 'string' ? (back.get(segment) ?? segment) : String(segment))).join('.');
}

type CallerNode = ((input: unknown) => Promise<unknown>) & { [key: string]: CallerNode };

function handlerOf(route: RestRoute, deps: ServerDeps) {
  const rename = renamerOf(route);
  const integerFields = integerRequestFields(route);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const fields = wireFields(req, integerFields);
    const caller = createRestCaller(await createRequestContext(deps, req, reply));
    const procedure = route.procedure
      .split('.')
      .reduce((node, key) => node[key] as CallerNode, caller as unknown as CallerNode);
    let result: unknown;
    try {
      const input = await inputOf(route, fields, caller);
      result = await procedure(route.idempotent ? { ...(input as object), ...idempotencyKeyOf(req) } : input);
    } catch (error) {
      const restError = toRestError(error, rename);
      if (restError.unexpected) {
        req.log.error({ err: error, path: route.path }, 'REST error');
        return reply.code(restError.status).send({ message: serverFailureMessage(req.id), ref: req.id });
      }
      const refused = route.refusal?.({ code: restError.code, message: restError.body.message });
      if (refused !== undefined) return reply.code(200).send(route.response.parse(refused));
      return reply.code(restError.status).send({ ...restError.body, ...route.errorFields?.(restError.body.message) });
    }
    if (route.download) {
      const { fileName, content } = route.output(result as never, fields);
      return reply
        .type(route.download.contentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(content);
    }
    // The documented fields and nothing else; a body that departs from its schema is a bug (500, logged).
    const body = route.response.parse(route.output(result as never, fields));
    return reply.code(route.status?.(result as never) ?? 200).send(body);
  };
}

/** Both /x and /x/: the documented paths are not consistent about the trailing slash. */
function pathVariants(path: string): string[] {
  return path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
}

export async function restPlugin(app: FastifyInstance, { deps }: { deps: ServerDeps }): Promise<void> {
  // JSON bodies only (anything else is 415, as for tRPC), where an empty body is no fields.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const source = String(text).trim();
    if (source === '') return done(null, undefined);
    if (jsonNestedDeeperThan(source)) return done(Object.assign(new Error(MSG.nestedTooDeep), { statusCode: 400 }));
    try {
      done(null, JSON.parse(source));
    } catch {
      done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  for (const route of restRoutes) {
    for (const url of pathVariants(route.path)) {
      app.route({ method: route.method, url, handler: handlerOf(route, deps) });
    }
  }

  const openApi = buildOpenApiDocument(restRoutes);
  app.get('/openapi.json', async () => openApi);

  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status < 500) return reply.code(status).send({ message: error.message });
    req.log.error({ err: error }, 'REST error');
    return reply.code(status).send({ message: serverFailureMessage(req.id), ref: req.id });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: `No such path: ${req.method} ${req.url.split('?')[0]}` });
  });
}
