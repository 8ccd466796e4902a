/**
 * The server's log: Fastify's pino logger, JSON lines on standard output (systemd's journal keeps
 * them). One line per request with its method, route pattern, status, milliseconds, user and
 * department, and every server error with its stack. Never a body, a query string, a header or a
 * cookie: passwords and session tokens travel only there. Each request has a random id, logged on
 * each of its lines, sent back as x-request-id and shown to the user with a server error, so a
 * clerk's "ref 7f3a..." finds the line.
 */
import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@fees/db';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

export interface LogOptions {
  /** pino's level: fatal, error, warn, info, debug, trace or silent. */
  level: string;
  /** Where the lines go (tests capture them); standard output when absent, through linesByTurn. */
  stream?: { write(line: string): void };
}

/**
 * Log lines handed to `out` once per turn of the event loop: the lines of the requests answered together
 * (the receipts of one group commit) go out in one write, where one write each cost the counter more than
 * building the lines. A line waits only for the end of the turn that wrote it.
 */
export function linesByTurn(out: (text: string) => void): { write(line: string): void; flush(): void } {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    out(text);
  };
  return {
    write(line) {
      if (pending.push(line) === 1) setImmediate(flush);
    },
    flush,
  };
}

let stdoutLines: ReturnType<typeof linesByTurn> | null = null;

/** Standard output through linesByTurn, one for the process; what is still waiting at exit is written then. */
function stdoutByTurn(): ReturnType<typeof linesByTurn> {
  if (!stdoutLines) {
    // Standard output to a pipe or a file is written synchronously on Linux, so an exit loses no line.
    stdoutLines = linesByTurn((text) => process.stdout.write(text));
    process.once('exit', stdoutLines.flush);
  }
  return stdoutLines;
}

/** Who made each request, as resolved from its session cookie (or its sign-in). */
const users = new WeakMap<FastifyRequest, { userId: number; departmentId: number | null }>();

export function noteRequestUser(req: FastifyRequest, session: Pick<SessionUser, 'userId' | 'departmentId'>): void {
  users.set(req, { userId: session.userId, departmentId: session.departmentId });
}

/** The route pattern, not the URL: ids and query strings stay out of the log. tRPC adds its procedure. */
function routeOf(req: FastifyRequest): { route: string; procedure?: string } {
  const route = req.routeOptions.url ?? '(no route)';
  if (route.startsWith('/trpc/')) return { route, procedure: (req.params as { path?: string }).path };
  return { route };
}

/** The per-request line replaces Fastify's two (incoming, completed), which carry the full URL. */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const user = users.get(request);
    const line = {
      method: request.method,
      ...routeOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      userId: user?.userId ?? null,
      depId: user?.departmentId ?? null,
      ...(error ? { err: error } : {}),
    };
    if (error || reply.statusCode >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
  }
}

/**
 * 16 random hex digits per request, cut from a pool of random bytes: asking the system for 8 bytes
 * at every request cost more than the rest of the id.
 */
let idPool = Buffer.alloc(0);
let idOffset = 0;
function requestId(): string {
  if (idOffset + 8 > idPool.length) {
    idPool = randomBytes(4096);
    idOffset = 0;
  }
  idOffset += 8;
  return idPool.toString('hex', idOffset - 8, idOffset);
}

/** Fastify's options for the log; false is no log at all (tests that do not look at it). */
export function logServerOptions(log: LogOptions | false): FastifyServerOptions {
  const ids = { genReqId: requestId, requestIdHeader: false as const };
  if (!log) return { ...ids, logger: false };
  return {
    ...ids,
    logController: new RequestLog(),
    logger: {
      level: log.level,
      stream: log.stream ?? stdoutByTurn(),
      serializers: {
        req: (req) => ({ method: req.method, url: req.url?.split('?')[0] }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    },
  };
}

/** What a user sees of a server failure: nothing of the failure, and the reference to report. */
export function serverFailureMessage(requestId: string): string {
  return `Something went wrong (ref ${requestId})`;
}

/**
 * Every answer names its request (x-request-id). A failure no handler caught is logged with its
 * stack and answered with the reference only; tRPC and the REST adapter add the ref to their own
 * 5xx bodies.
 */
export function serverErrors(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status < 500) return reply.code(status).send({ message: error.message });
    req.log.error({ err: error }, 'server error');
    return reply.code(status).send({ message: serverFailureMessage(req.id), ref: req.id });
  });
}
