/**
 * The application's Database on PostgreSQL. Query functions are written once, against the tables of
 * src/schema; here Drizzle's PostgreSQL dialect renders their builder calls and sql`...` templates
 * (`$n` parameters, PostgreSQL's own insert defaults and conflict targets) and a pg pool runs them.
 * The SQL that differs per engine (planner
 * hints, LIKE ignoring case) comes from engine-sql.ts beside this file; the tables' PostgreSQL types
 * from tables.ts and the migrations in drizzle-pg.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pg-proxy';
import type pg from 'pg';
import type { Database, Reader, WriteTx } from '../../client';
import { type Engine, tieToEngine } from '../index';
import { type Query, renderer } from '../query';
import { postgresSql } from './engine-sql';
import { insertNumberedReceipt } from './receipts';

const dialect = new PgDialect();
const render = renderer((query: SQL) => dialect.sqlToQuery(query));

interface PostgresState {
  pool: pg.Pool;
  /** The client pinned to the open transaction; null outside one. */
  client: pg.PoolClient | null;
  /** Savepoints open inside the transaction, for unique names. */
  depth: number;
  /**
   * The transaction's own flags, shared by every view of it: whether the write it runs may end with
   * a statement that carries the COMMIT (runInWriteBatch's one write), and whether one has.
   */
  ending: { mayCommitWithLast: boolean; committed: boolean } | null;
}

const states = new WeakMap<object, PostgresState>();

function queryable(state: PostgresState): pg.Pool | pg.PoolClient {
  if (state.ending?.committed)
    throw new Error('This transaction was committed with its last statement: nothing may run on it after that');
  return state.client ?? state.pool;
}

function createDatabase<D extends Reader>(state: PostgresState): D {
  const db = drizzle(async (text, params, method) => {
    // Selections are mapped by position ('all'); a write's RETURNING and raw results by name.
    const client = queryable(state);
    const result =
      method === 'all'
        ? await client.query({ text, values: params, rowMode: 'array' })
        : await client.query({ text, values: params });
    return { rows: result.rows };
  });
  states.set(db, state);
  return tieToEngine(db as unknown as D, postgresEngine);
}

/** A Database running on this pool. */
export function postgresDatabase(pool: pg.Pool): Database {
  return createDatabase<Database>({ pool, client: null, depth: 0, ending: null });
}

/** The pool behind a PostgreSQL Database, or undefined for SQLite. */
export function poolOf(db: Reader): pg.Pool | undefined {
  return states.get(db)?.pool;
}

export function isPostgres(db: Reader): boolean {
  return states.has(db);
}

/** Whether this is the view of an open PostgreSQL transaction. */
export function inPostgresTransaction(db: Reader): db is WriteTx {
  return states.get(db)?.client != null;
}

function stateOf(db: Reader): PostgresState {
  const state = states.get(db);
  if (!state) throw new Error('Not a PostgreSQL database');
  return state;
}

/**
 * Most queries render the same text on every call: each is prepared once per connection under a name of
 * its own. Some texts vary without end (a list of ids, a batch of rows); a prepared statement lives as long
 * as its connection, so past this many names a new text runs unnamed (parsed each time).
 */
const STATEMENT_NAME_LIMIT = 2000;
const statementNames = new Map<string, string>();

function query(db: Reader, source: Query): Promise<pg.QueryResult> {
  const { sql: text, params: values } = render(source);
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < STATEMENT_NAME_LIMIT) {
    name = `fees_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return queryable(stateOf(db)).query(name === undefined ? { text, values } : { name, text, values });
}

export async function rows<T>(db: Reader, source: Query): Promise<T[]> {
  return (await query(db, source)).rows as T[];
}

export async function row<T>(db: Reader, source: Query): Promise<T | undefined> {
  return (await query(db, source)).rows[0] as T | undefined;
}

export async function run(db: Reader, source: Query): Promise<{ changes: number }> {
  return { changes: (await query(db, source)).rowCount ?? 0 };
}

/**
 * The transaction's last statement with its COMMIT right behind it, when the transaction is the one
 * write runInWriteBatch opened (else the statement alone; the COMMIT comes when the write returns).
 * The pool's connections pipeline (client.ts), so both go out together and a row lock the statement
 * takes (the receipt counter's) is held for the statement and the WAL flush only, not also for a
 * round trip and the wait for a busy Node thread to send COMMIT. Nothing may run on the transaction
 * after it. Should the statement fail, the COMMIT behind it ends the aborted transaction as a ROLLBACK.
 */
export async function rowAndCommit<T>(tx: WriteTx, source: Query): Promise<T | undefined> {
  const state = stateOf(tx);
  const ending = state.ending;
  if (!state.client || state.depth > 0 || !ending?.mayCommitWithLast) return row<T>(tx, source);
  // query() hands the statement to the connection before its first await, so COMMIT queues behind it.
  const statement = query(tx, source);
  const commit = state.client.query('COMMIT');
  ending.committed = true;
  const [result] = await Promise.all([statement, commit]);
  return result.rows[0] as T | undefined;
}

/** PostgreSQL's codes for a transaction that lost a race and may simply be run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

/**
 * Runs `work` in a transaction on a client of its own (READ COMMITTED; row locks taken by the
 * statements serialize what must be), committed when `work` resolves, rolled back when it throws.
 * A deadlock or serialization failure runs `work` again, up to five times. Given a transaction's
 * view it nests as a savepoint.
 */
export async function transaction<T>(
  db: Reader,
  work: (tx: WriteTx) => Promise<T>,
  options: { mayCommitWithLast?: boolean } = {},
): Promise<T> {
  const state = stateOf(db);
  if (state.client) return inSavepoint(state, work);
  for (let attempt = 1; ; attempt++) {
    const client = await state.pool.connect();
    let broken = false;
    const ending = { mayCommitWithLast: options.mayCommitWithLast ?? false, committed: false };
    try {
      // Pipelined: BEGIN goes out with the work's first statement (client.ts). Its failure, should
      // the work fail first, is the work's.
      const begin = client.query('BEGIN');
      begin.catch(() => undefined);
      const result = await work(createDatabase<WriteTx>({ pool: state.pool, client, depth: 0, ending }));
      await begin;
      if (!ending.committed) await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      const code = (error as { code?: string }).code;
      if (attempt < ATTEMPTS && code !== undefined && RETRYABLE.has(code)) continue;
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

async function inSavepoint<T>(state: PostgresState, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  const client = state.client as pg.PoolClient;
  const name = `sp${state.depth}`;
  await client.query(`SAVEPOINT ${name}`);
  state.depth += 1;
  try {
    const result = await work(createDatabase<WriteTx>({ ...state }));
    state.depth -= 1;
    await client.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    state.depth -= 1;
    await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
    await client.query(`RELEASE SAVEPOINT ${name}`);
    throw error;
  }
}

/**
 * PostgreSQL as the engine (engines/index.ts): a pool, a transaction per write on a client of its own
 * (PostgreSQL commits concurrent transactions in parallel and groups their WAL flushes itself), and
 * the receipt written in one statement sent with its COMMIT.
 */
const postgresEngine: Engine = {
  sql: postgresSql,
  rows,
  row,
  run,
  transaction: (db, work) => transaction(db, work),
  // The transaction is this one write's, so its last statement may carry the COMMIT (rowAndCommit).
  runInWriteBatch: (db, work) => transaction(db, work, { mayCommitWithLast: true }),
  inWriteTransaction: (db, work) => (inPostgresTransaction(db) ? work(db) : transaction(db, work)),
  lockStudents: async (tx, where) => {
    await row(tx, sql`SELECT id FROM students WHERE ${where} FOR NO KEY UPDATE`);
  },
  readsOverlap: true,
  insertNumberedReceipt,
};
