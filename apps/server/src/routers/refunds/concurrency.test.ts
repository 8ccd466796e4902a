/**
 * Refunds sent at once over real HTTP against a running server, by two clerks: the advance never goes
 * below zero (the refunds beyond it get 409) and the voucher numbers stay consecutive without gaps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, findAdvanceHeadId, row } from '@fees/db';
import { closeTestDatabase, openTestDatabase } from '@fees/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LoginLimiter } from '../../auth/login-limiter';
import { buildFixture, type Fixture } from '../../test/fixture';
import { createAccount, TEST_PASSWORD } from '../../test/harness';

const CLERKS = ['one@test.local', 'two@test.local'];
const ATTEMPTS = 48;

let dir: string;
let db: Database;
let fx: Fixture;
let app: Awaited<ReturnType<typeof buildApp>>;
let baseUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fees-refunds-http-'));
  db = await openTestDatabase({ path: join(dir, 'fees.sqlite') });
  fx = await buildFixture(db);
  for (const email of CLERKS) await createAccount(db, { email, role: 'accountant', departmentId: 100 });
  app = await buildApp({
    deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false },
    webRoot: join(dir, 'no-web'),
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

async function post(path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${baseUrl}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    cookie: response.headers.get('set-cookie'),
    body: (await response.json()) as { result?: { data: { number: number } } },
  };
}

describe('refunds.create over HTTP', () => {
  it(`${ATTEMPTS} refunds at once by two clerks: exactly what the advance holds is paid out, numbered without gaps`, async () => {
    const cookies: string[] = [];
    for (const email of CLERKS) {
      const login = await post('auth.departmentLogin', { email, password: TEST_PASSWORD, depId: 100 });
      expect(login.status).toBe(200);
      cookies.push(login.cookie!.split(';')[0]!);
    }
    // An advance of 3,000.00 paid in cash: 30 refunds of 100.00 fit in it.
    const advance = await post(
      'receipts.create',
      {
        depId: 100,
        studentId: fx.ug.studentId,
        date: '2025-09-01',
        items: [{ feeHeadId: await findAdvanceHeadId(db), amount: '3000' }],
        paymentMode: 'cash',
        total: '3000',
        tax: '0',
        net: '3000',
        confirm: true,
      },
      cookies[0],
    );
    expect(advance.status).toBe(200);

    const refund = {
      depId: 100,
      studentId: fx.ug.studentId,
      date: '2025-09-02',
      amount: '100',
      paymentMode: 'cash',
      reason: 'Paid twice',
      confirm: true,
    };
    const responses = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) => post('refunds.create', refund, cookies[i % 2])),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(30);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(ATTEMPTS - 30);
    const numbers = responses
      .flatMap((r) => (r.status === 200 ? [r.body.result!.data.number] : []))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    const stored = await row<{ n: number; paid: number; last: number }>(
      db,
      sql`
      SELECT COUNT(*) AS n, SUM(amount_paise) AS paid, (SELECT last_number FROM refund_number_sequence) AS last FROM refunds WHERE status = 'live'`,
    );
    expect(stored).toEqual({ n: 30, paid: 3_000_00, last: 30 });
    const audited = (await row<{ n: number }>(
      db,
      sql`SELECT COUNT(*) AS n FROM audit_log WHERE entity = 'refund' AND action = 'create'`,
    ))!;
    expect(audited.n).toBe(30);
  });
});
