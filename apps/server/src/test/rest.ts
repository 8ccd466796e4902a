/**
 * For the REST tests: the real server (buildApp) on a random port over a fresh database (an SQLite file, or a
 * PostgreSQL database on the suite's PostgreSQL run) with the fixture's data, HTTP clients that sign in through
 * /rest and keep the session cookie, and a check of a response against its route's zod response schema.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@fees/db';
import { closeTestDatabase, openTestDatabase } from '@fees/db/testing';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { SESSION_COOKIE } from '../auth/sessions';
import type { PaymentsSetup } from '../domain/payments/setup';
import { buildFixture, type Fixture } from './fixture';
import { createAccount, TEST_PASSWORD } from './harness';
import type { Method, RestRoute } from '../rest/route';
import { restRoutes } from '../rest/routes';

export interface RestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON body, asserted field by field in the tests
  body: any;
  text: string;
}

export type Query = Record<string, string | number>;

export class RestClient {
  private cookie: string | null = null;

  constructor(private readonly baseUrl: string) {}

  async request(
    method: Method,
    path: string,
    options: { query?: Query; body?: unknown; rawBody?: string; contentType?: string } = {},
  ): Promise<RestResponse> {
    const url = new URL(`${this.baseUrl}/rest${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const [name, value = ''] = pair.split('=');
      if (name !== SESSION_COOKIE) continue;
      this.cookie = value && !/max-age=0|expires=thu, 01 jan 1970/i.test(setCookie) ? pair : null;
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get(path: string, query?: Query) {
    return this.request('GET', path, { query });
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, { body });
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, { body });
  }
  del(path: string, query?: Query) {
    return this.request('DELETE', path, { query });
  }

  /** A path outside /rest (a file download) with this client's session: the raw response. */
  download(path: string): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, { headers: this.cookie ? { cookie: this.cookie } : {} });
  }

  get hasSession(): boolean {
    return this.cookie !== null;
  }
}

export const ACCOUNTS = {
  admin: { email: 'admin@test.local', password: TEST_PASSWORD },
  ugStaff: { email: 'ug@test.local', password: TEST_PASSWORD, depId: 100 },
  pgStaff: { email: 'pg@test.local', password: TEST_PASSWORD, depId: 101 },
  cashier: { email: 'cashier@test.local', password: TEST_PASSWORD, depId: 100 },
  viewer: { email: 'viewer@test.local', password: TEST_PASSWORD, depId: 100 },
  auditor: { email: 'auditor@test.local', password: TEST_PASSWORD },
} as const;

export type Account = keyof typeof ACCOUNTS;

export interface RestServer {
  baseUrl: string;
  db: Database;
  fixture: Fixture;
  anonymous: () => RestClient;
  /** A client signed in over HTTP: /rest/login/ for the admin, /rest/deplogin/ for staff. */
  signIn: (who: Account) => Promise<RestClient>;
  signInWith: (credentials: { email: string; password: string; depId?: number }) => Promise<RestClient>;
  close: () => Promise<void>;
}

/** `payments`: the gateway the server collects through (a stand-in's), none by default. */
export async function startRestServer(
  options: { payments?: PaymentsSetup; publicUrl?: string } = {},
): Promise<RestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'fees-rest-'));
  const db = await openTestDatabase({ path: join(dir, 'fees.sqlite') });
  await createAccount(db, { email: ACCOUNTS.admin.email, role: 'admin', departmentId: null });
  await createAccount(db, { email: ACCOUNTS.ugStaff.email, role: 'accountant', departmentId: 100 });
  await createAccount(db, { email: ACCOUNTS.pgStaff.email, role: 'accountant', departmentId: 101 });
  await createAccount(db, { email: ACCOUNTS.cashier.email, role: 'cashier', departmentId: 100 });
  await createAccount(db, { email: ACCOUNTS.viewer.email, role: 'viewer', departmentId: 100 });
  await createAccount(db, { email: ACCOUNTS.auditor.email, role: 'auditor', departmentId: null });
  const fixture = await buildFixture(db);
  const app = await buildApp({
    deps: {
      db,
      loginLimiter: new LoginLimiter(),
      secureCookies: false,
      payments: options.payments,
      publicUrl: options.publicUrl,
    },
    webRoot: join(dir, 'no-web'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const signInWith: RestServer['signInWith'] = async ({ email, password, depId }) => {
    const client = new RestClient(baseUrl);
    const response =
      depId === undefined
        ? await client.post('/login/', { email, password })
        : await client.post('/deplogin/', { email, password, depId });
    if (response.status !== 200 || !client.hasSession) throw new Error(`sign-in of ${email} failed: ${response.text}`);
    return client;
  };

  return {
    baseUrl,
    db,
    fixture,
    anonymous: () => new RestClient(baseUrl),
    signIn: (who) => signInWith(ACCOUNTS[who] as { email: string; password: string; depId?: number }),
    signInWith,
    close: async () => {
      await app.close();
      await closeTestDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The route of a documented method and path (as written in the table). */
export function routeOf(method: Method, path: string): RestRoute {
  const found = restRoutes.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
}

/** Where a body departs from its route's response schema: [] when it parses. */
export function responseProblems(route: RestRoute, body: unknown): string[] {
  const parsed = route.response.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `body${issue.path.map((p) => `.${String(p)}`).join('')}: ${issue.message}`);
}
