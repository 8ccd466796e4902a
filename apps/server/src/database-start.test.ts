import { chmodSync, closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@fees/db';
import { describe, expect, it } from 'vitest';
import { runServerUntilExit } from './test/server-process';
import { onPostgres, temporaryFolder } from '@fees/db/testing';

/** As root every file is readable and writable: the permission cases run the server without that power. */
const asRoot = process.getuid?.() === 0;

function freshFolder(): string {
  const dir = temporaryFolder('fees-start-');
  chmodSync(dir, 0o777);
  return dir;
}

function databaseFile(dir: string): string {
  const path = join(dir, 'fees.sqlite');
  openDatabase(path).$client.close();
  chmodSync(path, 0o666);
  return path;
}

async function startOn(path: string, withoutFileOverride = false) {
  const exit = await runServerUntilExit(
    { DATABASE_PATH: path, PORT: '0', BACKUP_SCHEDULE: 'off', LOG_LEVEL: 'silent' },
    withoutFileOverride,
  );
  const text = `${exit.stdout}${exit.stderr}`.trim();
  return { code: exit.code, text };
}

function expectOnePlainParagraph(result: { code: number | null; text: string }, path: string, what: RegExp) {
  expect(result.code).toBe(1);
  expect(result.text).toContain(path);
  expect(result.text).toMatch(what);
  expect(result.text).toContain('pnpm restore <backup>');
  expect(result.text.split('\n')).toHaveLength(1);
  expect(result.text).not.toMatch(/\n\s+at |Error:|node:internal/);
}

// Each case starts a whole server process: slow on a busy machine.
// About the SQLite file the server opens at start; PostgreSQL start-up is tested in multi-server.test.ts.
describe.skipIf(onPostgres)('start-up on a database file that cannot serve', { timeout: 120_000 }, () => {
  it('a file that is not SQLite', async () => {
    const path = join(freshFolder(), 'fees.sqlite');
    writeFileSync(path, 'BEGIN TRANSACTION;\nCREATE TABLE receipts (id integer);\n');
    expectOnePlainParagraph(await startOn(path), path, /is not an SQLite database/);
  });

  it('a damaged file', async () => {
    const path = databaseFile(freshFolder());
    // The first page keeps its 100-byte header; the schema's b-tree behind it is overwritten.
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(3000, 0xa5), 0, 3000, 100);
    closeSync(fd);
    expectOnePlainParagraph(await startOn(path), path, /is damaged \(SQLite says: .+\)/);
  });

  it('a folder instead of a file', async () => {
    const path = join(freshFolder(), 'fees.sqlite');
    mkdirSync(path);
    expectOnePlainParagraph(await startOn(path), path, /is a folder, not a database file/);
  });

  it('a file the server may not read', async () => {
    const path = databaseFile(freshFolder());
    chmodSync(path, 0o000);
    expectOnePlainParagraph(await startOn(path, asRoot), path, /cannot be read/);
  });

  it('a read-only file', async () => {
    const path = databaseFile(freshFolder());
    chmodSync(path, 0o444);
    expectOnePlainParagraph(await startOn(path, asRoot), path, /is read-only/);
  });
});
