/**
 * The log as an operator reads it: the lines of a sign-in, a receipt and a server failure, captured
 * from the logger's stream of a real server over HTTP. Each request is one line with its fields;
 * no password, cookie or session token appears anywhere; a failure's line has the stack and the
 * same ref the user was shown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@fees/db';
import { closeTestDatabase, failInserts, openTestDatabase } from '@fees/db/testing';
import { paiseToRupeesText } from '@fees/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { linesByTurn } from './logging';
import { startServer } from './test/server-process';
import { LoginLimiter } from './auth/login-limiter';
import { buildFixture, type Fixture } from './test/fixture';
import { createAccount, TEST_PASSWORD } from './test/harness';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  procedure?: string;
  status?: number;
  ms?: number;
  userId?: number | null;
  depId?: number | null;
  err?: { message: string; stack: string };
}

let dir: string;
let db: Database;
let fx: Fixture;
let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;
let staffId: number;
const written: string[] = [];
const lines = () => written.map((l) => JSON.parse(l) as LogLine);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fees-logging-'));
  db = await openTestDatabase({ path: join(dir, 'fees.sqlite') });
  fx = await buildFixture(db);
  staffId = (await createAccount(db, { email: 'counter@test.local', role: 'accountant', departmentId: 100 })).userId;
  app = await buildApp({
    deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false },
    webRoot: join(dir, 'no-web'),
    logger: { level: 'info', stream: { write: (line) => void written.push(line) } },
  });
  // A failure outside tRPC and the REST adapter, for the root error handler.
  app.get('/test/fail', () => {
    throw new Error('the disk is on fire');
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  written.length = 0;
});

async function post(path: string, body: unknown, cookie?: string) {
  return fetch(`${base}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(): Promise<string> {
  const response = await post('auth.departmentLogin', {
    email: 'counter@test.local',
    password: TEST_PASSWORD,
    depId: 100,
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

const receipt = (fixture: Fixture) => ({
  depId: 100,
  studentId: fixture.ug.studentId,
  date: '2025-09-01',
  items: [{ feeHeadId: fixture.heads.tuition, particulars: 'First term', amount: paiseToRupeesText(1_250_00) }],
  paymentMode: 'cash',
  total: paiseToRupeesText(1_250_00),
  tax: '0.00',
  net: paiseToRupeesText(1_250_00),
  confirm: true,
  allowOverpayment: true,
});

function expectNoSecrets(cookie: string) {
  const text = written.join('');
  expect(text).not.toContain(TEST_PASSWORD);
  expect(text).not.toContain(cookie.split('=')[1]!);
  expect(text).not.toMatch(/fees_session|cookie|First term/i);
}

describe('the request log', () => {
  it('logs a sign-in as one line with the account and department, and no password or token', async () => {
    const cookie = await signIn();
    const [line, ...others] = lines();
    expect(others).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'POST',
      route: '/trpc/:path',
      procedure: 'auth.departmentLogin',
      status: 200,
      userId: staffId,
      depId: 100,
    });
    expect(line!.reqId).toMatch(/^[0-9a-f]{16}$/);
    expect(line!.ms).toBeGreaterThanOrEqual(0);
    expectNoSecrets(cookie);
  });

  it('logs a receipt with its user and department, and neither its body nor the cookie', async () => {
    const cookie = await signIn();
    written.length = 0;
    const response = await post('receipts.create', receipt(fx), cookie);
    expect(response.status).toBe(200);
    expect(lines()).toEqual([
      expect.objectContaining({
        method: 'POST',
        procedure: 'receipts.create',
        status: 200,
        userId: staffId,
        depId: 100,
      }),
    ]);
    expect(response.headers.get('x-request-id')).toBe(lines()[0]!.reqId);
    expectNoSecrets(cookie);
  });

  it('a failing tRPC call: the user gets a ref, the log has the error with its stack under the same id', async () => {
    const cookie = await signIn();
    written.length = 0;
    const restore = await failInserts(db, 'receipts', 'the disk is on fire');
    try {
      const response = await post('receipts.create', receipt(fx), cookie);
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { message: string; data: { ref: string } } };
      const ref = body.error.data.ref;
      expect(body.error.message).toBe(`Something went wrong (ref ${ref})`);
      expect(body.error.message).not.toContain('disk');
      const mine = lines().filter((l) => l.reqId === ref);
      expect(mine.find((l) => l.msg === 'tRPC error')?.err?.stack).toContain('the disk is on fire');
      expect(mine.find((l) => l.msg === 'request')).toMatchObject({
        level: 50,
        status: 500,
        userId: staffId,
        depId: 100,
      });
      expectNoSecrets(cookie);
    } finally {
      await restore();
    }
  });

  it('a failure outside tRPC: 500 with the ref only, logged with its stack', async () => {
    const response = await fetch(`${base}/test/fail?token=abc123`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string; ref: string };
    expect(body).toEqual({ message: `Something went wrong (ref ${body.ref})`, ref: body.ref });
    const mine = lines().filter((l) => l.reqId === body.ref);
    expect(mine.find((l) => l.msg === 'server error')?.err?.stack).toMatch(/the disk is on fire\n\s+at /);
    expect(mine.find((l) => l.msg === 'request')).toMatchObject({ route: '/test/fail', status: 500, userId: null });
    expect(written.join('')).not.toContain('abc123');
  });
});

describe('standard output', () => {
  it('takes the lines written in one turn of the event loop in one write, whole and in order', async () => {
    const writes: string[] = [];
    const out = linesByTurn((text) => writes.push(text));
    out.write('{"n":1}\n');
    out.write('{"n":2}\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n']);
    out.write('{"n":3}\n');
    out.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it("a real server's request lines reach its standard output, one JSON line each", async () => {
    const server = await startServer();
    try {
      // /readyz: a path the start-up's own checks do not call (it answers 503 until the first backup).
      const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${server.url}/readyz`)));
      const deadline = Date.now() + 10_000;
      const readyLines = () =>
        server
          .output()
          .split('\n')
          .slice(0, -1)
          .filter((line) => line.includes('"route":"/readyz"'))
          .map((line) => JSON.parse(line) as LogLine);
      while (readyLines().length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(readyLines().map((l) => [l.msg, l.status])).toEqual(answers.map((answer) => ['request', answer.status]));
    } finally {
      await server.stop();
    }
  });
});
