import { auditLog, sessions } from '@fees/db';
import { onPostgres, openTestDatabase, temporaryFolder } from '@fees/db/testing';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LoginLimiter } from '../../auth/login-limiter';
import { SESSION_IDLE_MS, startSession } from '../../auth/sessions';
import { createContextInner } from '../../context';
import { createAccount, TEST_PASSWORD } from '../../test/harness';
import { createCaller } from '../_app';
import { useHarness } from '../../test/use-harness';

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('sign-in', () => {
  const h = useHarness();

  it('admin signs in; the result names the ADM shell and the cookie is set', async () => {
    const cookies: string[] = [];
    const caller = createCaller(createContextInner({ db: h.db, setSessionCookie: (t) => cookies.push(t) }));
    const result = await caller.auth.login({ email: 'ADMIN@test.local', password: TEST_PASSWORD });
    expect(result).toMatchObject({ auth: true, role: 'admin', department: 'ADM', home: '/admin' });
    expect(cookies).toHaveLength(1);
  });

  it('says only "Incorrect email or password" for an unknown email and a wrong password; more only once the password was right', async () => {
    const caller = h.caller('anonymous');
    const incorrect = { code: 'UNAUTHORIZED', message: 'Incorrect email or password' };
    expect(await refusal(caller.auth.login({ email: 'nobody@test.local', password: TEST_PASSWORD }))).toEqual(
      incorrect,
    );
    expect(await refusal(caller.auth.login({ email: 'admin@test.local', password: 'wrong-one' }))).toEqual(incorrect);
    expect(
      await refusal(caller.auth.departmentLogin({ email: 'ug@test.local', password: 'wrong-one', depId: 101 })),
    ).toEqual(incorrect);
    expect(await refusal(caller.auth.login({ email: 'ug@test.local', password: 'wrong-one' }))).toEqual(incorrect);
    expect(
      await refusal(caller.auth.departmentLogin({ email: 'ug@test.local', password: TEST_PASSWORD, depId: 101 })),
    ).toEqual({
      code: 'UNAUTHORIZED',
      message: 'This account does not belong to Arts and Science PG',
    });
    expect(await refusal(caller.auth.login({ email: 'ug@test.local', password: TEST_PASSWORD }))).toEqual({
      code: 'UNAUTHORIZED',
      message: 'This account is not an administrator; sign in at your department',
    });
  });

  it('staff sign in at their own department; an admin may open any department', async () => {
    const caller = h.caller('anonymous');
    expect(
      await caller.auth.departmentLogin({ email: 'ug@test.local', password: TEST_PASSWORD, depId: 100 }),
    ).toMatchObject({
      role: 'accountant',
      department: 'UG',
      home: '/ug',
    });
    expect(
      await caller.auth.departmentLogin({ email: 'admin@test.local', password: TEST_PASSWORD, depId: 104 }),
    ).toMatchObject({
      role: 'admin',
      department: 'ADM',
      home: '/bed',
    });
  });

  it('writes every sign-in and failure to the audit log', async () => {
    const caller = h.caller('anonymous');
    await caller.auth.login({ email: 'admin@test.local', password: TEST_PASSWORD });
    await refusal(caller.auth.login({ email: 'admin@test.local', password: 'nope123' }));
    const rows = await h.db.select().from(auditLog).where(eq(auditLog.entity, 'session'));
    expect(rows.map((r) => r.action)).toEqual(['login', 'login_failed']);
    expect(rows[1]?.after).toContain('Incorrect password');
  });

  it('slows repeated failures down, then refuses even the right password for a while', async () => {
    const limiter = new LoginLimiter({ slowAfter: 2, delayStepMs: 60, maxDelayMs: 120, lockAfter: 4 });
    const caller = createCaller(createContextInner({ db: h.db, loginLimiter: limiter, ip: '10.0.0.9' }));
    const attempt = () => refusal(caller.auth.login({ email: 'admin@test.local', password: 'wrong-one' }));
    await attempt();
    await attempt();
    const started = performance.now();
    expect((await attempt()).code).toBe('UNAUTHORIZED');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    await attempt();
    const locked = await refusal(caller.auth.login({ email: 'admin@test.local', password: TEST_PASSWORD }));
    expect(locked.code).toBe('TOO_MANY_REQUESTS');
    expect(locked.message).toMatch(/Too many failed sign-ins\. Try again in \d+ minutes?\./);
  });

  it('past the address ceiling refuses only accounts with failures of their own (an office shares one address)', async () => {
    const limiter = new LoginLimiter({
      slowAfter: 10,
      delayStepMs: 1,
      maxDelayMs: 1,
      lockAfter: 2,
      addressLockAfter: 3,
    });
    const caller = createCaller(createContextInner({ db: h.db, loginLimiter: limiter, ip: '10.0.0.7' }));
    const login = (email: string, password: string) => refusal(caller.auth.login({ email, password }));
    for (const email of ['a@x.in', 'b@x.in', 'c@x.in'])
      expect((await login(email, 'whatever')).code).toBe('UNAUTHORIZED');
    // A made-up email already tried is refused unjudged; a new one is judged once, then refused too.
    expect((await login('a@x.in', 'whatever')).code).toBe('TOO_MANY_REQUESTS');
    expect((await login('d@x.in', 'whatever')).code).toBe('UNAUTHORIZED');
    expect((await login('d@x.in', 'whatever')).code).toBe('TOO_MANY_REQUESTS');
    // The admin, with no failures of its own, signs in from the same address.
    expect(await caller.auth.login({ email: 'admin@test.local', password: TEST_PASSWORD })).toMatchObject({
      auth: true,
    });
    // One wrong password there is judged; after it even the right one waits for the window to pass...
    expect((await login('admin@test.local', 'wrong-one')).code).toBe('UNAUTHORIZED');
    expect((await login('admin@test.local', TEST_PASSWORD)).code).toBe('TOO_MANY_REQUESTS');
    // ... at that address only: from another the admin signs in.
    const elsewhere = createCaller(createContextInner({ db: h.db, loginLimiter: limiter, ip: '10.0.0.8' }));
    expect(await elsewhere.auth.login({ email: 'admin@test.local', password: TEST_PASSWORD })).toMatchObject({
      auth: true,
    });
  });

  it('40 wrong sign-ins with made-up emails from one address leave the admin able to sign in there', {
    timeout: 60_000,
  }, async () => {
    const limiter = new LoginLimiter();
    const caller = createCaller(createContextInner({ db: h.db, loginLimiter: limiter, ip: '10.0.0.6' }));
    for (let i = 0; i < limiter.options.addressLockAfter; i++)
      expect((await refusal(caller.auth.login({ email: `nobody${i}@x.in`, password: 'guess-1' }))).code).toBe(
        'UNAUTHORIZED',
      );
    expect((await refusal(caller.auth.login({ email: 'nobody0@x.in', password: 'guess-2' }))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(await caller.auth.login({ email: 'admin@test.local', password: TEST_PASSWORD })).toMatchObject({
      auth: true,
    });
  });
});

describe('session rows', () => {
  const h = useHarness();

  it('a new sign-in clears sessions that have expired, and only those', async () => {
    const adminId = h.sessions.admin.userId;
    const longAgo = Date.now() - 2 * SESSION_IDLE_MS;
    await startSession(h.db, adminId, null, longAgo);
    const before = (await h.db.select().from(sessions)).length;
    await startSession(h.db, adminId, null);
    const rows = await h.db.select().from(sessions);
    expect(rows).toHaveLength(before);
    expect(rows.every((r) => r.expiresAt > Date.now())).toBe(true);
  });
});

describe('sessions over HTTP', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;

  beforeAll(async () => {
    const db = await openTestDatabase({ path: `${temporaryFolder('fees-auth-')}/f.sqlite` });
    await createAccount(db, { email: 'admin@test.local', role: 'admin', departmentId: null });
    app = await buildApp({
      deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false },
      webRoot: '/nonexistent',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => app.close());

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${base}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const me = (cookie?: string) => fetch(`${base}/trpc/auth.me`, { headers: cookie ? { cookie } : {} });

  it('sets an HttpOnly SameSite cookie with a new id at each sign-in, and logout ends the session server-side', async () => {
    const first = await post('auth.login', { email: 'admin@test.local', password: TEST_PASSWORD });
    expect(first.status).toBe(200);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/fees_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0]!;

    const second = await post('auth.login', { email: 'admin@test.local', password: TEST_PASSWORD });
    expect(second.headers.get('set-cookie')?.split(';')[0]).not.toBe(cookie);

    expect((await me(cookie)).status).toBe(200);
    expect((await me()).status).toBe(401);

    const logout = await post('auth.logout', null, cookie);
    expect(await logout.json()).toMatchObject({ result: { data: { state: 'Success' } } });
    // The old cookie, replayed by anyone who kept it, no longer works.
    expect((await me(cookie)).status).toBe(401);
  });

  it('answers bad input with 400 and the schema message, never 500', async () => {
    const bad = await post('auth.login', { email: 42, password: [] });
    expect(bad.status).toBe(400);
    const garbage = await fetch(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(garbage.status).toBeLessThan(500);
  });

  it('answers /healthz and /readyz with { ok } and { ready } alone to anyone; versions only to a signed-in admin', async () => {
    const get = async (path: string, cookie?: string) =>
      (await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} })).json();
    expect(await get('/healthz')).toEqual({ ok: true });
    expect(await get('/readyz')).toEqual({ ready: true });
    expect(await get('/healthz', 'fees_session=made-up')).toEqual({ ok: true });
    const signedIn = await post('auth.login', { email: 'admin@test.local', password: TEST_PASSWORD });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(await get('/healthz', cookie)).toEqual({
      ok: true,
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      engine: onPostgres ? 'postgresql' : 'sqlite',
      engineVersion: expect.stringMatching(/^\d+\.\d+/),
    });
    expect(await get('/readyz', cookie)).toMatchObject({ ready: true, version: expect.any(String) });
  });
});
