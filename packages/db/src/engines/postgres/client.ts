import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from '../../client';
import { defaultLedgerMappingStatements, referenceDataStatements } from '../../seed';
import { poolOf, postgresDatabase } from './database';

const INT8 = 20;
const NUMERIC = 1700;

/**
 * bigint columns, count(*) and sum() come back from node-postgres as strings (they may exceed 2^53).
 * Ours are integer paise, epoch milliseconds and counts, far below 2^53, so they are read as numbers
 * like SQLite gives them; a value that would lose precision is refused rather than rounded.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) {
      return (value: string) => {
        const n = Number(value);
        if (Number.isInteger(n) && !Number.isSafeInteger(n)) throw new Error(`Number out of range: ${value}`);
        return n;
      };
    }
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** The PostgreSQL migrations: beside the sources (packages/db/drizzle-pg) or next to the bundled server. */
function defaultMigrationsFolder(): string {
  for (const candidate of ['../../../drizzle-pg', './drizzle-pg']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('PostgreSQL migrations folder not found');
}

export interface OpenPostgresOptions {
  /** Skip migrations and reference data. */
  prepare?: boolean;
  migrationsFolder?: string;
  /** Connections in the pool (default 10). */
  max?: number;
  /** How long an idle connection stays open (default 10 s). */
  idleTimeoutMillis?: number;
}

/** Where a postgres:// URL points, without its password: for the start-up line and logs. */
export function describePostgresUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}${u.username ? ` as ${decodeURIComponent(u.username)}` : ''}`;
}

/** Opens a pool on `url`, then (unless told not to) applies the migrations and seeds the reference data. */
export async function openPostgres(url: string, options: OpenPostgresOptions = {}): Promise<Database> {
  // pipeline: a connection sends each query at once, not after the answer to the one before, so
  // statements issued together (a transaction's BEGIN and first read, two reads in a Promise.all, a
  // receipt's last statement and its COMMIT) travel in one round trip (database.ts).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: options.idleTimeoutMillis,
    types,
    pipeline: true,
    // No JIT: compiling a large statement (the fee figures' nested sums, estimated over tables not yet analysed)
    // took seconds where running it takes milliseconds, and the app's statements are short.
    options: '-c jit=off',
  });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = postgresDatabase(pool);
  if (options.prepare !== false) {
    try {
      await preparePostgres(pool, options.migrationsFolder);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  return db;
}

/** Any number to distinguish our advisory lock from other programs' on the same database. */
const PREPARE_LOCK = 1_617_000_016;

/**
 * Applies the migrations not applied yet and seeds the reference data, holding an advisory lock so
 * that app servers starting together on one database prepare it one after the other.
 */
export async function preparePostgres(
  pool: pg.Pool,
  migrationsFolder: string = defaultMigrationsFolder(),
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
      await client.query('BEGIN');
      const dialect = new PgDialect();
      // A database held at older migrations (a test of an upgrade) has no ledger mapping to fill yet.
      const books = (await client.query("SELECT to_regclass('ledger_mappings') IS NOT NULL AS found")).rows[0]?.found;
      for (const statement of [...referenceDataStatements(), ...(books ? defaultLedgerMappingStatements() : [])]) {
        const { sql: text, params } = dialect.sqlToQuery(statement);
        await client.query(text, params);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Ends the pool of a PostgreSQL database (its open connections close). */
export async function closePostgres(db: Database): Promise<void> {
  await poolOf(db)?.end();
}
