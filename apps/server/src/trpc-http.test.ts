import fastifyCookie from '@fastify/cookie';
import { openTestDatabase } from '@fees/db/testing';
import { MAX_BATCH_CALLS } from '@fees/validation';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcOptionsOf } from './app';
import { LoginLimiter } from './auth/login-limiter';
import { createAccount, TEST_PASSWORD } from './test/harness';
import { trpcRoutes } from './trpc-http';

const ADMIN = { email: 'admin@test.local', password: TEST_PASSWORD };
const JSON_TYPE = { 'content-type': 'application/json' };

/** The same router on a database of its own, behind tRPC's Fastify plugin or behind trpc-http.ts. */
async function appWith(plugin: 'trpc' | 'ours'): Promise<FastifyInstance> {
  const db = await openTestDatabase();
  await createAccount(db, { email: ADMIN.email, role: 'admin', departmentId: null });
  const app = Fastify({ routerOptions: { maxParamLength: 500 } });
  await app.register(fastifyCookie);
  const trpcOptions = trpcOptionsOf({ db, loginLimiter: new LoginLimiter(), secureCookies: false });
  if (plugin === 'trpc') await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  else await app.register(trpcRoutes, { prefix: '/trpc', trpcOptions });
  return app;
}

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));

/**
 * Requests of every kind a client can send, in order (a sign-in comes before what needs it), and
 * whether trpc-http.ts answers it itself (the rest it hands to tRPC's adapter).
 */
const REQUESTS: Array<[string, InjectOptions, boolean]> = [
  ['a query, signed out', { method: 'GET', url: '/trpc/auth.me' }, true],
  ['a public query', { method: 'GET', url: '/trpc/reference.departments' }, true],
  [
    'a batch of a success and a refusal',
    { method: 'GET', url: `/trpc/reference.departments,auth.me?batch=1&input=${q({})}` },
    true,
  ],
  [
    'a batch with inputs',
    { method: 'GET', url: `/trpc/reference.departments,reference.courses?batch=1&input=${q({ 1: { depId: 100 } })}` },
    true,
  ],
  [
    'a mutation refusing its input',
    { method: 'POST', url: '/trpc/auth.login', headers: JSON_TYPE, payload: JSON.stringify({ email: 'x' }) },
    true,
  ],
  [
    'a wrong password',
    {
      method: 'POST',
      url: '/trpc/auth.login',
      headers: JSON_TYPE,
      payload: JSON.stringify({ ...ADMIN, password: 'wrong-one' }),
    },
    true,
  ],
  [
    'a sign-in in a batch',
    {
      method: 'POST',
      url: '/trpc/auth.login,auth.logout?batch=1',
      headers: JSON_TYPE,
      payload: JSON.stringify({ 0: ADMIN }),
    },
    true,
  ],
  ['a query by POST', { method: 'POST', url: '/trpc/auth.me', headers: JSON_TYPE, payload: '{}' }, false],
  ['a mutation by GET', { method: 'GET', url: '/trpc/auth.logout' }, false],
  ['no such procedure', { method: 'GET', url: '/trpc/auth.nothing' }, false],
  ['no such procedure in a batch', { method: 'GET', url: '/trpc/auth.me,toString?batch=1' }, false],
  [
    'a mixed batch',
    { method: 'POST', url: '/trpc/auth.me,auth.logout?batch=1', headers: JSON_TYPE, payload: '{}' },
    false,
  ],
  ['a broken JSON body', { method: 'POST', url: '/trpc/auth.login', headers: JSON_TYPE, payload: '{"email":' }, false],
  ['an empty JSON body', { method: 'POST', url: '/trpc/auth.logout', headers: JSON_TYPE, payload: '' }, false],
  ['a broken JSON input', { method: 'GET', url: '/trpc/reference.courses?input=%7B' }, false],
  [
    'a batch input that is no object',
    { method: 'GET', url: `/trpc/reference.departments?batch=1&input=${q([1])}` },
    false,
  ],
  [
    'a batch too large',
    {
      method: 'GET',
      url: `/trpc/${Array(MAX_BATCH_CALLS + 1)
        .fill('reference.departments')
        .join(',')}?batch=1`,
    },
    false,
  ],
  [
    'another content type',
    { method: 'POST', url: '/trpc/auth.login', headers: { 'content-type': 'text/plain' }, payload: 'x' },
    false,
  ],
  ['a HEAD', { method: 'HEAD', url: '/trpc/auth.me' }, false],
  [
    'a streamed batch',
    {
      method: 'GET',
      url: '/trpc/reference.departments,auth.me?batch=1',
      headers: { 'trpc-accept': 'application/jsonl' },
    },
    false,
  ],
  ['an escaped path', { method: 'GET', url: '/trpc/reference%2Edepartments' }, true],
  [
    'a sign-in',
    {
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      payload: JSON.stringify(ADMIN),
    },
    true,
  ],
  ['a query, signed in', { method: 'GET', url: '/trpc/auth.me' }, true],
  [
    'a signed-in batch',
    { method: 'GET', url: `/trpc/reference.courses,reference.categories?batch=1&input=${q({ 0: { depId: 101 } })}` },
    true,
  ],
  [
    'an admin mutation refusing its input',
    { method: 'POST', url: '/trpc/fees.heads.create', headers: JSON_TYPE, payload: JSON.stringify({ name: '' }) },
    true,
  ],
  [
    'an admin mutation',
    {
      method: 'POST',
      url: '/trpc/fees.heads.create',
      headers: JSON_TYPE,
      payload: JSON.stringify({ name: 'Robotics club' }),
    },
    true,
  ],
  [
    'the same again (a conflict)',
    {
      method: 'POST',
      url: '/trpc/fees.heads.create',
      headers: JSON_TYPE,
      payload: JSON.stringify({ name: 'Robotics club' }),
    },
    true,
  ],
  [
    'a batch of mutations',
    {
      method: 'POST',
      url: '/trpc/fees.heads.create,fees.heads.create?batch=1',
      headers: JSON_TYPE,
      payload: JSON.stringify({ 0: { name: 'Chess club' }, 1: {} }),
    },
    true,
  ],
  ['a sign-out', { method: 'POST', url: '/trpc/auth.logout', headers: JSON_TYPE, payload: 'null' }, true],
  ['after the sign-out', { method: 'GET', url: '/trpc/auth.me' }, true],
];

describe("trpc-http answers as tRPC's Fastify adapter does", () => {
  const apps: Record<'trpc' | 'ours', { app: FastifyInstance; cookie: string }> = {} as never;
  const answers: Record<
    'trpc' | 'ours',
    Array<{ status: number; type: unknown; vary: unknown; cookie: unknown; body: string }>
  > = { trpc: [], ours: [] };
  const lengths: Array<string | undefined> = [];

  beforeAll(async () => {
    for (const plugin of ['trpc', 'ours'] as const) {
      apps[plugin] = { app: await appWith(plugin), cookie: '' };
      for (const [, request] of REQUESTS) {
        const { app, cookie } = apps[plugin];
        const res = await app.inject({ ...request, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } });
        const setCookie = [res.headers['set-cookie'] ?? []].flat()[0];
        if (setCookie) apps[plugin].cookie = setCookie.split(';')[0]!;
        // Each side signs in with a random token of its own.
        const sentCookie = setCookie?.replace(/=[^;]+/, '=token');
        answers[plugin].push({
          status: res.statusCode,
          type: res.headers['content-type'],
          vary: res.headers.vary,
          cookie: sentCookie,
          body: res.body,
        });
        if (plugin === 'ours') lengths.push(res.headers['content-length']?.toString());
      }
    }
  });
  afterAll(async () => {
    await apps.trpc?.app.close();
    await apps.ours?.app.close();
  });

  it.each(REQUESTS.map(([name, , fast], i) => [name, fast, i] as const))('%s', (_name, fast, i) => {
    expect(answers.ours[i]).toEqual(answers.trpc[i]);
    // Answered here: one Buffer with its length; by tRPC's adapter: its web stream, chunked.
    expect(lengths[i] !== undefined).toBe(fast);
  });

  it('signed in, made a fee head and signed out on both', () => {
    const byName = (name: string) => answers.ours[REQUESTS.findIndex(([n]) => n === name)]!;
    expect(byName('a query, signed in').status).toBe(200);
    expect(byName('an admin mutation').status).toBe(200);
    expect(byName('the same again (a conflict)').status).toBe(409);
    expect(byName('a batch of mutations').status).toBe(207);
    expect(byName('after the sign-out').status).toBe(401);
  });
});
