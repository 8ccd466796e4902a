import type Sqlite from 'better-sqlite3';
import { type AsyncRemoteCallback, drizzle } from 'drizzle-orm/sqlite-proxy';
import type { Database, Reader, WriteTx } from '../../client';
import * as schema from '../../schema';
import { type Engine, tieToEngine } from '../index';
import { Lock } from './lock';

/**
 * What the engine keeps per SQLite connection: its lock, its compiled statements, and two views of the
 * database. The whole app shares one connection, so work that awaits inside a transaction could let
 * another request's SQL run in the middle of it; the lock prevents that. Transactions and the write
 * batcher hold it for their whole length. A query on the `root` view (the app's `db`) waits only while
 * it is held; when free the query runs at once, synchronously underneath. Queries on the `inside` view
 * (the `tx` given to transaction callbacks) run at once: they belong to the transaction holding it.
 * Both views are Drizzle databases over its async proxy driver, so builder queries obey the lock too.
 */
export interface Connection {
  readonly client: Sqlite.Database;
  readonly lock: Lock;
  /** Compiled statements returning objects (the runner's). */
  readonly statements: Map<string, Sqlite.Statement>;
  /** Compiled statements returning arrays (Drizzle's builder maps columns by position). */
  readonly rawStatements: Map<string, Sqlite.Statement>;
  readonly root: Database;
  readonly inside: WriteTx;
  /** Savepoints open inside the current transaction, for unique names. */
  depth: number;
}

const byClient = new WeakMap<Sqlite.Database, Connection>();
const byView = new WeakMap<object, Connection>();
const insideViews = new WeakSet<object>();

/** Generated statements can vary without end (lists of ids); past this many a cache starts afresh. */
const STATEMENT_CACHE_LIMIT = 2000;

function compiled(client: Sqlite.Database, cache: Map<string, Sqlite.Statement>, text: string): Sqlite.Statement {
  let found = cache.get(text);
  if (!found) {
    if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear();
    found = client.prepare(text);
    cache.set(text, found);
  }
  return found;
}

/** A statement compiled once per connection and reused; its rows are objects. */
export function statement(connection: Connection, text: string): Sqlite.Statement {
  return compiled(connection.client, connection.statements, text);
}

type Method = 'run' | 'all' | 'values' | 'get';

/** Runs one of Drizzle's statements: rows as arrays, as its proxy driver expects. */
function execute(connection: Connection, text: string, params: unknown[], method: Method): { rows: unknown } {
  const compiledStatement = compiled(connection.client, connection.rawStatements, text);
  if (method === 'run' || !compiledStatement.reader) return { rows: [], ...compiledStatement.run(...params) };
  compiledStatement.raw(true);
  return { rows: method === 'get' ? compiledStatement.get(...params) : compiledStatement.all(...params) };
}

/** Runs `work` at once when the lock is free (or the caller holds it), else once it is the caller's turn. */
export function onConnection<T>(connection: Connection, inside: boolean, work: () => T): Promise<T> {
  if (inside || !connection.lock.held) {
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return withLock(connection, work);
}

export async function withLock<T>(connection: Connection, work: () => T | Promise<T>): Promise<T> {
  const wait = connection.lock.acquire();
  if (wait) await wait;
  try {
    return await work();
  } finally {
    connection.lock.release();
  }
}

function view<D extends Reader>(connection: () => Connection, inside: boolean): D {
  const db = drizzle(
    (text, params, method) =>
      onConnection(connection(), inside, () =>
        execute(connection(), text, params, method),
      ) as ReturnType<AsyncRemoteCallback>,
    { schema },
  ) as unknown as D;
  // Drizzle's own transaction would not take the lock: every transaction goes through the engine's.
  db.transaction = () => {
    throw new Error('Use transaction(db, work) from @fees/db: it keeps other requests out of the transaction');
  };
  return db;
}

/** The app's database over this SQLite connection (one per connection, made on first use), on `engine`. */
export function databaseOn(client: Sqlite.Database, engine: Engine): Database {
  let connection = byClient.get(client);
  if (!connection) {
    let made: Connection | undefined;
    const self = () => made!;
    const root = Object.assign(view<Database>(self, false), { $client: client });
    const inside = Object.assign(view<WriteTx>(self, true), { $client: client });
    made = { client, lock: new Lock(), statements: new Map(), rawStatements: new Map(), root, inside, depth: 0 };
    connection = made;
    byClient.set(client, connection);
    byView.set(tieToEngine(root, engine), connection);
    byView.set(tieToEngine(inside, engine), connection);
    insideViews.add(inside);
  }
  return connection.root;
}

export function connectionOf(db: Reader): Connection {
  const connection = byView.get(db);
  if (!connection) throw new Error('Not a database opened by @fees/db');
  return connection;
}

/** Whether this is the inside of the open transaction (the `tx` given to a transaction callback). */
export function isInside(db: Reader): db is WriteTx {
  return insideViews.has(db);
}
