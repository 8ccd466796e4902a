/**
 * Two app servers started as real processes on one PostgreSQL database (as behind a load balancer):
 * receipts created at once through both get distinct gapless numbers and exact totals (the receipts,
 * their lines, the counter and the running totals), a session made on one works on the other and a
 * sign-out on one ends it on both, failed sign-ins on one lock the account on the other, and a
 * settings change on one is what the other uses next.
 */
import { closePostgres, type Database, openPostgres, poolOf } from '@fees/db';
import { createTestPostgres, type TestPostgres } from '@fees/db/testing/postgres';
import { paiseToRupeesText } from '@fees/validation';
import { lineTaxPaise } from '@fees/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, FIXTURE_AMOUNTS, type Fixture } from './test/fixture';
import { createAccount, TEST_PASSWORD } from './test/harness';
import { type ServerProcess, startServer } from './test/server-process';

const RECEIPTS = 80;

let postgres: TestPostgres;
let db: Database;
let fx: Fixture;
let servers: ServerProcess[] = [];

async function post(server: ServerProcess, path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${server.url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    cookie: response.headers.get('set-cookie')?.split(';')[0],
    body: (await response.json()) as { result?: { data: unknown }; error?: { message: string } },
  };
}

async function query(server: ServerProcess, path: string, cookie: string | undefined) {
  const response = await fetch(`${server.url}/trpc/${path}`, { headers: cookie ? { cookie } : {} });
  return {
    status: response.status,
    body: (await response.json()) as { result?: { data: unknown }; error?: { message: string } },
  };
}

function receiptInput(i: number, rateBasisPoints: number) {
  const amount = 1_000_00 + i * 37;
  const tax = lineTaxPaise(amount, rateBasisPoints);
  return {
    depId: 100,
    studentId: fx.ug.studentId,
    date: '2025-09-01',
    items: [{ feeHeadId: fx.heads.tuition, particulars: `Instalment ${i}`, amount: paiseToRupeesText(amount) }],
    paymentMode: 'cash',
    paymentReference: null,
    total: paiseToRupeesText(amount),
    tax: paiseToRupeesText(tax),
    net: paiseToRupeesText(amount + tax),
    confirm: true,
    allowOverpayment: true,
  };
}

beforeAll(async () => {
  postgres = await createTestPostgres();
  db = await openPostgres(postgres.url, { max: 2 });
  fx = await buildFixture(db);
  await createAccount(db, { email: 'counter@test.local', role: 'accountant', departmentId: 100 });
  await createAccount(db, { email: 'chief@test.local', role: 'admin', departmentId: null });
  servers = await Promise.all([
    startServer({ DATABASE_URL: postgres.url }),
    startServer({ DATABASE_URL: postgres.url }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (db) await closePostgres(db);
  await postgres?.stop();
});

describe('two app servers on one PostgreSQL database', () => {
  it(`share sessions, and ${RECEIPTS} receipts created at once through both get gapless numbers and exact totals`, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const login = await post(a, 'auth.departmentLogin', {
      email: 'counter@test.local',
      password: TEST_PASSWORD,
      depId: 100,
    });
    expect(login.status).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: RECEIPTS }, (_, i) =>
        post(i % 2 ? b : a, 'receipts.create', receiptInput(i, 0), login.cookie),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(RECEIPTS).fill(200));
    const numbers = responses.map((r) => (r.body.result!.data as { number: number }).number).sort((x, y) => x - y);
    const first = fx.ug.receiptNumber + 1;
    expect(numbers).toEqual(Array.from({ length: RECEIPTS }, (_, i) => first + i));
    const pool = poolOf(db)!;
    const stored = (
      await pool.query(
        `SELECT count(*) AS n, sum(total_paise) AS total, (SELECT sum(amount_paise) FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id
           WHERE r.number >= $1) AS lines FROM receipts WHERE number >= $1`,
        [first],
      )
    ).rows[0];
    const expected = Array.from({ length: RECEIPTS }, (_, i) => 1_000_00 + i * 37).reduce((s, x) => s + x, 0);
    expect(stored).toEqual({ n: RECEIPTS, total: expected, lines: expected });
    expect((await pool.query('SELECT last_number FROM receipt_number_sequence')).rows[0].last_number).toBe(
      first + RECEIPTS - 1,
    );
    // The running totals the triggers keep in each receipt's transaction add up too.
    const totals = (
      await pool.query(
        `SELECT (SELECT paid_paise FROM student_money WHERE student_id = $1) AS paid, receipt_count AS count, net_paise AS net
         FROM daily_mode_collections WHERE department_id = 100 AND date = '2025-09-01' AND payment_mode = 'cash'`,
        [fx.ug.studentId],
      )
    ).rows;
    expect(totals).toEqual([{ paid: FIXTURE_AMOUNTS.paidTuition + expected, count: RECEIPTS, net: expected }]);
  }, 120_000);

  it('a session made on either server works on the other, and signing out on one ends it on both', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const login = await post(b, 'auth.departmentLogin', {
      email: 'counter@test.local',
      password: TEST_PASSWORD,
      depId: 100,
    });
    expect(login.status).toBe(200);
    const me = await query(a, 'auth.me', login.cookie);
    expect(me.status).toBe(200);
    expect(me.body.result!.data).toMatchObject({ email: 'counter@test.local', departmentId: 100 });
    expect((await post(a, 'auth.logout', undefined, login.cookie)).status).toBe(200);
    expect((await query(b, 'auth.me', login.cookie)).status).toBe(401);
    expect((await query(a, 'auth.me', login.cookie)).status).toBe(401);
  }, 60_000);

  it('a settings change made through one server is used by the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const admin = await post(a, 'auth.login', { email: 'chief@test.local', password: TEST_PASSWORD });
    expect(admin.status).toBe(200);
    expect((await post(a, 'admin.settings.update', { gstRate: '18' }, admin.cookie)).status).toBe(200);
    // Marked taxable without a rate, the head takes the default rate just saved through the other server.
    const gst = { treatment: 'taxable', code: '999293' };
    const taxed = await post(a, 'fees.heads.rename', { id: fx.heads.tuition, name: 'Tuition Fee', gst }, admin.cookie);
    expect(taxed.status).toBe(200);
    const clerk = await post(b, 'auth.departmentLogin', {
      email: 'counter@test.local',
      password: TEST_PASSWORD,
      depId: 100,
    });
    const created = await post(b, 'receipts.create', receiptInput(1000, 1800), clerk.cookie);
    expect(created.status).toBe(200);
    expect(created.body.result!.data).toMatchObject({ taxRateBasisPoints: 1800, totalPaise: 1_000_00 + 1000 * 37 });
  }, 60_000);

  it('failed sign-ins through one server lock the account on the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    for (let i = 0; i < 8; i++) {
      const failed = await post(a, 'auth.departmentLogin', {
        email: 'counter@test.local',
        password: 'wrong-one',
        depId: 100,
      });
      expect(failed.status).toBe(401);
    }
    const refused = await post(b, 'auth.departmentLogin', {
      email: 'counter@test.local',
      password: TEST_PASSWORD,
      depId: 100,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error!.message).toMatch(/^Too many failed sign-ins/);
  }, 120_000);
});
