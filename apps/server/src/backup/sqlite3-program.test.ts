/**
 * The SQL dump and the database file with the sqlite3 program of the systems the deploy guide
 * targets (Debian 12's package, SQLite 3.40): it opens the app's database, and it rebuilds the dump
 * into a database equal to the original in every row, index and trigger, on which the app then takes
 * receipts with its running totals right. `pnpm restore` takes the same dump, checked before anything
 * is replaced.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Database,
  openDatabase,
  receiptTotalsDrift,
  type SessionUser,
  studentMoneyDrift,
  tableRowCounts,
} from '@fees/db';
import { onPostgres, temporaryFolder } from '@fees/db/testing';
import { paiseToRupeesText } from '@fees/validation';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../auth/login-limiter';
import { createContextInner } from '../context';
import { createCaller } from '../routers/_app';
import { buildFixture, type Fixture } from '../test/fixture';
import { createAccount } from '../test/harness';
import { RestoreError, restoreDatabase } from './restore';
import { createSqlDump } from './sql-dump';

const SERVER_ROOT = join(import.meta.dirname, '..', '..');

function sqlite3(args: string[], input?: string) {
  const run = spawnSync('sqlite3', args, { input, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function callerOn(db: Database, session: SessionUser) {
  return createCaller(createContextInner({ db, session, ip: '127.0.0.1', loginLimiter: new LoginLimiter() }));
}

const receiptInput = (fx: Fixture, date: string, paise: number) => ({
  depId: 100,
  studentId: fx.ug.studentId,
  date,
  items: [{ feeHeadId: fx.heads.tuition, particulars: 'Term fee', amount: paiseToRupeesText(paise) }],
  paymentMode: 'cash' as const,
  total: paiseToRupeesText(paise),
  tax: '0.00',
  net: paiseToRupeesText(paise),
  confirm: true,
  allowOverpayment: true,
});

/** A database file with the fixture and receipts taken through the app, some dated before others. */
async function databaseWithReceipts(folder: string) {
  const path = join(folder, 'fees.sqlite');
  const db = openDatabase(path);
  const session = await createAccount(db, { email: 'ug@test.local', role: 'accountant', departmentId: 100 });
  const fx = await buildFixture(db);
  const clerk = callerOn(db, session);
  for (const [date, paise] of [
    ['2025-09-01', 1_000_00],
    ['2025-07-15', 2_500_50],
    ['2025-10-02', 700_00],
  ] as const) {
    await clerk.receipts.create(receiptInput(fx, date, paise));
  }
  return { path, db, session, fx };
}

async function dumpText(db: Database): Promise<string> {
  const { stream } = await createSqlDump(db);
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text;
}

/** Every table's rows, the AUTOINCREMENT counters and the schema's indexes, views and triggers. */
function contents(path: string) {
  const client = new Sqlite(path, { readonly: true, fileMustExist: true });
  try {
    const schema = client
      .prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`)
      .all() as { type: string; name: string }[];
    const tables = schema.filter((o) => o.type === 'table').map((o) => o.name);
    // Some tables have no rowid: rows are compared as sorted text.
    const rows = Object.fromEntries(
      [...tables, 'sqlite_sequence'].map((t) => [
        t,
        client
          .prepare(`SELECT * FROM "${t}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
    );
    return { schema, rows };
  } finally {
    client.close();
  }
}

const count = (path: string, type: string) =>
  Number(sqlite3([path, `SELECT count(*) FROM sqlite_master WHERE type = '${type}'`]).stdout.trim());

describe.skipIf(onPostgres)("the sqlite3 program of Debian 12's package", () => {
  it('opens the database and rebuilds the SQL dump into the same database, where the app keeps its totals', async () => {
    expect(sqlite3(['--version']).stdout).toMatch(/^3\.\d+/);
    const folder = temporaryFolder('fees-sqlite3-');
    const live = await databaseWithReceipts(folder);

    // The database file itself: the program reads its whole schema.
    const opened = sqlite3([live.path, 'SELECT count(*) FROM receipts']);
    expect(opened.stderr).toBe('');
    expect(opened.stdout.trim()).toBe('4');

    const dump = join(folder, 'backup.sql');
    writeFileSync(dump, await dumpText(live.db));
    live.db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const restoredPath = join(folder, 'restored.sqlite');
    const loaded = sqlite3([restoredPath], readFileSync(dump, 'utf8'));
    expect(loaded.stderr).toBe('');
    expect(loaded.status).toBe(0);
    expect(count(restoredPath, 'trigger')).toBe(count(live.path, 'trigger'));
    expect(contents(restoredPath)).toEqual(contents(live.path));

    // A receipt dated before the student's others, through the app on the restored file.
    const restored = openDatabase(restoredPath);
    const clerk = callerOn(restored, live.session);
    const taken = await clerk.receipts.create(receiptInput(live.fx, '2025-06-20', 300_00));
    expect((await clerk.receipts.byNumber({ number: taken.number })).receipt.studentId).toBe(live.fx.ug.studentId);
    expect(await receiptTotalsDrift(restored)).toEqual([]);
    expect(await studentMoneyDrift(restored)).toEqual([]);
    restored.$client.pragma('wal_checkpoint(TRUNCATE)');

    // A write through the program itself fires the same triggers there: a receipt voided by hand.
    const voided = sqlite3([
      restoredPath,
      `UPDATE receipts SET status = 'void' WHERE number = ${taken.number - 2}; SELECT changes();`,
    ]);
    expect(voided.stderr).toBe('');
    expect(voided.stdout.trim()).toBe('1');
    expect(await receiptTotalsDrift(restored)).toEqual([]);
    expect(await studentMoneyDrift(restored)).toEqual([]);
    restored.$client.close();
    live.db.$client.close();
  });
});

describe.skipIf(onPostgres)('pnpm restore with the SQL dump', () => {
  it('rebuilds the database from the dump, the previous file kept beside it', async () => {
    const folder = temporaryFolder('fees-restore-sql-');
    const live = await databaseWithReceipts(folder);
    const dump = join(folder, 'backup_2026-11-27.sql');
    writeFileSync(dump, await dumpText(live.db));
    live.db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const original = contents(live.path);
    live.db.$client.close();

    const target = join(folder, 'data', 'fees.sqlite');
    const first = spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/restore.ts', dump], {
      cwd: SERVER_ROOT,
      env: { ...process.env, DATABASE_PATH: target, INIT_CWD: SERVER_ROOT, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('Integrity check: ok');
    expect(first.stdout).toContain('4 receipts');
    expect(first.status).toBe(0);
    expect(contents(target)).toEqual(original);

    // Over an existing database: the same dump again, the first restore kept.
    const again = restoreDatabase({ backupPath: dump, databasePath: target, now: new Date('2026-11-27T10:00:00Z') });
    expect(again.previousPath).toBe(`${target}.before-restore-2026-11-27T10-00-00`);
    expect(contents(again.previousPath!)).toEqual(original);
    expect(contents(target)).toEqual(original);

    const restored = openDatabase(target);
    await callerOn(restored, live.session).receipts.create(receiptInput(live.fx, '2025-08-01', 100_00));
    expect(await receiptTotalsDrift(restored)).toEqual([]);
    expect(await studentMoneyDrift(restored)).toEqual([]);
    restored.$client.close();
  });

  it('refuses a dump cut short, one that fails, or one of another engine, and changes nothing', async () => {
    const folder = temporaryFolder('fees-restore-sql-');
    const live = await databaseWithReceipts(folder);
    const text = await dumpText(live.db);
    live.db.$client.close();
    const before = readFileSync(live.path);

    const attempt = (name: string, body: string) => {
      const path = join(folder, name);
      writeFileSync(path, body);
      try {
        restoreDatabase({ backupPath: path, databasePath: live.path });
      } catch (error) {
        expect(error).toBeInstanceOf(RestoreError);
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    const cutAt = text.indexOf('INSERT INTO "receipts" VALUES(') + 40;
    expect(attempt('cut.sql', text.slice(0, cutAt))).toMatch(/^The SQL dump ends inside a statement \(line \d+\)/);
    expect(attempt('no-commit.sql', text.slice(0, text.lastIndexOf('COMMIT;')))).toBe(
      'The SQL dump ends before its COMMIT: the file is incomplete. Download it again.',
    );
    const lines = text.split('\n');
    const receiptLine = lines.findIndex((l) => l.startsWith('INSERT INTO "receipts" VALUES('));
    lines[receiptLine] = `${lines[receiptLine]!.slice(0, -2)}, 'extra');`;
    expect(attempt('broken.sql', lines.join('\n'))).toMatch(
      new RegExp(
        `^The SQL dump failed at line ${receiptLine + 1}: table receipts has \\d+ columns but \\d+ values were supplied`,
      ),
    );
    expect(attempt('postgres.sql', 'SET statement_timeout = 0;\nCREATE TABLE public.users (id integer);\n')).toMatch(
      /^The SQL dump failed at line 1: near "SET": syntax error/,
    );
    expect(attempt('empty.sql', '-- nothing here\n')).toBe(
      'Not a fee management database (no departments, users, students, receipts, receipt_lines table)',
    );
    expect(readFileSync(live.path).equals(before)).toBe(true);
    const kept = new Sqlite(live.path, { readonly: true });
    expect(tableRowCounts(kept).receipts).toBe(4);
    kept.close();
  });
});
