import type { SQL } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import type { Query } from './query';
import type { NumberedReceiptParams } from '../queries/receipts';

/**
 * The engine seam: what shared code may ask of the database it runs on, without knowing which engine
 * that is. Each engine's folder implements it (sqlite/, postgres/) and ties every database view it
 * makes to itself when it opens (`tieToEngine`); a query reaches it through engineOf(db) or the
 * functions below. Query functions run SQL of their own only through `rows`, `row` and `run`, as
 * Drizzle's sql`...` templates (values as `${value}`, bound by each engine's dialect; an array as one
 * value through `sql.param`), or a statement every receipt or request runs built once with placeholders
 * and bound at each run (`bound`, query.ts); Drizzle's builder, awaited, covers the rest: `await db.select()...`.
 * Templates are written once for both engines: camelCase aliases double-quoted (`AS "departmentId"`),
 * `coalesce` rather than `ifnull`, the current time as a value from timestampNow() (queries/now.ts);
 * queries/engine-neutral.test.ts fails on a text that forgets. Outside a write pass the app's `db`
 * (`Database`); inside one, the `WriteTx` the callback was given: a query that writes accepts only
 * that, and the root is not one.
 */

/**
 * The few pieces of SQL that each engine writes its own way (for speed, or because only the engine
 * knows the answer, like its version): a query writes the piece where it belongs
 * (`FROM receipts r ${engineSql(db).indexedBy('receipts_live_course_idx')}`).
 */
export interface EngineSql {
  /** Planner hint after a table and its alias: read it through this index. */
  indexedBy(index: string): SQL;
  /** Planner hint between two tables, with an ON clause: a join that keeps the left table the outer loop. */
  joinInOrder: SQL;
  /**
   * Planner hint after `AS` of a common table expression whose columns are expressions read several
   * times each (a student's balance in every sum): computed once per row rather than copied into
   * each reader.
   */
  computedOnce: SQL;
  /** The LIKE operator that ignores case (queries/like.ts builds searches with it). */
  likeIgnoringCase: 'LIKE' | 'ILIKE';
  /** A statement answering the engine's own version as `version`. */
  version: SQL;
  /**
   * After `SELECT ... FROM students s`: what keeps the rows read locked until the transaction ends
   * (`s` is the alias), where the engine's write transaction does not already (SQLite's holds the
   * whole database).
   */
  lockedUntilCommit(alias: string): SQL;
  /** The whole days from 1970-01-01 to a yyyy-MM-dd date `column`, as an integer (dayNumber's numbering). */
  daysSince1970(column: string): string;
  /**
   * At the end of a subquery choosing rows to claim: rows another server is claiming at this moment are
   * passed over rather than waited for (PostgreSQL's FOR UPDATE SKIP LOCKED). Empty where one writer at
   * a time holds the whole database (SQLite): a claim there cannot meet another.
   */
  skipLocked: SQL;
  /**
   * Many rows bound as one value, a JSON array of arrays (`JSON.stringify(rows)`): after FROM, the table of
   * its rows named `alias`; `jsonCell(alias, k, type)` reads each row's k-th value. One parameter however
   * many rows, where each bound value costs Drizzle's dialect and the driver more than the engine takes to
   * write the row.
   */
  jsonRows(json: string, alias: string): SQL;
  jsonCell(alias: string, index: number, type: 'text' | 'integer'): SQL;
}

export interface Engine {
  readonly sql: EngineSql;
  rows<T>(db: Reader, query: Query): Promise<T[]>;
  row<T>(db: Reader, query: Query): Promise<T | undefined>;
  run(db: Reader, query: Query): Promise<{ changes: number }>;
  /** One transaction: all its writes commit together, or none when `work` throws; in a `tx`, a savepoint. */
  transaction<T>(db: Reader, work: (tx: WriteTx) => Promise<T>): Promise<T>;
  /** One write, committed (durably) before the promise settles; the engine may group it with others. */
  runInWriteBatch<T>(db: Reader, work: (tx: WriteTx) => Promise<T>): Promise<T>;
  /** `work` atomically: inside the open transaction when given its `tx`, else in one of its own. */
  inWriteTransaction<T>(db: Reader, work: (tx: WriteTx) => Promise<T>): Promise<T>;
  /** Locks the students matching `where` (a condition on `students`) until the transaction ends. */
  lockStudents(tx: WriteTx, where: SQL): Promise<void>;
  /**
   * Reads issued together run side by side (a pool of connections) rather than one after another:
   * a report may read the next part while it computes this one.
   */
  readonly readsOverlap: boolean;
  /**
   * Numbers a receipt and writes it with its lines, audit row and cheque in one statement, for an
   * engine where each statement's round trip holds the counter's lock longer (queries/receipts.ts runs
   * the steps one by one where there is none).
   */
  readonly insertNumberedReceipt?: (
    tx: WriteTx,
    params: NumberedReceiptParams,
  ) => Promise<{ id: number; number: number }>;
}

const engines = new WeakMap<object, Engine>();

/** Called by an engine for every database view it makes (the app's `db` and each `tx`). */
export function tieToEngine<D extends object>(db: D, engine: Engine): D {
  engines.set(db, engine);
  return db;
}

/** The engine this database runs on. */
export function engineOf(db: Reader): Engine {
  const engine = engines.get(db);
  if (!engine) throw new Error('Not a database opened by @fees/db');
  return engine;
}

/** The pieces of SQL as this database's engine writes them. */
export function engineSql(db: Reader): EngineSql {
  return engineOf(db).sql;
}

export { type Bound, bound, type Query } from './query';

/** Every row the query returns. */
export function rows<T>(db: Reader, query: Query): Promise<T[]> {
  return engineOf(db).rows<T>(db, query);
}

/** The first row the query returns, or undefined. */
export function row<T>(db: Reader, query: Query): Promise<T | undefined> {
  return engineOf(db).row<T>(db, query);
}

/** Runs a statement that returns no rows; says how many rows it changed. */
export function run(db: Reader, query: Query): Promise<{ changes: number }> {
  return engineOf(db).run(db, query);
}

/**
 * Runs `work` in one transaction: all its writes commit together, or none when it throws. `work` must
 * run every query on `tx`, never on `db`: on SQLite a query on `db` would wait for this very
 * transaction to end. Naming the callback's parameter as the root it hides (`async (db) => ...`) keeps
 * the root out of reach; the server's domain writes go through `inTransaction`, whose callback gets the
 * context without `db`. Called with a `tx`, it nests as a savepoint (rolled back alone).
 */
export function transaction<T>(db: Reader, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  return engineOf(db).transaction(db, work);
}

/**
 * Runs a write in the engine's next commit and resolves with its result once it is durable (or
 * rejects with its error). `work` must run every query on the `tx` it is given.
 */
export function runInWriteBatch<T>(db: Reader, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  return engineOf(db).runInWriteBatch(db, work);
}

/** Runs a write atomically: in the open transaction when given its `tx`, else in one of its own. */
export function inWriteTransaction<T>(db: Reader, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  return engineOf(db).inWriteTransaction(db, work);
}

/** The database engine's version (a health check's trivial query). */
export async function engineVersion(db: Reader): Promise<string> {
  return (await row<{ version: string }>(db, engineSql(db).version))!.version;
}

/** A constant string as an SQL literal, for a text that must not bind it (see queries/balances.ts). */
export function textLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
