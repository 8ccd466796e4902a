import { openDatabase } from '../client';
import type { Database } from '../client';
import { connectionOf } from '../engine/connection';
import { closePostgres, openPostgres } from '../engines/postgres/client';
import { isPostgres } from '../engines/postgres/database';
import { createPreparedTestPostgres } from './postgres';

/** A fresh in-memory database with the real migrations and reference data, for tests. */
export function createTestDatabase() {
  return openDatabase(':memory:');
}

/**
 * A fresh database with the real migrations and reference data for one test, on the engine the suite
 * runs on: in memory on SQLite, or with DATABASE_URL set (scripts/test.sh's PostgreSQL run) a database
 * of its own in that cluster, reached through a small pool.
 */
export async function openTestDatabase(): Promise<Database> {
  if (!process.env.DATABASE_URL) return createTestDatabase();
  const url = await createPreparedTestPostgres(async (templateUrl) => closePostgres(await openPostgres(templateUrl, { max: 1 })));
  return openPostgres(url, { prepare: false, max: 4, idleTimeoutMillis: 1000 });
}

/** Drops the statements compiled so far on this SQLite database, so that a test sees every statement prepared again. */
export function forgetStatements(db: Database): void {
  if (isPostgres(db)) return;
  const connection = connectionOf(db);
  connection.statements.clear();
  connection.rawStatements.clear();
}
