import type Sqlite from 'better-sqlite3';
import type { Database } from '../client';

const cache = new WeakMap<Sqlite.Database, Map<string, Sqlite.Statement>>();

/**
 * A better-sqlite3 statement compiled once per connection and reused: the receipt counter's hot
 * path runs a handful of these per receipt instead of building and compiling SQL on every call.
 * Statements run on the connection, so inside a `db.transaction` callback they join the transaction.
 */
export function prepared<Row = unknown>(db: Database, text: string): Sqlite.Statement<unknown[], Row> {
  let statements = cache.get(db.$client);
  if (!statements) {
    statements = new Map();
    cache.set(db.$client, statements);
  }
  let statement = statements.get(text);
  if (!statement) {
    statement = db.$client.prepare(text);
    statements.set(text, statement);
  }
  return statement as Sqlite.Statement<unknown[], Row>;
}
