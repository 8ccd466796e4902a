import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { isPostgres } from '../engines/postgres/database';
import { postgresSql } from '../engines/postgres/engine-sql';
import { sqliteSql } from '../engines/sqlite/engine-sql';
import { row } from './runner';

/**
 * The few pieces of SQL that each engine writes its own way (for speed, or because only the engine
 * knows the answer, like its version): a query writes the piece where it belongs
 * (`FROM receipts r ${engineSql(db).indexedBy('receipts_live_course_idx')}`) and each engine's
 * folder renders it (engines/sqlite/engine-sql.ts, engines/postgres/engine-sql.ts).
 * Everything else in the shared queries is one text for both.
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
}

/** The pieces as this database's engine writes them. */
export function engineSql(db: DbOrTx): EngineSql {
  return isPostgres(db) ? postgresSql : sqliteSql;
}

/** The database engine's version (a health check's trivial query). */
export async function engineVersion(db: DbOrTx): Promise<string> {
  return (await row<{ version: string }>(db, engineSql(db).version))!.version;
}
