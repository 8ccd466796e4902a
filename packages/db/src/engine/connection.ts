import type Sqlite from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Database, DbOrTx } from '../client';
import * as schema from '../schema';
import { Lock } from './lock';

/**
 * What the engine keeps per SQLite connection: its lock, its compiled statements, and the view of the
 * database handed to transaction callbacks. The whole app shares one connection, so work that awaits
 * inside a transaction could let another request's SQL run in the middle of it; the lock prevents that.
 * Transactions and the write batcher hold it for their whole length. A query outside a transaction
 * waits only while it is held; when free the query runs at once, synchronously underneath.
 */
export interface Connection {
  readonly client: Sqlite.Database;
  readonly lock: Lock;
  readonly statements: Map<string, Sqlite.Statement>;
  /** The database as seen inside the open transaction: its queries run at once, never wait for the lock. */
  readonly inside: Database;
  /** Savepoints open inside the current transaction, for unique names. */
  depth: number;
}

const connections = new WeakMap<Sqlite.Database, Connection>();
const insideViews = new WeakSet<object>();

/** Generated statements can vary without end (lists of ids); past this many the cache starts afresh. */
const STATEMENT_CACHE_LIMIT = 2000;

function clientOf(db: DbOrTx): Sqlite.Database {
  if ('$client' in db) return db.$client;
  // Drizzle's own (synchronous) transaction object keeps the connection as session.client.
  return (db as unknown as { session: { client: Sqlite.Database } }).session.client;
}

export function connectionOf(db: DbOrTx): Connection {
  const client = clientOf(db);
  let connection = connections.get(client);
  if (!connection) {
    const inside = drizzle({ client, schema }) as Database;
    insideViews.add(inside);
    connection = { client, lock: new Lock(), statements: new Map(), inside, depth: 0 };
    connections.set(client, connection);
  }
  return connection;
}

/**
 * Whether this database object is the inside of the open transaction (the view given to a transaction
 * callback, or drizzle's synchronous transaction object, during which nothing else can run).
 */
export function isInside(db: DbOrTx): boolean {
  return insideViews.has(db) || !('$client' in db);
}

/** A statement compiled once per connection and reused. */
export function statement(connection: Connection, text: string): Sqlite.Statement {
  let compiled = connection.statements.get(text);
  if (!compiled) {
    if (connection.statements.size >= STATEMENT_CACHE_LIMIT) connection.statements.clear();
    compiled = connection.client.prepare(text);
    connection.statements.set(text, compiled);
  }
  return compiled;
}
