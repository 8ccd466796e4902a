import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';
import { seedReferenceData } from './seed';

export type Database = BetterSQLite3Database<typeof schema> & { $client: Sqlite.Database };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: query functions accept both. */
export type DbOrTx = Database | Transaction;

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
  const db = drizzle({ client: sqlite, schema }) as Database;
  if (options.prepare !== false) {
    migrate(db, { migrationsFolder: options.migrationsFolder ?? defaultMigrationsFolder() });
    seedReferenceData(db);
  }
  return db;
}
