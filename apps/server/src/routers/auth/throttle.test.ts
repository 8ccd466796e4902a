import { signInLimits } from '@fees/db';
import { openTestDatabase } from '@fees/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../auth/login-limiter';
import { startServer, type ServerProcess } from '../../test/server-process';

const ADMIN = { email: 'admin@throttle.test', password: 'right-pass1' };

describe('sign-in bursts against the real server process', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BACKUP_SCHEDULE: 'off',
      LOG_LEVEL: 'warn',
    });
  }, 120_000);
  afterAll(() => server.stop());

  const login = (body: unknown) =>
    fetch(`${server.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('judges at most 8 of 30 wrong passwords sent at the same moment; the others are refused unjudged', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login({ email: ADMIN.email, password: 'wrong-pass' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(22);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Array<{ error: { message: string } }>;
    expect(bodies.filter((b) => b.error.message === 'Incorrect email or password')).toHaveLength(8);
    // Locked for this address, even with the right password.
    expect((await login(ADMIN)).status).toBe(429);
  });

  it('refuses a batch of 20 sign-ins with 400 and a message, and judges none of a batch of 10', async () => {
    const paths = (n: number) => Array.from({ length: n }, () => 'auth.departmentLogin').join(',');
    const inputs = (n: number) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [
          String(i),
          { email: 'staff@throttle.test', password: 'guess', depId: 100 },
        ]),
      );
    const twenty = await fetch(`${server.url}/trpc/${paths(20)}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(inputs(20)),
    });
    expect(twenty.status).toBe(400);
    expect(JSON.stringify(await twenty.json())).toContain('Batch call exceeds maximum size');

    const ten = await fetch(`${server.url}/trpc/${paths(10)}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(inputs(10)),
    });
    expect(ten.status).toBe(400);
    const answers = (await ten.json()) as Array<{ error: { message: string; data: { httpStatus: number } } }>;
    expect(answers).toHaveLength(10);
    for (const answer of answers) {
      expect(answer.error.message).toBe('A sign-in cannot be sent in a batch with other calls');
      expect(answer.error.data.httpStatus).toBe(400);
    }
  });
});

describe('the limiter', () => {
  const attempt = { account: 'a@x.in', address: '10.0.0.1' };

  it('locks the account and address pair, not the account: the same account from another address is judged', async () => {
    const db = await openTestDatabase();
    const limiter = new LoginLimiter({ lockAfter: 3, slowAfter: 100 });
    for (let i = 0; i < 3; i++) expect(await limiter.reserve(db, attempt)).toEqual({ delayMs: 0 });
    expect(await limiter.reserve(db, attempt)).toEqual({ lockedMinutes: 15 });
    expect(await limiter.reserve(db, { ...attempt, address: '10.0.0.2' })).toEqual({ delayMs: 0 });
  });

  it('slows the account down wherever the guesses come from', async () => {
    const db = await openTestDatabase();
    const limiter = new LoginLimiter({ slowAfter: 2, delayStepMs: 100, maxDelayMs: 250, lockAfter: 100 });
    const delays = [];
    for (const n of ['1', '2', '3', '4', '5'])
      delays.push(await limiter.reserve(db, { ...attempt, address: `10.0.0.${n}` }));
    expect(delays).toEqual([{ delayMs: 0 }, { delayMs: 0 }, { delayMs: 100 }, { delayMs: 200 }, { delayMs: 250 }]);
  });

  it('keeps a ceiling per address for every account with failures of its own; one without any is judged once', async () => {
    const db = await openTestDatabase();
    const limiter = new LoginLimiter({ addressLockAfter: 2 });
    await limiter.reserve(db, { ...attempt, account: 'one@x.in' });
    await limiter.reserve(db, { ...attempt, account: 'two@x.in' });
    expect(await limiter.reserve(db, { ...attempt, account: 'one@x.in' })).toHaveProperty('lockedMinutes');
    expect(await limiter.reserve(db, { ...attempt, account: 'three@x.in' })).toEqual({ delayMs: 0 });
    expect(await limiter.reserve(db, { ...attempt, account: 'three@x.in' })).toHaveProperty('lockedMinutes');
  });

  it('a right password clears the pair and the account, and gives the address its attempt back', async () => {
    const db = await openTestDatabase();
    const limiter = new LoginLimiter();
    await limiter.reserve(db, attempt);
    await limiter.reserve(db, attempt);
    await limiter.succeeded(db, attempt);
    const rows = await db.select().from(signInLimits);
    expect(rows.map((r) => [r.key, r.count])).toEqual([[`address:${attempt.address}`, 1]]);
  });

  it('deletes the rows whose window has ended on each sweep, whether or not their key comes back', async () => {
    const db = await openTestDatabase();
    let now = 1_000_000;
    const limiter = new LoginLimiter({ windowMs: 60_000 }, () => now);
    for (let i = 0; i < 50; i++) await limiter.reserve(db, { account: `user${i}@x.in`, address: `10.0.1.${i}` });
    expect(await db.select().from(signInLimits)).toHaveLength(150);
    now += 30_000;
    await limiter.reserve(db, attempt);
    expect(await limiter.sweep(db)).toBe(0);
    now += 30_000;
    expect(await limiter.sweep(db)).toBe(150);
    expect(await db.select().from(signInLimits)).toHaveLength(3);
  });
});
