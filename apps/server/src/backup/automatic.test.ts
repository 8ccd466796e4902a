/**
 * Automatic backups on real files: a fast schedule writes checked backups, retention removes the
 * right files only once a newer good one exists, a copy to a folder that cannot take it is reported
 * (and shown on the admin dashboard), a database with pending migrations is backed up before they
 * run, and /readyz waits for the first backup check.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, sqliteDatabase, openDatabase } from '@fees/db';
import Sqlite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { createContextInner } from '../context';
import { createCaller } from '../routers/_app';
import { buildFixture } from '../test/fixture';
import { createAccount } from '../test/harness';
import { type BackupRecord, type BackupSettings, Backups, prepareWithBackup } from './automatic';
import { backupsToRemove, DEFAULT_KEEP, parseKeep } from './retention';
import { onPostgres, sqliteMigrationsBefore } from '@fees/db/testing';

const quiet = { info: () => {}, error: () => {} };

let dir: string;
let db: Database;
const open: Backups[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fees-auto-backup-'));
  db = openDatabase(join(dir, 'fees.sqlite'));
  await buildFixture(db);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.stop()));
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

function backupsFor(database: Database, settings: Partial<BackupSettings> = {}): Backups {
  const backups = new Backups(database, {
    dir: join(dir, 'backups'),
    // Once a year: never during a test unless a test sets its own.
    schedule: '0 0 2 1 1 *',
    keep: DEFAULT_KEEP,
    copyTo: null,
    prefix: 'fees',
    ...settings,
  });
  open.push(backups);
  return backups;
}

const filesIn = (folder: string) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.sqlite'))
        .sort()
    : [];

/** A good backup as if taken on that day: a real checked file and its record. */
function placeBackup(folder: string, takenAt: string, good = true): string {
  const file = `fees_${takenAt.slice(0, 10)}_00-00-00.sqlite`;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, file), good ? readFileSync(join(dir, 'fees.sqlite')) : 'not a database');
  const record: BackupRecord = {
    file,
    takenAt,
    reason: 'schedule',
    bytes: 1,
    ms: 1,
    check: { ok: good, problem: good ? null : 'file is not a database', counts: {} },
    copy: null,
  };
  writeFileSync(join(folder, `${file}.json`), JSON.stringify(record));
  return file;
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Automatic backups copy the SQLite file; on PostgreSQL backups are pg_dump's and its own archiving.
describe.skipIf(onPostgres)('retention', () => {
  const day = (n: number) => new Date(2026, 10, 30 - n, 2, 0, 0).toISOString();

  it('keeps the newest good backup of each of the last days, weeks and months', () => {
    const backups = Array.from({ length: 400 }, (_, n) => ({ file: `f${n}`, takenAt: day(n), good: true }));
    const removed = new Set(backupsToRemove(backups, { daily: 14, weekly: 8, monthly: 12 }));
    const kept = backups.filter((b) => !removed.has(b.file)).map((b) => b.takenAt.slice(0, 10));
    // 14 days, then Sundays (the newest of each week) back to 8 weeks, then month ends back to 12 months.
    expect(kept.length).toBeGreaterThanOrEqual(14 + 8 - 2);
    expect(kept.length).toBeLessThanOrEqual(14 + 8 + 12);
    expect(kept.slice(0, 14)).toEqual(backups.slice(0, 14).map((b) => b.takenAt.slice(0, 10)));
    expect(kept.at(-1)! > day(366)).toBe(true);
  });

  it('removes nothing while there is no good backup, and never a file newer than the last good one', () => {
    const failed = [
      { file: 'a', takenAt: day(3), good: false },
      { file: 'b', takenAt: day(2), good: false },
    ];
    expect(backupsToRemove(failed, { daily: 1, weekly: 0, monthly: 0 })).toEqual([]);
    const mixed = [...failed, { file: 'c', takenAt: day(1), good: true }, { file: 'd', takenAt: day(0), good: false }];
    expect(backupsToRemove(mixed, { daily: 1, weekly: 0, monthly: 0 }).sort()).toEqual(['a', 'b']);
  });

  it('reads BACKUP_KEEP', () => {
    expect(parseKeep(undefined)).toEqual({ daily: 14, weekly: 8, monthly: 12 });
    expect(parseKeep('7d, 4w')).toEqual({ daily: 7, weekly: 4, monthly: 12 });
    expect(() => parseKeep('14 days')).toThrow(/BACKUP_KEEP must look like 14d,8w,12m/);
  });
});

describe.skipIf(onPostgres)('automatic backups', () => {
  it('on a fast schedule: checked files with row counts, old ones removed once newer good ones exist', async () => {
    const folder = join(dir, 'backups');
    const old = placeBackup(folder, new Date(Date.now() - 40 * 86_400_000).toISOString());
    const yesterday = placeBackup(folder, new Date(Date.now() - 86_400_000).toISOString());
    const backups = backupsFor(db, { schedule: '* * * * * *', keep: { daily: 2, weekly: 0, monthly: 0 } });
    await backups.start(quiet);
    expect(backups.ready).toBe(true);
    // The start backup was not needed (yesterday's is less than a day old); the schedule takes them.
    const taken = () =>
      db.$client.prepare(`select count(*) from audit_log where action = 'backup'`).pluck().get() as number;
    await until(() => taken() >= 3);
    await backups.stop();
    const records = await backups.records();
    const today = records.filter((r) => r.file !== yesterday);
    expect(today).toHaveLength(1);
    for (const record of today) {
      expect(record).toMatchObject({ reason: 'schedule', check: { ok: true, problem: null } });
      expect(record.check.counts).toMatchObject({ students: 2, departments: 6 });
      const copy = new Sqlite(join(folder, record.file), { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      copy.close();
    }
    // Two days kept: today's newest and yesterday's; the 40-day-old one is gone.
    expect(filesIn(folder)).toEqual([yesterday, today[0]!.file].sort());
    expect(old).not.toBe(yesterday);
  });

  it('removes nothing when the new backup fails its check', async () => {
    const folder = join(dir, 'backups');
    const old = placeBackup(folder, new Date(Date.now() - 40 * 86_400_000).toISOString());
    // A database without the app's tables: the snapshot works, its check does not.
    const foreign = new Sqlite(join(dir, 'other.sqlite'));
    foreign.exec('create table notes (id integer primary key)');
    foreign.exec(
      'create table audit_log (id integer primary key, at text, user_id, user_email, ip, action, entity, entity_id, before, after, department_id, admission_no)',
    );
    foreign.exec('create table students (id integer primary key, department_id, admission_no)');
    const backups = backupsFor(sqliteDatabase(foreign), { keep: { daily: 1, weekly: 0, monthly: 0 } });
    const record = await backups.run('schedule');
    foreign.close();
    expect(record.check).toMatchObject({
      ok: false,
      problem: 'missing tables: departments, users, receipts, receipt_lines',
    });
    expect(filesIn(folder)).toEqual([old, record.file].sort());
    expect(await backups.warnings()).toContain(
      `The last backup (${record.file}) failed its check: ${record.check.problem}`,
    );
  });

  it('takes a backup at start when the last good one is older than a day, and /readyz waits for it', async () => {
    placeBackup(join(dir, 'backups'), new Date(Date.now() - 2 * 86_400_000).toISOString());
    const backups = backupsFor(db);
    const app = await buildApp({
      deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false, backups },
      webRoot: '/nonexistent',
    });
    try {
      expect((await app.inject('/readyz')).statusCode).toBe(503);
      const health = await app.inject('/healthz');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ ok: true });
      await backups.start(quiet);
      expect((await app.inject('/readyz')).json()).toMatchObject({ ready: true });
      const records = await backups.records();
      expect(records[0]).toMatchObject({ reason: 'start', check: { ok: true } });
      // BACKUP_SCHEDULE=off: no backup at start either.
      const off = backupsFor(db, { schedule: null, dir: join(dir, 'off') });
      await off.start(quiet);
      expect(off.ready).toBe(true);
      expect(await off.list()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('copies each good backup; a copy that fails is recorded, logged and shown on the admin dashboard', async () => {
    const second = join(dir, 'second-disk');
    mkdirSync(second);
    const good = await backupsFor(db, { copyTo: second }).run('schedule');
    expect(good.copy).toEqual({ ok: true, to: second });
    expect(readdirSync(second).sort()).toEqual([good.file, `${good.file}.json`]);

    const unmounted = join(dir, 'not-mounted');
    const errors: object[] = [];
    const backups = backupsFor(db, { copyTo: unmounted });
    await backups.start(
      { info: () => {}, error: (obj) => void errors.push(obj) },
      new Date(Date.now() + 2 * 86_400_000),
    );
    const failed = (await backups.records())[0]!;
    expect(failed.check.ok).toBe(true);
    expect(failed.copy).toMatchObject({ ok: false, to: unmounted, error: expect.stringContaining('ENOENT') });
    expect(existsSync(unmounted)).toBe(false);
    expect(errors).toContainEqual(expect.objectContaining({ file: failed.file, to: unmounted }));

    const admin = await createAccount(db, { email: 'admin@test.local', role: 'admin', departmentId: null });
    const caller = createCaller(createContextInner({ db, session: admin, backups }));
    const dashboard = await caller.admin.dashboard();
    expect(dashboard.backupWarnings).toEqual([
      expect.stringMatching(new RegExp(`^The copy of ${failed.file} to .*not-mounted failed: ENOENT`)),
    ]);
    const list = await caller.admin.backups.list();
    expect(list.files[0]).toMatchObject({ file: failed.file, good: true, copy: { ok: false } });
  });

  it('serves a listed backup file to admins only, and nothing outside the folder', async () => {
    const backups = backupsFor(db);
    const record = await backups.run('schedule');
    const app = await buildApp({
      deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false, backups },
      webRoot: '/nonexistent',
    });
    const login = async (email: string, role: 'admin' | 'accountant', departmentId: number | null) => {
      await createAccount(db, { email, role, departmentId });
      const response = await app.inject({
        method: 'POST',
        url: role === 'admin' ? '/trpc/auth.login' : '/trpc/auth.departmentLogin',
        payload: { email, password: 'secret123', ...(departmentId ? { depId: departmentId } : {}) },
      });
      return response.headers['set-cookie']!.toString().split(';')[0]!;
    };
    try {
      const admin = await login('admin@test.local', 'admin', null);
      const staff = await login('ug@test.local', 'accountant', 100);
      const url = `/api/backup/files/${record.file}`;
      expect((await app.inject(url)).statusCode).toBe(401);
      expect((await app.inject({ url, headers: { cookie: staff } })).statusCode).toBe(403);
      const ok = await app.inject({ url, headers: { cookie: admin } });
      expect(ok.statusCode).toBe(200);
      expect(ok.rawPayload.equals(readFileSync(join(dir, 'backups', record.file)))).toBe(true);
      expect(
        (await app.inject({ url: '/api/backup/files/..%2Ffees.sqlite', headers: { cookie: admin } })).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(onPostgres)('the backup before migrations', () => {
  it('backs up a database with pending migrations before applying them', async () => {
    // Every migration but the newest, as the previous version of the app left the file.
    const older = sqliteMigrationsBefore();
    const all = older.count + 1;
    const path = join(dir, 'upgrade.sqlite');
    openDatabase(path, { migrationsFolder: older.folder }).$client.close();

    const upgrading = openDatabase(path, { prepare: false });
    try {
      const backups = backupsFor(upgrading, { prefix: 'upgrade' });
      const record = await prepareWithBackup(upgrading, backups);
      expect(record).toMatchObject({ reason: 'pre-migration', check: { ok: true } });
      const backup = new Sqlite(join(dir, 'backups', record!.file), { readonly: true });
      expect(backup.prepare('select count(*) from __drizzle_migrations').pluck().get()).toBe(all - 1);
      backup.close();
      expect(upgrading.$client.prepare('select count(*) from __drizzle_migrations').pluck().get()).toBe(all);
      // Up to date now: the next start takes no such backup.
      expect(await prepareWithBackup(upgrading, backups)).toBeNull();
    } finally {
      upgrading.$client.close();
    }
  });
});
