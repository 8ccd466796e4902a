/**
 * Backups of a server on PostgreSQL, over real HTTP: Admin › Backup Database's download is pg_dump's
 * custom format, a consistent snapshot even while receipts are written, and pg_restore loads it into an
 * empty database with every table's rows; the REST path gives the plain SQL form; without pg_dump on
 * PATH both answer 503 saying what to install, and the screen's query says so before anyone clicks.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closePostgres, type Database, openPostgres, poolOf } from '@fees/db';
import { createTestPostgres, type TestPostgres } from '@fees/db/testing/postgres';
import { paiseToRupeesText } from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { SESSION_COOKIE, startSession } from '../auth/sessions';
import { today } from '../config';
import { createContextInner } from '../context';
import { createCaller } from '../routers/_app';
import { buildFixture, type Fixture } from '../test/fixture';
import { createAccount } from '../test/harness';

let postgres: TestPostgres;
/** The empty databases the dumps were restored into, beside the app's database in its cluster. */
const restores: string[] = [];
let db: Database;
let fx: Fixture;
let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;
let adminCookie: string;
let clerk: ReturnType<typeof createCaller>;
const dir = mkdtempSync(join(tmpdir(), 'fees-pg-backup-'));

beforeAll(async () => {
  postgres = await createTestPostgres();
  db = await openPostgres(postgres.url, { max: 4 });
  fx = await buildFixture(db);
  const admin = await createAccount(db, { email: 'admin@test.local', role: 'admin', departmentId: null });
  const staff = await createAccount(db, { email: 'ug@test.local', role: 'accountant', departmentId: 100 });
  adminCookie = `${SESSION_COOKIE}=${await startSession(db, admin.userId, null)}`;
  clerk = createCaller(createContextInner({ db, session: staff }));
  app = await buildApp({
    deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false },
    webRoot: '/nonexistent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  for (const name of restores) await poolOf(db)!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (db) await closePostgres(db);
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${base}${path}`, { headers: { cookie: adminCookie } });

function receipt(i: number) {
  const amount = paiseToRupeesText(100_00 + i);
  return {
    depId: 100,
    studentId: fx.ug.studentId,
    date: '2025-09-01',
    items: [{ feeHeadId: fx.heads.exam, particulars: `Exam fee part ${i}`, amount }],
    paymentMode: 'cash' as const,
    paymentReference: null,
    total: amount,
    tax: '0.00',
    net: amount,
    confirm: true,
    allowOverpayment: true,
  };
}

/** Every table's row count (all schemas of ours: public and drizzle's migrations table). */
async function counts(url: string): Promise<Record<string, number>> {
  const database = await openPostgres(url, { prepare: false, max: 1 });
  const client = poolOf(database)!;
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
       WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const result: Record<string, number> = {};
    for (const { name } of tables) result[name] = (await client.query(`SELECT count(*) AS n FROM ${name}`)).rows[0].n;
    return result;
  } finally {
    await closePostgres(database);
  }
}

/** Downloads GET /api/backup and loads it with pg_restore into a new empty database; returns that database's URL. */
async function downloadAndRestore(): Promise<{ url: string; response: Response }> {
  const response = await get('/api/backup');
  expect(
    response.status,
    await response
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(200);
  const file = join(dir, `restore-${restores.length}.dump`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  const name = `${new URL(postgres.url).pathname.slice(1)}_restore_${restores.length}`;
  await poolOf(db)!.query(`CREATE DATABASE ${name}`);
  restores.push(name);
  const target = new URL(postgres.url);
  target.pathname = `/${name}`;
  const restored = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target}`, file], {
    encoding: 'utf8',
  });
  expect(restored.stderr).toBe('');
  expect(restored.status).toBe(0);
  return { url: target.toString(), response };
}

describe('backups on PostgreSQL', () => {
  it('downloads backup_{today}.dump in pg_dump custom format; pg_restore into an empty database gives every table back', async () => {
    const before = await counts(postgres.url);
    const { url, response } = await downloadAndRestore();
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="backup_${today()}.dump"`);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    const restored = await counts(url);
    expect(restored['public.receipts']).toBeGreaterThan(0);
    expect(restored['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
    expect(restored).toEqual(before);
    const audit = await poolOf(db)!.query(`SELECT user_email, after FROM audit_log WHERE action = 'backup'`);
    expect(audit.rows).toEqual([
      { user_email: 'admin@test.local', after: expect.stringContaining(`backup_${today()}.dump`) },
    ]);
  }, 60_000);

  it('takes a consistent snapshot while receipts are being written: numbers, counter and totals agree in the restored database', async () => {
    const writing = Promise.all(Array.from({ length: 30 }, (_, i) => clerk.receipts.create(receipt(i))));
    const { url } = await downloadAndRestore();
    await writing;
    const restored = await openPostgres(url, { prepare: false, max: 1 });
    try {
      const { rows } = await poolOf(restored)!.query(
        `SELECT (SELECT last_number FROM receipt_number_sequence)AS counter, max(number)AS last, count(*)AS n,
           min(number)AS first, (SELECT sum(amount_paise) FROM receipt_lines WHERE student_id = $1)AS lines,
           (SELECT sum(paid_paise) FROM student_money WHERE student_id = $1)AS paid
         FROM receipts`,
        [fx.ug.studentId],
      );
      const r = rows[0];
      expect(r.last).toBe(r.counter);
      expect(r.n).toBe(r.last - r.first + 1);
      expect(r.paid).toBe(r.lines);
    } finally {
      await closePostgres(restored);
    }
  }, 60_000);

  it('gives the plain SQL form on the REST path', async () => {
    const response = await get(`/rest/search/backup/?bFile=backup_${today()}.sql`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="backup_${today()}.sql"`);
    const text = await response.text();
    expect(text).toContain('-- PostgreSQL database dump');
    expect(text).toMatch(/^COPY public\.receipts \(/m);
  }, 60_000);

  it('without pg_dump on PATH, says what to install (503) on the download, the REST path and the screen', async () => {
    const path = process.env.PATH;
    process.env.PATH = join(dir, 'no-programs-here');
    try {
      const download = await get('/api/backup');
      expect(download.status).toBe(503);
      const { message } = (await download.json()) as { message: string };
      expect(message).toMatch(
        /^Backups need pg_dump, which was not found on this server's PATH: install PostgreSQL \d+'s client programs/,
      );
      const rest = await get(`/rest/search/backup/?bFile=backup_${today()}.sql`);
      expect(rest.status).toBe(503);
      expect(await rest.json()).toMatchObject({ message });
      const screen = await get('/trpc/admin.backups.list');
      expect(screen.status).toBe(200);
      expect(((await screen.json()) as { result: { data: unknown } }).result.data).toMatchObject({
        download: { engine: 'postgres', fileName: `backup_${today()}.dump`, problem: message },
      });
    } finally {
      process.env.PATH = path;
    }
  }, 60_000);
});
