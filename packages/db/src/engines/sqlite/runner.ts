import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Reader, WriteTx } from '../../client';
import { type Query, renderer } from '../query';
import { type Connection, connectionOf, isInside, onConnection, statement, withLock } from './connection';

/**
 * SQLite's side of the runner (engines/index.ts): one connection, its statements compiled once and
 * run synchronously under the connection's lock (connection.ts); an sql`...` template is rendered by
 * Drizzle's SQLite dialect at each run, a bound statement (query.ts) once.
 */
const dialect = new SQLiteAsyncDialect();
const render = renderer((query: SQL) => dialect.sqlToQuery(query));

/** The statement's text and what to bind to it. */
function compile(query: Query): [string, unknown[]] {
  const compiled = render(query);
  return [compiled.sql, compiled.params];
}

/** Every row the query returns. */
export function rows<T>(db: Reader, query: Query): Promise<T[]> {
  const connection = connectionOf(db);
  const [text, values] = compile(query);
  return onConnection(connection, isInside(db), () => statement(connection, text).all(...values) as T[]);
}

/** The first row the query returns, or undefined. */
export function row<T>(db: Reader, query: Query): Promise<T | undefined> {
  const connection = connectionOf(db);
  const [text, values] = compile(query);
  return onConnection(connection, isInside(db), () => statement(connection, text).get(...values) as T | undefined);
}

/** Runs a statement that returns no rows; says how many rows it changed. */
export function run(db: Reader, query: Query): Promise<{ changes: number }> {
  const connection = connectionOf(db);
  const [text, values] = compile(query);
  return onConnection(connection, isInside(db), () => ({
    changes: statement(connection, text).run(...values).changes,
  }));
}

/**
 * Runs `work` in one transaction: all its writes commit together, or none when it throws. On SQLite
 * it is IMMEDIATE (the write lock is taken before the first read) and holds the connection's lock
 * throughout, so `work` must run every query on `tx`, never on `db`: a query on `db` would wait for
 * this very transaction to end. Called with a `tx`, it nests as a savepoint (rolled back alone).
 */
export async function transaction<T>(db: Reader, work: (tx: WriteTx) => Promise<T>): Promise<T> {
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
export async function inSavepoint<T>(connection: Connection, work: (tx: WriteTx) => Promise<T>): Promise<T> {
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
