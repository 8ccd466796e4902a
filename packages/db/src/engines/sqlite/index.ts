import type Sqlite from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import type { Database } from '../../client';
import type { Engine } from '../index';
import { databaseOn } from './connection';
import { sqliteSql } from './engine-sql';
import { row, rows, run, transaction } from './runner';
import { inWriteTransaction, runInWriteBatch } from './write-batcher';

/**
 * SQLite as the engine (engines/index.ts): one connection shared by the whole server, its lock
 * (connection.ts), the group commit of writes (write-batcher.ts) and its own pieces of SQL.
 */
export const sqliteEngine: Engine = {
  sql: sqliteSql,
  rows,
  row,
  run,
  transaction,
  runInWriteBatch,
  inWriteTransaction,
  // Writing the row takes SQLite's write lock at once (the transaction is IMMEDIATE anyway): a
  // concurrent writer of the same student waits as on PostgreSQL.
  lockStudents: async (tx, where) => {
    await run(tx, sql`UPDATE students SET version = version WHERE ${where}`);
  },
  // One connection: reads queue behind each other, so reading ahead only holds more in memory.
  readsOverlap: false,
};

/** The app's database over this SQLite connection. */
export function sqliteDatabase(client: Sqlite.Database): Database {
  return databaseOn(client, sqliteEngine);
}
