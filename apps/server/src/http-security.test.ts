import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { users } from '@fees/db';
import { openTestDatabase, temporaryFolder } from '@fees/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { LoginLimiter } from './auth/login-limiter';
import { readConfig, serverNames, writeOrigins } from './config';
import type { ServerDeps } from './context';
import { createAccount, TEST_PASSWORD } from './test/harness';

const ADMIN = { email: 'admin@test.local', password: TEST_PASSWORD };

async function startApp(options: Partial<ServerDeps> = {}, trustProxy: string | false = false) {
  const dir = temporaryFolder('fees-edge-');
  const db = await openTestDatabase({ path: join(dir, 'fees.sqlite') });
  await createAccount(db, { email: ADMIN.email, role: 'admin', departmentId: null });
  const webRoot = join(dir, 'web');
  mkdirSync(webRoot);
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Fees</title>');
  const app = await buildApp({
    deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false, ...options },
    webRoot,
    trustProxy,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, db, base: `http://127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` };
}

type Started = Awaited<ReturnType<typeof startApp>>;

async function signIn(s: Started): Promise<string> {
  const res = await fetch(`${s.base}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('cross-site writes', () => {
  let s: Started;
  let cookie: string;
  beforeAll(async () => {
    s = await startApp({ allowedOrigins: ['https://fees.example.org'] });
    cookie = await signIn(s);
  });
  afterAll(() => s.app.close());

  const createAdmin = (email: string, headers: Record<string, string>) =>
    fetch(`${s.base}/rest/regadm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...headers },
      body: JSON.stringify({ email, pwd1: 'abcdef1', pwd2: 'abcdef1', chk1: true }),
    });
  const accounts = async () => (await s.db.select().from(users)).map((u) => u.email);

  it('refuses a write from a page of another origin with 403 and writes nothing', async () => {
    for (const origin of ['http://evil.test', 'http://127.0.0.1:1', 'null']) {
      const res = await createAdmin(`x${(await accounts()).length}@evil.test`, { origin });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toMatch(/another site/);
    }
    for (const site of ['cross-site', 'same-site']) {
      expect((await createAdmin('y@evil.test', { 'sec-fetch-site': site })).status).toBe(403);
    }
    expect(await accounts()).toEqual([ADMIN.email]);
  });

  it('refuses cross-site sign-in, sign-out and tRPC mutations', async () => {
    const evil = { origin: 'http://evil.test', 'content-type': 'application/json' };
    const login = await fetch(`${s.base}/trpc/auth.login`, {
      method: 'POST',
      headers: evil,
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(403);
    expect(login.headers.get('set-cookie')).toBeNull();
    expect(
      (await fetch(`${s.base}/rest/login/`, { method: 'POST', headers: evil, body: JSON.stringify(ADMIN) })).status,
    ).toBe(403);
    expect((await fetch(`${s.base}/trpc/auth.logout`, { method: 'POST', headers: { ...evil, cookie } })).status).toBe(
      403,
    );
    expect((await fetch(`${s.base}/trpc/auth.me`, { headers: { cookie } })).status).toBe(200);
  });

  it('accepts writes from the app itself, from ALLOWED_ORIGINS, and from clients that send neither header', async () => {
    expect((await createAdmin('own@test.local', { origin: s.origin })).status).toBe(200);
    expect((await createAdmin('proxy@test.local', { origin: 'https://fees.example.org' })).status).toBe(200);
    expect((await createAdmin('same@test.local', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await createAdmin('curl@test.local', {})).status).toBe(200);
    expect(await accounts()).toEqual(
      expect.arrayContaining(['own@test.local', 'proxy@test.local', 'same@test.local', 'curl@test.local']),
    );
  });

  it('takes REST bodies as JSON only (415) and reads query-string fields only for GET and DELETE', async () => {
    const form = await fetch(`${s.base}/rest/regadm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: 'email=form%40evil.test&pwd1=abcdef1&pwd2=abcdef1&chk1=true',
    });
    expect(form.status).toBe(415);
    const text = await fetch(`${s.base}/rest/regadm/?email=text%40evil.test&pwd1=abcdef1&pwd2=abcdef1&chk1=true`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie },
      body: 'x',
    });
    expect(text.status).toBe(415);
    const queryOnly = await fetch(
      `${s.base}/rest/regadm/?email=query%40evil.test&pwd1=abcdef1&pwd2=abcdef1&chk1=true`,
      {
        method: 'POST',
        headers: { cookie },
      },
    );
    expect(queryOnly.status).toBe(400);
    expect(await accounts()).not.toEqual(expect.arrayContaining([expect.stringMatching(/evil\.test$/)]));
  });
});

describe('the name a browser page reached the server by', () => {
  let s: Started;
  let cookie: string;
  beforeAll(async () => {
    s = await startApp({ serverNames: ['fees.example.org'], allowedOrigins: ['https://proxy.example.org'] });
    cookie = await signIn(s);
  });
  afterAll(() => s.app.close());

  const port = () => new URL(s.base).port;
  /** A write to /rest/regadm/ with these headers (node:http: fetch will not send another Host). */
  const createAdmin = (email: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ email, pwd1: 'abcdef1', pwd2: 'abcdef1', chk1: true });
      const req = request(
        `${s.base}/rest/regadm/`,
        { method: 'POST', headers: { 'content-type': 'application/json', cookie, ...headers } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const accounts = async () => (await s.db.select().from(users)).map((u) => u.email);
  const sameName = (host: string) => ({ host, origin: `http://${host}` });

  it('refuses a write whose Host and Origin both name another site (DNS rebinding), and writes nothing', async () => {
    expect(await createAdmin('rebind@evil.test', sameName(`rebind.example:${port()}`))).toBe(403);
    expect(await createAdmin('rebind2@evil.test', sameName('rebind.example'))).toBe(403);
    expect(await createAdmin('rebind3@evil.test', { host: 'rebind.example', 'sec-fetch-site': 'same-origin' })).toBe(
      403,
    );
    expect(await accounts()).not.toEqual(expect.arrayContaining([expect.stringMatching(/evil\.test$/)]));
  });

  it("accepts the configured names, localhost forms, this machine's name and addresses; clients with no page pass", async () => {
    const hosts = [
      `fees.example.org:${port()}`,
      'FEES.example.org.',
      `localhost:${port()}`,
      'office.localhost',
      `127.0.0.1:${port()}`,
      '192.168.1.20:3000',
      `[::1]:${port()}`,
      hostname(),
    ];
    for (const [i, host] of hosts.entries())
      expect([host, await createAdmin(`name${i}@test.local`, sameName(host))]).toEqual([host, 200]);
    expect(await createAdmin('proxy@test.local', { host: 'rebind.example', origin: 'https://proxy.example.org' })).toBe(
      200,
    );
    expect(await createAdmin('curl@test.local', { host: 'rebind.example' })).toBe(200);
  });

  it('takes the names from HOST, PUBLIC_URL and ALLOWED_ORIGINS; PUBLIC_URL may send writes', () => {
    const config = readConfig({
      HOST: 'fees-server',
      PUBLIC_URL: 'https://Fees.Example.org/',
      ALLOWED_ORIGINS: 'http://office.lan:8080',
    });
    expect(serverNames(config)).toEqual(['fees-server', 'fees.example.org', 'office.lan']);
    expect(writeOrigins(config)).toEqual(['https://fees.example.org', 'http://office.lan:8080']);
    expect(() => readConfig({ PUBLIC_URL: 'fees.example.org' })).toThrow(/PUBLIC_URL/);
  });
});

describe('headers', () => {
  let s: Started;
  beforeAll(async () => {
    s = await startApp();
  });
  afterAll(() => s.app.close());

  it('sends a strict CSP, no framing, nosniff and Referrer-Policy same-origin with the app', async () => {
    const res = await fetch(`${s.base}/admin/useredt`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('marks every API answer no-store, refusals included', async () => {
    for (const path of [
      '/trpc/auth.me',
      '/trpc/reference.departments',
      '/rest/api/getdepartment/',
      '/rest/nowhere',
      '/api/backup',
    ]) {
      const res = await fetch(`${s.base}${path}`);
      expect([path, res.headers.get('cache-control')]).toEqual([path, 'no-store']);
    }
    const write = await fetch(`${s.base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.headers.get('cache-control')).toBe('no-store');
  });

  it('sends HSTS and Secure cookies only over HTTPS: COOKIE_SECURE=1, or X-Forwarded-Proto from a trusted proxy', async () => {
    const viaProxy = (target: Started) =>
      fetch(`${target.base}/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify(ADMIN),
      });
    const untrusted = await viaProxy(s);
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
    expect(untrusted.headers.get('set-cookie')).not.toMatch(/Secure/i);

    const proxied = await startApp({}, '127.0.0.1');
    const trusted = await viaProxy(proxied);
    expect(trusted.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(trusted.headers.get('set-cookie')).toMatch(/Secure/i);
    await proxied.app.close();

    const secure = await startApp({ secureCookies: true });
    const plain = await fetch(`${secure.base}/`);
    expect(plain.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    await secure.app.close();
  });
});
