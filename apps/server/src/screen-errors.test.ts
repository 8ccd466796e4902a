/**
 * The web app's error reports: a report lands in the server's log with its ref; anything else is a
 * 4xx, never a 500, and one address cannot flood the log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@fees/db';
import { closeTestDatabase, openTestDatabase } from '@fees/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { LoginLimiter } from './auth/login-limiter';

let dir: string;
let db: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;
const written: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fees-screen-errors-'));
  db = await openTestDatabase({ path: join(dir, 'fees.sqlite') });
  app = await buildApp({
    deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false },
    webRoot: join(dir, 'no-web'),
    logger: { level: 'info', stream: { write: (line) => void written.push(line) } },
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const report = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${base}/api/screen-errors`, { method: 'POST', headers, body });

const valid = (ref: string) =>
  JSON.stringify({
    ref,
    path: '/ug/receipt/:admNo',
    message: 'Error: Duplicate options are not supported',
    stack: 'Error: Duplicate options\n    at Select',
  });

describe('POST /api/screen-errors', () => {
  it('logs the error with the ref the screen showed', async () => {
    expect((await report(valid('K7Q2M9XA'))).status).toBe(204);
    const line = written.map((l) => JSON.parse(l)).find((l) => l.msg === 'screen error ref K7Q2M9XA');
    expect(line).toMatchObject({
      level: 40,
      screenError: {
        ref: 'K7Q2M9XA',
        path: '/ug/receipt/:admNo',
        message: 'Error: Duplicate options are not supported',
      },
    });
  });

  it.each([
    ['not JSON', '{"ref":', 400],
    ['not a report', JSON.stringify({ ref: 'lower case', path: '/', message: 'x' }), 400],
    ['a message too long', JSON.stringify({ ref: 'ABCD', path: '/', message: 'x'.repeat(1001) }), 400],
    ['a body over 8 KB', JSON.stringify({ ref: 'ABCD', path: '/', message: 'x', stack: 'y'.repeat(9000) }), 413],
  ])('answers %s with %i', async (_what, body, status) => {
    expect((await report(body)).status).toBe(status);
  });

  it('refuses a report from another site', async () => {
    const res = await report(valid('ABCDEFGH'), { 'content-type': 'application/json', origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('takes 20 reports a minute from one address, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await report(valid(`RATE${String(i).padStart(4, '0')}`))).status);
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.some((s) => s >= 500)).toBe(false);
  });
});
