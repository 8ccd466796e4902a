import { sql } from 'drizzle-orm';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../client';
import { rows, run } from '../engines';
import type { Database } from '../client';
import { connectionOf } from '../engines/sqlite/connection';
import { closePostgres, openPostgres } from '../engines/postgres/client';
import { isPostgres } from '../engines/postgres/database';
import { createPreparedTestPostgres, createTestPostgres, type TestPostgres } from './postgres';

/** A fresh in-memory database with the real migrations and reference data, for tests. */
export function createTestDatabase() {
  return openDatabase(':memory:');
}

/** Whether this run of the suite is on PostgreSQL (scripts/test.sh's second run sets DATABASE_URL). */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/** The PostgreSQL databases this test file opened, dropped after it by dropTestDatabases. */
const opened: Array<{ db: Database; postgres: TestPostgres }> = [];

/**
 * A fresh database with the real migrations and reference data for one test, on the engine the suite
 * runs on: on SQLite in memory, or in the file at `path` when given (tests that need WAL or a file);
 * with DATABASE_URL set (scripts/test.sh's PostgreSQL run) a database of its own in that cluster,
 * reached through a small pool.
 */
export async function openTestDatabase(options: { path?: string } = {}): Promise<Database> {
  if (!onPostgres) return options.path === undefined ? createTestDatabase() : openDatabase(options.path);
  const postgres = await createPreparedTestPostgres(async (templateUrl) =>
    closePostgres(await openPostgres(templateUrl, { max: 1 })),
  );
  const db = await openPostgres(postgres.url, { prepare: false, max: 4, idleTimeoutMillis: 1000 });
  opened.push({ db, postgres });
  return db;
}

/**
 * Closes and drops the PostgreSQL databases the test file opened with openTestDatabase (some 8 MB each,
 * hundreds in a run); the suites' setup file (after-each-file.ts) calls it after every file.
 */
export async function dropTestDatabases(): Promise<void> {
  const all = opened.splice(0);
  // Four at a time: a file such as access-matrix.test.ts opens hundreds.
  for (let i = 0; i < all.length; i += 4) {
    await Promise.all(
      all.slice(i, i + 4).map(async ({ db, postgres }) => {
        await closePostgres(db);
        await postgres.stop();
      }),
    );
  }
}

/** The folders this test file made with temporaryFolder, removed after it by removeTemporaryFolders. */
const folders: string[] = [];

/**
 * A new empty folder under the system's temporary folder, removed after the test file (a CI machine runs
 * thousands).
 */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

const MIGRATIONS = {
  sqlite: fileURLToPath(new URL('../../drizzle', import.meta.url)),
  postgres: fileURLToPath(new URL('../../drizzle-pg', import.meta.url)),
};

/**
 * A temporary migrations folder holding one engine's migrations before `tag` (all but the newest without
 * one), for a database as an older version of the app left it; `count` is how many it holds.
 */
export function migrationsBefore(engine: keyof typeof MIGRATIONS, tag?: string): { folder: string; count: number } {
  const source = MIGRATIONS[engine];
  const journal = JSON.parse(readFileSync(join(source, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = tag === undefined ? journal.entries.length - 1 : journal.entries.findIndex((e) => e.tag === tag);
  if (end < 0) throw new Error(`No migration ${tag}`);
  const entries = journal.entries.slice(0, end);
  const folder = temporaryFolder('fees-migrations-');
  mkdirSync(join(folder, 'meta'));
  for (const entry of entries) copyFileSync(join(source, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder, count: entries.length };
}

/** How to close what each databaseBeforeMigration of this test file opened, done after it by closeMigratedDatabases. */
const migrated: Array<() => Promise<void>> = [];

/**
 * A database as the version before a migration left it (every migration before `tags`' one for the engine the
 * suite runs on), written to by the test as that version would, and `reopen` to close it and open it again
 * with every migration, as the new version does on start-up. On SQLite a file in a temporary folder, on
 * PostgreSQL a database of its own; either is closed (and dropped) after the test file.
 */
export async function databaseBeforeMigration(
  tags: Record<keyof typeof MIGRATIONS, string>,
): Promise<{ old: Database; reopen: () => Promise<Database> }> {
  const engine = onPostgres ? 'postgres' : 'sqlite';
  const before = migrationsBefore(engine, tags[engine]);
  if (onPostgres) {
    const postgres = await createTestPostgres();
    const old = await openPostgres(postgres.url, { migrationsFolder: before.folder, max: 1 });
    let current: Database | undefined = old;
    migrated.push(async () => {
      if (current) await closePostgres(current);
      await postgres.stop();
    });
    const reopen = async () => {
      current = undefined;
      await closePostgres(old);
      current = await openPostgres(postgres.url, { max: 1 });
      return current;
    };
    return { old, reopen };
  }
  const path = join(temporaryFolder('fees-before-migration-'), 'fees.sqlite');
  const old = openDatabase(path, { migrationsFolder: before.folder });
  let current: Database | undefined = old;
  migrated.push(async () => {
    current?.$client.close();
  });
  const reopen = async () => {
    current = undefined;
    old.$client.close();
    current = openDatabase(path);
    return current;
  };
  return { old, reopen };
}

/** Closes the databases the test file opened with databaseBeforeMigration; the suites' setup file calls it. */
export async function closeMigratedDatabases(): Promise<void> {
  for (const close of migrated.splice(0)) await close();
}

/**
 * SQL text with each run of whitespace made one space: a statement the code builds and its copy in a landed
 * migration read the same whatever their line breaks and indentation.
 */
export function sqlWords(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The statements of one engine's migration (its file name, e.g. `0002_receipt_totals.sql`), as sqlWords. */
export function migrationStatements(engine: keyof typeof MIGRATIONS, file: string): string[] {
  return readFileSync(join(MIGRATIONS[engine], file), 'utf8').split('--> statement-breakpoint').map(sqlWords);
}

/** SQLite's migrations before `tag` (see migrationsBefore). */
export function sqliteMigrationsBefore(tag?: string): { folder: string; count: number } {
  return migrationsBefore('sqlite', tag);
}

/** Removes the folders the test file made with temporaryFolder; the suites' setup file calls it after every file. */
export function removeTemporaryFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** Closes a database from openTestDatabase: the SQLite connection, or the PostgreSQL pool (and drops that database). */
export async function closeTestDatabase(db: Database): Promise<void> {
  if (!isPostgres(db)) {
    db.$client.close();
    return;
  }
  const index = opened.findIndex((o) => o.db === db);
  await closePostgres(db);
  if (index >= 0) await opened.splice(index, 1)[0]!.postgres.stop();
}

/** Drops the statements compiled so far on this SQLite database, so that a test sees every statement prepared again. */
export function forgetStatements(db: Database): void {
  if (isPostgres(db)) return;
  const connection = connectionOf(db);
  connection.statements.clear();
  connection.rawStatements.clear();
}

/**
 * Every table's rows, table by table (for "nothing was written" checks): the whole database as one text.
 * On PostgreSQL the tables are read in one statement (a round trip a table made the checks of thousands of
 * cases the slowest part of the suite).
 */
export async function tableContents(db: Database): Promise<string> {
  if (isPostgres(db)) {
    const tables = await rows<{ name: string }>(
      db,
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const [whole] = await rows(
      db,
      sql`SELECT ${sql.join(
        tables.map(({ name }) => sql`(SELECT json_agg(t) FROM ${sql.identifier(name)} t) AS ${sql.identifier(name)}`),
        sql`, `,
      )}`,
    );
    return JSON.stringify(whole);
  }
  const tables = await rows<{ name: string }>(
    db,
    sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`,
  );
  const contents = [];
  for (const { name } of tables) contents.push(await rows(db, sql`SELECT * FROM ${sql.identifier(name)}`));
  return JSON.stringify(contents);
}

/**
 * Makes every insert into `table` fail with `message` (a server failure on demand) until the returned
 * function is called: a temporary trigger on SQLite's connection, a trigger in the test's own database
 * on PostgreSQL. `message` is plain words (no quotes).
 */
export async function failInserts(db: Database, table: string, message: string): Promise<() => Promise<void>> {
  if (isPostgres(db)) {
    await run(
      db,
      sql.raw(
        `CREATE FUNCTION fail_inserts() RETURNS trigger LANGUAGE plpgsql
          AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`,
      ),
    );
    await run(
      db,
      sql`CREATE TRIGGER fail_inserts BEFORE INSERT ON ${sql.identifier(table)}
        FOR EACH ROW EXECUTE FUNCTION fail_inserts()`,
    );
    return async () => {
      await run(db, sql`DROP TRIGGER fail_inserts ON ${sql.identifier(table)}`);
      await run(db, sql`DROP FUNCTION fail_inserts()`);
    };
  }
  await run(
    db,
    sql.raw(`CREATE TEMP TRIGGER fail_inserts BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, '${message}'); END`),
  );
  return async () => {
    await run(db, sql`DROP TRIGGER temp.fail_inserts`);
  };
}
