import type Sqlite from 'better-sqlite3';
import type { DbOrTx } from '../client';

const cache = new WeakMap<Sqlite.Database, Map<string, Sqlite.Statement>>();

/**
 * A better-sqlite3 statement compiled once per connection and reused: the receipt counter's hot
 * path runs a handful of these per receipt instead of building and compiling SQL on every call.
 * Statements run on the connection, so inside a `db.transaction` callback they join the transaction.
 */
export function prepared<Row = unknown>(db: DbOrTx, text: string): Sqlite.Statement<unknown[], Row> {
  const client = connectionOf(db);
  let statements = cache.get(client);
  if (!statements) {
    statements = new Map();
    cache.set(client, statements);
  }
  let statement = statements.get(text);
  if (!statement) {
    statement = client.prepare(text);
    statements.set(text, statement);
  }
  return statement as Sqlite.Statement<unknown[], Row>;
}

/**
 * The better-sqlite3 connection behind a database or an open transaction. Drizzle's transaction
 * object runs on the same connection and keeps it as session.client (not part of its typed API).
 */
function connectionOf(db: DbOrTx): Sqlite.Database {
  if ('$client' in db) return db.$client;
  return (db as unknown as { session: { client: Sqlite.Database } }).session.client;
}
