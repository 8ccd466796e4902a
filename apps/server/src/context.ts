import type { DocumentDrawer } from './documents/document-drawer';
import type {} from '@fastify/cookie';
import type { Database, SessionUser } from '@fees/db';
import { AppError } from '@fees/validation';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginLimiter } from './auth/login-limiter';
import type { Backups } from './backup/automatic';
import type { MessagingConfig } from './config';
import type { PaymentsSetup } from './domain/payments/setup';
import { isSecureRequest } from './http-security';
import { resolveSession, SESSION_COOKIE, SESSION_IDLE_MS } from './auth/sessions';
import { noteRequestUser } from './logging';

/** What the server knows about where it runs; built once at start. */
export interface ServerDeps {
  db: Database;
  loginLimiter: LoginLimiter;
  /** COOKIE_SECURE=1: Secure cookies and HSTS whatever the request's protocol. */
  secureCookies: boolean;
  /** The automatic backups; absent where the server runs without them (most tests). */
  backups?: Backups;
  /** PUBLIC_URL and ALLOWED_ORIGINS: origins besides the app's own that may send writes. */
  allowedOrigins?: string[];
  /** Names a browser may reach the server by besides localhost and IP addresses (config.ts serverNames). */
  serverNames?: string[];
  /** PUBLIC_URL's origin: where links sent to families lead (the request's own origin when absent). */
  publicUrl?: string;
  /** The SMS and WhatsApp providers and their webhooks' secrets; absent: all off. */
  messaging?: MessagingConfig;
  /** The payment gateway; absent: no online payments. */
  payments?: PaymentsSetup;
  /** The drawing thread the PDF routes and the message worker share; absent: the routes start their own. */
  drawer?: DocumentDrawer;
}

export interface ContextInner {
  db: Database;
  session: SessionUser | null;
  ip: string | null;
  /** The HTTP request's id (logging.ts), shown with a server error; null outside HTTP. */
  requestId: string | null;
  backups: Backups | null;
  loginLimiter: LoginLimiter;
  /** How many calls the HTTP request carries (a tRPC batch); 1 outside HTTP and for REST. */
  callsInRequest: number;
  /** The origin of links sent to families (PUBLIC_URL, else the request's); null outside HTTP. */
  publicOrigin: string | null;
  /** PUBLIC_URL's origin alone: the family page is offered only where families can reach the app. */
  publicUrl: string | null;
  /** The SMS and WhatsApp providers configured; none outside a server. */
  messaging: MessagingConfig;
  /** The payment gateway (payment links); null when none is set up. */
  payments: PaymentsSetup | null;
  /** Sets the session cookie (no-op outside HTTP, e.g. in createCaller tests). */
  setSessionCookie: (token: string) => void;
  clearSessionCookie: () => void;
}

/**
 * Refuses a call sent in a tRPC batch with others: a sign-in (each must be judged on its own by the
 * limiter) or a costly one (many in one request would hold the server that many times over).
 */
export function assertNotBatched(ctx: Pick<ContextInner, 'callsInRequest'>, what: string): void {
  if (ctx.callsInRequest > 1) throw new AppError('BAD_INPUT', `${what} cannot be sent in a batch with other calls`);
}

/** The context without HTTP: tests pass a database and, optionally, a session. */
export function createContextInner(opts: {
  db: Database;
  session?: SessionUser | null;
  ip?: string | null;
  requestId?: string | null;
  backups?: Backups | null;
  loginLimiter?: LoginLimiter;
  callsInRequest?: number;
  publicOrigin?: string | null;
  publicUrl?: string | null;
  messaging?: MessagingConfig;
  payments?: PaymentsSetup | null;
  setSessionCookie?: (token: string) => void;
  clearSessionCookie?: () => void;
}): ContextInner {
  return {
    db: opts.db,
    session: opts.session ?? null,
    ip: opts.ip ?? null,
    requestId: opts.requestId ?? null,
    backups: opts.backups ?? null,
    loginLimiter: opts.loginLimiter ?? new LoginLimiter(),
    callsInRequest: opts.callsInRequest ?? 1,
    publicOrigin: opts.publicOrigin ?? null,
    publicUrl: opts.publicUrl ?? null,
    messaging: opts.messaging ?? {},
    payments: opts.payments ?? null,
    setSessionCookie: opts.setSessionCookie ?? (() => {}),
    clearSessionCookie: opts.clearSessionCookie ?? (() => {}),
  };
}

/** The context of one HTTP request, shared by tRPC and the REST adapter. */
export async function createRequestContext(
  deps: ServerDeps,
  req: FastifyRequest,
  res: FastifyReply,
  callsInRequest = 1,
): Promise<ContextInner> {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecureRequest(req, deps.secureCookies),
  };
  const session = await resolveSession(deps.db, req.cookies[SESSION_COOKIE]);
  if (session) noteRequestUser(req, session);
  return createContextInner({
    db: deps.db,
    session,
    ip: req.ip,
    requestId: req.id,
    backups: deps.backups ?? null,
    loginLimiter: deps.loginLimiter,
    callsInRequest,
    publicOrigin: deps.publicUrl ?? `${req.protocol}://${req.host}`,
    publicUrl: deps.publicUrl ?? null,
    messaging: deps.messaging ?? {},
    payments: deps.payments ?? null,
    setSessionCookie: async (token) => {
      res.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_IDLE_MS / 1000 });
      // A sign-in's log line names the account that signed in.
      const started = await resolveSession(deps.db, token);
      if (started) noteRequestUser(req, started);
    },
    clearSessionCookie: () => res.clearCookie(SESSION_COOKIE, cookieOptions),
  });
}

export function createTrpcContextFactory(deps: ServerDeps) {
  return ({ req, res, info }: CreateFastifyContextOptions) => createRequestContext(deps, req, res, info.calls.length);
}

export type Context = ContextInner;

/** The context of a procedure past authedProcedure (or of a script acting as a signed-in account). */
export type AuthedContext = Context & { session: SessionUser };
