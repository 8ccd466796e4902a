import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Database } from '../client';
import * as postgres from '../engines/postgres/database';
import { type Connection, connectionOf, isInside, onConnection, statement, withLock } from './connection';

/**
 * The one place that knows which driver runs SQL. Query functions run raw SQL only through these
 * (Drizzle's builder, awaited, covers the rest: `await db.select()...`, no `.all()/.get()/.run()`).
 * Texts use named `@param` placeholders, filled from `params` by name: PostgreSQL translates them
 * to `$n` once per text, and nothing else, so write every text for both engines: camelCase aliases
 * double-quoted (`AS "departmentId"`), `coalesce` rather than `ifnull`, the current time as a value
 * from timestampNow() (queries/now.ts). The few pieces an engine writes its own way for speed (a
 * search that ignores case, through containsText/containsPattern of queries/like.ts; SQLite's planner
 * hints) come from engineSql(db) (engine/engine-sql.ts), each engine's SQL in its own folder.
 * queries/engine-neutral.test.ts fails on a text that forgets. A query may also be Drizzle's sql`...`
 * template (its values become parameters), for SQL that names the schema's tables and columns.
 * Outside a transaction pass the app's `db`; inside one, the `tx` the callback was given.
 */
/** Named values for the `@param` placeholders (an object's own properties, by name). */
export type Params = object;
export type Query = string | SQL;

const dialect = new SQLiteAsyncDialect();

/** The statement's text and what to bind to it. */
function compile(query: Query, params: Params | undefined): [string, unknown[]] {
  if (typeof query !== 'string') {
    const compiled = dialect.sqlToQuery(query);
    return [compiled.sql, compiled.params];
  }
  return [query, params === undefined ? [] : [params]];
}

/** A constant string as an SQL literal, for a text that must not bind it (see balances.ts). */
export function textLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Every row the query returns. */
export function rows<T>(db: Database, query: Query, params?: Params): Promise<T[]> {
  if (postgres.isPostgres(db)) return postgres.rows<T>(db, query, params);
  const connection = connectionOf(db);
  const [text, values] = compile(query, params);
  return onConnection(connection, isInside(db), () => statement(connection, text).all(...values) as T[]);
}

/** The first row the query returns, or undefined. */
export function row<T>(db: Database, query: Query, params?: Params): Promise<T | undefined> {
  if (postgres.isPostgres(db)) return postgres.row<T>(db, query, params);
  const connection = connectionOf(db);
  const [text, values] = compile(query, params);
  return onConnection(connection, isInside(db), () => statement(connection, text).get(...values) as T | undefined);
}

/** Runs a statement that returns no rows; says how many rows it changed. */
export function run(db: Database, query: Query, params?: Params): Promise<{ changes: number }> {
  if (postgres.isPostgres(db)) return postgres.run(db, query, params);
  const connection = connectionOf(db);
  const [text, values] = compile(query, params);
  return onConnection(connection, isInside(db), () => ({
    changes: statement(connection, text).run(...values).changes,
  }));
}

/**
 * Runs `work` in one transaction: all its writes commit together, or none when it throws. On SQLite
 * it is IMMEDIATE (the write lock is taken before the first read) and holds the connection's lock
 * throughout, so `work` must run every query on `tx`, never on `db`: a query on `db` would wait for
 * this very transaction to end. Called with a `tx`, it nests as a savepoint (rolled back alone).
 * On PostgreSQL it runs on a pooled client of its own, beside other transactions (engines/postgres).
 */
export async function transaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  if (postgres.isPostgres(db)) return postgres.transaction(db, work);
  const connection = connectionOf(db);
  if (isInside(db)) return inSavepoint(connection, work);
  return withLock(connection, async () => {
    statement(connection, 'BEGIN IMMEDIATE').run();
    try {
      const result = await work(connection.inside);
      statement(connection, 'COMMIT').run();
      return result;
    } catch (error) {
      if (connection.client.inTransaction) statement(connection, 'ROLLBACK').run();
      throw error;
    }
  });
}

/**
 * Runs `work` in a savepoint of the open transaction: its writes are undone alone when it throws.
 * The connection's lock must be held by the caller's transaction.
 */
export async function inSavepoint<T>(connection: Connection, work: (tx: Database) => Promise<T>): Promise<T> {
  const name = `sp${connection.depth}`;
  statement(connection, `SAVEPOINT ${name}`).run();
  connection.depth += 1;
  try {
    const result = await work(connection.inside);
    connection.depth -= 1;
    statement(connection, `RELEASE ${name}`).run();
    return result;
  } catch (error) {
    connection.depth -= 1;
    // Some failures (a full disk) end the whole transaction: then there is no savepoint to go back to.
    if (!connection.client.inTransaction) throw error;
    statement(connection, `ROLLBACK TO ${name}`).run();
    statement(connection, `RELEASE ${name}`).run();
    throw error;
  }
}
