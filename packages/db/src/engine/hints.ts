import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { postgresHints } from '../engines/postgres/hints';
import { isPostgres } from '../engines/postgres/database';
import { sqliteHints } from '../engines/sqlite/hints';

/**
 * Planner hints for the few report statements whose plan one engine gets wrong on its own. A query
 * writes the hint where it belongs (`FROM receipts r ${hints.indexedBy('receipts_live_course_idx')}`)
 * and each engine renders its own SQL for it, from its folder: SQLite's hints, or nothing on an engine
 * that plans without them.
 */
export interface PlannerHints {
  /** After a table and its alias: read it through this index. */
  indexedBy(index: string): SQL;
  /** Between two tables, with an ON clause: a join that keeps the left table the outer loop. */
  joinInOrder: SQL;
}

/** The hints as this database's engine writes them. */
export function plannerHints(db: DbOrTx): PlannerHints {
  return isPostgres(db) ? postgresHints : sqliteHints;
}
