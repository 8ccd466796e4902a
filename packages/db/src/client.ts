import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import { sqliteDatabase } from './engines/sqlite';
import * as schema from './schema';
import { seedReferenceData } from './seed';

/** Drizzle, asynchronous, over the engine (packages/db/src/engines): what every handle queries through. */
type Handle = SqliteRemoteDatabase<typeof schema> & { $client: Sqlite.Database };

/** Tells the two handles apart by type only; nothing of it exists when the program runs. */
declare const handleKind: unique symbol;

/**
 * The app's database, the root handle: opened once, shared by every request. `$client` is the SQLite
 * connection underneath, for SQLite-only tools and checks.
 */
export type Database = Handle & { readonly [handleKind]: 'root' };

/**
 * The handle a write's callback is given (transaction, runInWriteBatch, inWriteTransaction): its queries
 * belong to the write. The root `Database` is a different type, so it cannot stand in for it; on
 * SQLite a query on the root inside a write would wait for that write to end, for ever.
 */
export type WriteTx = Handle & { readonly [handleKind]: 'write' };

/** Either handle: a query that reads (or writes one statement that commits alone) runs on both. */
export type Reader = Database | WriteTx;

/**
 * The committed migrations: beside the sources in the repo (packages/db/drizzle), or copied next to
 * the bundled server (dist/drizzle) by its build.
 */
function defaultMigrationsFolder(): string {
  for (const candidate of ['../drizzle', './drizzle']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('Migrations folder not found');
}

export interface OpenDatabaseOptions {
  /** Skip migrations and reference data (for read-only tools opening a snapshot). */
  prepare?: boolean;
  migrationsFolder?: string;
}

/**
 * Opens (creating if needed) the SQLite file: WAL so readers never wait for the writer, foreign keys
 * on, synchronous=FULL because an acknowledged receipt must survive a power cut. Then applies the
 * committed migrations and seeds the reference data.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Sqlite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reports read large parts of the file: a 64 MB page cache and memory-mapped reads (up to 1 GB)
  // halve their time on a large database; writes still go through the WAL.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 1073741824');
  // After a checkpoint the WAL file shrinks back to 64 MB instead of keeping its high-water size.
  sqlite.pragma('journal_size_limit = 67108864');
  const db = sqliteDatabase(sqlite);
  if (options.prepare !== false) prepareDatabase(db, options.migrationsFolder);
  return db;
}

/**
 * Applies the committed migrations not applied yet, then seeds the reference data. Runs before the
 * app serves anything, synchronously, through Drizzle's SQLite driver and migrator.
 */
export function prepareDatabase(db: Database, migrationsFolder: string = defaultMigrationsFolder()): void {
  migrate(drizzle({ client: db.$client, schema }), { migrationsFolder });
  seedReferenceData(db);
}

/**
 * How many committed migrations this database has not had yet, counted as drizzle's migrator does
 * (those newer than the last applied); 0 for an empty database, which has nothing to lose.
 */
export function pendingMigrationCount(db: Database, migrationsFolder: string = defaultMigrationsFolder()): number {
  const client = db.$client;
  const applied = client
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`)
    .get();
  if (!applied) return 0;
  const last = client.prepare('SELECT max(created_at) AS at FROM __drizzle_migrations').get() as { at: number | null };
  return readMigrationFiles({ migrationsFolder }).filter((m) => last.at === null || Number(last.at) < m.folderMillis)
    .length;
}
