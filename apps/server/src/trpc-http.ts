/**
 * tRPC's HTTP endpoint on Fastify. The calls the web app makes (GET queries and JSON POST mutations,
 * alone or batched, to procedures that exist, with the right method) are answered here from Fastify's
 * own request: tRPC's Fastify adapter turns every request into a fetch Request (URL, Headers,
 * AbortSignal, a body stream) and its answer into a web stream, which cost a receipt about a fifth of
 * the server's CPU. Every other request (HEAD, another content type, streaming or subscription calls,
 * an unknown procedure, the wrong method, bad JSON or URL encoding, an oversized batch) goes to that
 * adapter, so its answers stay tRPC's own. The answers made here use tRPC's own pieces
 * (getErrorShape, getHTTPStatusCode, transformTRPCResponse) and equal the adapter's, status, headers
 * and body (trpc-http.test.ts sends the same requests to both).
 */
import {
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  getErrorShape,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from './context';
import type { AppRouter } from './routers/_app';

type TrpcOptions = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];
type Procedure = AnyTRPCProcedure;
type CallType = 'query' | 'mutation';

const METHOD_OF: Record<string, string | undefined> = { query: 'GET', mutation: 'POST' };

interface Call {
  path: string;
  procedure: Procedure;
  input: unknown;
  batchIndex: number;
}

interface Calls {
  type: CallType;
  isBatchCall: boolean;
  calls: Call[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && !Array.isArray(value) && typeof value === 'object';
}

/** The media type of a Content-Type header, as tRPC compares it (case-insensitive, parameters dropped). */
function mediaType(header: string | undefined): string | undefined {
  return header?.toLowerCase().split(';', 1)[0]?.trim();
}

/** The request's calls when this module answers it the way tRPC would; null hands it to tRPC's adapter. */
function callsOf(req: FastifyRequest, router: AnyTRPCRouter, maxBatchSize: number | undefined): Calls | null {
  const { method, headers } = req;
  if (method !== 'GET' && method !== 'POST') return null;
  if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return null;
  const contentType = mediaType(headers['content-type']);
  if (
    method === 'POST'
      ? contentType !== 'application/json'
      : contentType !== undefined && contentType !== 'application/json'
  )
    return null;
  const query = req.query as Record<string, unknown>;
  if (query.connectionParams !== undefined) return null;
  const batch = query.batch;
  if (batch !== undefined && typeof batch !== 'string') return null;
  const isBatchCall = batch === '1';

  const joined = (req.params as { path?: unknown }).path;
  // tRPC decodes the path once more: leave anything that still holds an escape to it.
  if (typeof joined !== 'string' || joined.includes('%')) return null;
  const paths = isBatchCall ? joined.split(',') : [joined];
  if (isBatchCall && maxBatchSize !== undefined && paths.length > maxBatchSize) return null;

  const text = method === 'GET' ? query.input : req.body;
  if (text !== undefined && typeof text !== 'string') return null;
  let inputs: unknown;
  if (text !== undefined && (method === 'POST' || text !== '')) {
    try {
      inputs = JSON.parse(text);
    } catch {
      return null;
    }
  }
  if (isBatchCall && inputs !== undefined && !isObject(inputs)) return null;

  const procedures = router._def.procedures as Record<string, Procedure>;
  const config = router._def._config;
  const deserialize = config.transformer.input.deserialize;
  let type: CallType | undefined;
  const calls: Call[] = [];
  for (const [batchIndex, path] of paths.entries()) {
    const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
    if (typeof procedure !== 'function' || procedure._def.procedure !== true) return null;
    const procedureType = procedure._def.type;
    if (METHOD_OF[procedureType] !== method || (type !== undefined && type !== procedureType)) return null;
    type = procedureType as CallType;
    const raw = isBatchCall ? (inputs as Record<string, unknown> | undefined)?.[batchIndex] : inputs;
    calls.push({ path, procedure, input: raw === undefined ? undefined : deserialize(raw), batchIndex });
  }
  return type === undefined ? null : { type, isBatchCall, calls };
}

async function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  options: TrpcOptions,
  found: Calls,
): Promise<FastifyReply> {
  const { router, createContext, onError } = options;
  const config = router._def._config;
  const { type, isBatchCall, calls } = found;
  const aborted = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) aborted.abort();
  });
  const info = {
    accept: null,
    type,
    isBatchCall,
    calls: calls.map((call) => ({
      path: call.path,
      procedure: call.procedure,
      batchIndex: call.batchIndex,
      getRawInput: async () => call.input,
      result: () => call.input,
    })),
    connectionParams: null,
    signal: aborted.signal,
    url: null,
  };
  let ctx: Context | undefined;
  let contextError: unknown = null;
  try {
    ctx = await createContext?.({ req, res: reply, info });
  } catch (cause) {
    contextError = cause;
  }
  const results = await Promise.all(
    calls.map(async (call) => {
      try {
        if (contextError !== null) throw contextError;
        const data = await call.procedure({
          path: call.path,
          getRawInput: async () => call.input,
          ctx,
          type,
          signal: aborted.signal,
          batchIndex: call.batchIndex,
        });
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        const errorCtx = contextError === null ? ctx : undefined;
        onError?.({ error, path: call.path, input: call.input, ctx: errorCtx, type, req });
        return { error: getErrorShape({ config, error, type, path: call.path, input: call.input, ctx: errorCtx }) };
      }
    }),
  );
  const body = isBatchCall ? results : results[0]!;
  return (
    reply
      .code(getHTTPStatusCode(body))
      .header('content-type', 'application/json')
      .header('vary', 'trpc-accept, accept')
      // A Buffer: for a string Fastify would add "; charset=utf-8" to the type, which tRPC does not send.
      .send(Buffer.from(JSON.stringify(transformTRPCResponse(config, body))))
  );
}

/** Registers `${prefix}/:path` as tRPC's Fastify plugin does, with the same options. */
export async function trpcRoutes(app: FastifyInstance, { trpcOptions }: { trpcOptions: TrpcOptions }): Promise<void> {
  // tRPC reads the body itself: Fastify hands it over as text, as tRPC's plugin sets it up.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
  app.all('/:path', async (req, reply) => {
    const found = callsOf(req, trpcOptions.router, trpcOptions.maxBatchSize);
    if (found) return answer(req, reply, trpcOptions, found);
    await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path: (req.params as { path: string }).path });
  });
}
