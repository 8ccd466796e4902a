/**
 * 64 receipts created at once over real HTTP against a running server: numbers stay unique,
 * consecutive and gap-free, and every receipt's lines add up to its stored total. Races on one
 * student and one receipt keep the money rules: two clerks paying the same full balance at once get
 * one receipt and a 409 for every other attempt; an edit racing a void of the same receipt ends with one of them and a 409.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, receiptTotalsDrift, row, rows } from '@fees/db';
import { paiseToRupeesText } from '@fees/validation';
import { lineTaxPaise } from '@fees/money';
import { closeTestDatabase, openTestDatabase } from '@fees/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LoginLimiter } from '../../auth/login-limiter';
import { buildFixture, type Fixture } from '../../test/fixture';
import { taxEveryHead, taxOfLines } from '../../test/gst';
import { createAccount, TEST_PASSWORD } from '../../test/harness';

const CONCURRENCY = 64;
const RATE_BP = 1800;
const PG_CLERKS = ['pg-one@test.local', 'pg-two@test.local'];

let dir: string;
let db: Database;
let fx: Fixture;
let app: Awaited<ReturnType<typeof buildApp>>;
let baseUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fees-receipts-http-'));
  db = await openTestDatabase({ path: join(dir, 'fees.sqlite') });
  fx = await buildFixture(db);
  await taxEveryHead(db, RATE_BP);
  await createAccount(db, { email: 'counter@test.local', role: 'accountant', departmentId: 100 });
  for (const email of PG_CLERKS) await createAccount(db, { email, role: 'accountant', departmentId: 101 });
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
    body: (await response.json()) as { result?: { data: unknown }; error?: unknown },
  };
}

describe('receipts.create over HTTP', () => {
  it(`${CONCURRENCY} concurrent creations get distinct consecutive numbers and consistent totals`, async () => {
    const login = await post('auth.departmentLogin', {
      email: 'counter@test.local',
      password: TEST_PASSWORD,
      depId: 100,
    });
    expect(login.status).toBe(200);
    const cookie = login.cookie!.split(';')[0]!;

    const inputs = Array.from({ length: CONCURRENCY }, (_, i) => {
      const lines = [
        { feeHeadId: fx.heads.tuition, particulars: `Instalment ${i}`, amount: 1_000_00 + i * 37 },
        ...(i % 3 === 0 ? [{ feeHeadId: fx.heads.exam, particulars: '', amount: 99_99 + i }] : []),
      ];
      const total = lines.reduce((s, l) => s + l.amount, 0);
      const tax = taxOfLines(
        lines.map((l) => l.amount),
        RATE_BP,
      );
      return {
        depId: 100,
        studentId: fx.ug.studentId,
        date: '2025-09-01',
        items: lines.map((l) => ({ ...l, amount: paiseToRupeesText(l.amount) })),
        paymentMode: i % 2 ? 'upi' : 'cash',
        paymentReference: i % 2 ? `UPI-${i}` : null,
        total: paiseToRupeesText(total),
        tax: paiseToRupeesText(tax),
        net: paiseToRupeesText(total + tax),
        confirm: true,
        allowOverpayment: true,
      };
    });

    const responses = await Promise.all(inputs.map((input) => post('receipts.create', input, cookie)));
    expect(responses.map((r) => r.status)).toEqual(Array(CONCURRENCY).fill(200));
    const created = responses.map(
      (r) => r.body.result!.data as { number: number; totalPaise: number; netPaise: number },
    );
    const numbers = created.map((c) => c.number).sort((a, b) => a - b);
    const first = fx.ug.receiptNumber + 1;
    expect(numbers).toEqual(Array.from({ length: CONCURRENCY }, (_, i) => first + i));

    const stored = (await row<{ receipts: number; totals: number; nets: number; lines: number; taxes: number }>(
      db,
      sql`
      SELECT COUNT(*) AS receipts, SUM(total_paise) AS totals, SUM(net_paise) AS nets, SUM(tax_paise) AS taxes,
             (SELECT SUM(rl.amount_paise) FROM receipt_lines rl JOIN receipts r2 ON r2.id = rl.receipt_id WHERE r2.number >= ${first}) AS lines
      FROM receipts WHERE number >= ${first}`,
    ))!;
    expect(stored.receipts).toBe(CONCURRENCY);
    expect(stored.lines).toBe(stored.totals);
    expect(stored.nets).toBe(stored.totals + stored.taxes);
    expect(stored.totals).toBe(created.reduce((s, c) => s + c.totalPaise, 0));
    const mismatched = await rows(
      db,
      sql`
      SELECT r.number FROM receipts r JOIN receipt_lines rl ON rl.receipt_id = r.id
      GROUP BY r.id HAVING SUM(rl.amount_paise) <> r.total_paise`,
    );
    expect(mismatched).toEqual([]);
    expect((await row<{ n: number }>(db, sql`SELECT last_number AS n FROM receipt_number_sequence`))!.n).toBe(
      first + CONCURRENCY - 1,
    );
  });

  it('answers 401 without a session and writes nothing', async () => {
    const before = (await row<{ n: number }>(db, sql`SELECT COUNT(*) AS n FROM receipts`))!.n;
    const response = await post('receipts.create', { depId: 100 });
    expect(response.status).toBe(401);
    expect((await row<{ n: number }>(db, sql`SELECT COUNT(*) AS n FROM receipts`))!.n).toBe(before);
  });
});

async function signIn(email: string, depId: number): Promise<string> {
  const login = await post('auth.departmentLogin', { email, password: TEST_PASSWORD, depId });
  expect(login.status).toBe(200);
  return login.cookie!.split(';')[0]!;
}

describe('races on one student and one receipt', () => {
  it('two clerks paying the same full balance at once: one receipt, 409 for every other attempt, the balance paid once', async () => {
    const cookies = await Promise.all(PG_CLERKS.map((email) => signIn(email, 101)));
    // The PG student's Tuition Fee of 30,000.00, nothing paid yet.
    const balance = 30_000_00;
    const tax = lineTaxPaise(balance, RATE_BP);
    const input = {
      depId: 101,
      studentId: fx.pg.studentId,
      date: '2025-09-01',
      items: [{ feeHeadId: fx.heads.tuition, particulars: 'Full fee', amount: paiseToRupeesText(balance) }],
      paymentMode: 'cash',
      paymentReference: null,
      total: paiseToRupeesText(balance),
      tax: paiseToRupeesText(tax),
      net: paiseToRupeesText(balance + tax),
      confirm: true,
    };
    // Each clerk sends it four times (double clicks), all at once.
    const answers = await Promise.all(
      [...cookies, ...cookies, ...cookies, ...cookies].map((cookie) => post('receipts.create', input, cookie)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const refused = answers.find((a) => a.status === 409)!.body.error as { message: string };
    expect(refused.message).toBe(
      `Tuition Fee: ${paiseToRupeesText(balance)} is more than the balance of ${paiseToRupeesText(0)}. Confirm the overpayment to save it.`,
    );
    expect(
      await rows(
        db,
        sql`SELECT total_paise AS total FROM receipts WHERE student_id = ${fx.pg.studentId} AND status = 'live'`,
      ),
    ).toEqual([{ total: balance }]);
    expect(await receiptTotalsDrift(db)).toEqual([]);
  });

  it('an edit racing a void of the same receipt from one loaded version: one of them, a 409 for the other, totals consistent', async () => {
    const cookie = await signIn('counter@test.local', 100);
    const number = fx.ug.receiptNumber;
    const edit = {
      depId: 100,
      number,
      studentId: fx.ug.studentId,
      date: '2025-07-01',
      items: [{ feeHeadId: fx.heads.tuition, particulars: 'First instalment', amount: '9000' }],
      paymentMode: 'cash',
      total: '9000',
      tax: '0',
      net: '9000',
      confirm: true,
      version: 1,
    };
    const [edited, voided] = await Promise.all([
      post('receipts.update', edit, cookie),
      post('receipts.void', { number, reason: 'Wrong entry', version: 1 }, cookie),
    ]);
    expect([edited.status, voided.status].sort()).toEqual([200, 409]);
    const stored = await row(
      db,
      sql`SELECT status, total_paise AS total, version FROM receipts WHERE number = ${number}`,
    );
    expect(stored).toEqual(
      voided.status === 200
        ? { status: 'voided', total: 10_000_00, version: 2 }
        : { status: 'live', total: 9_000_00, version: 2 },
    );
    expect(await receiptTotalsDrift(db)).toEqual([]);
  });
});
