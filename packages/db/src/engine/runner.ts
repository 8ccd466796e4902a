import type { Database, DbOrTx } from '../client';
import * as postgres from '../engines/postgres/database';
import { type Connection, connectionOf, isInside, statement } from './connection';

/**
 * The one place that knows which driver runs SQL. Query functions run raw SQL only through these
 * (Drizzle's builder covers the rest). Texts use named `@param` placeholders, filled from `params`
 * by name: PostgreSQL will translate them to `$n` once per text. Write them engine-neutral:
 * camelCase aliases double-quoted (`AS "departmentId"`), `coalesce` rather than `ifnull`,
 * `lower(x) LIKE lower(@q)` where case must not matter.
 */
export type Params = Record<string, unknown>;

/** Runs `work` on the connection: at once when free or inside the open transaction, else when the lock is free. */
function onConnection<T>(db: DbOrTx, work: (connection: Connection) => T): T | Promise<T> {
  const connection = connectionOf(db);
  if (!connection.lock.held || isInside(db)) return work(connection);
  return withLock(connection, () => work(connection));
}

async function withLock<T>(connection: Connection, work: () => T | Promise<T>): Promise<T> {
  const wait = connection.lock.acquire();
  if (wait) await wait;
  try {
    return await work();
  } finally {
    connection.lock.release();
  }
}

function bind(params: Params | undefined): [Params] | [] {
  return params === undefined ? [] : [params];
}

/** Every row the query returns. */
export async function rows<T>(db: DbOrTx, text: string, params?: Params): Promise<T[]> {
  if (postgres.isPostgres(db)) return postgres.rows<T>(db, text, params);
  return onConnection(db, (c) => statement(c, text).all(...bind(params)) as T[]);
}

/** The first row the query returns, or undefined. */
export async function row<T>(db: DbOrTx, text: string, params?: Params): Promise<T | undefined> {
  if (postgres.isPostgres(db)) return postgres.row<T>(db, text, params);
  return onConnection(db, (c) => statement(c, text).get(...bind(params)) as T | undefined);
}

/** Runs a statement that returns no rows; says how many rows it changed. */
export async function run(db: DbOrTx, text: string, params?: Params): Promise<{ changes: number }> {
  if (postgres.isPostgres(db)) return postgres.run(db, text, params);
  return onConnection(db, (c) => ({ changes: statement(c, text).run(...bind(params)).changes }));
}

/**
 * Runs `work` in one transaction: all its writes commit together, or none when it throws. On SQLite
 * it is IMMEDIATE (the write lock is taken before the first read) and holds the connection's lock
 * throughout, so `work` must run every query on `tx`, never on `db`: a query on `db` would wait for
 * this very transaction to end. Called with a `tx`, it nests as a savepoint (rolled back alone).
 * On PostgreSQL it runs on a pooled client of its own, beside other transactions (engines/postgres).
 */
export async function transaction<T>(db: DbOrTx, work: (tx: Database) => Promise<T>): Promise<T> {
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
