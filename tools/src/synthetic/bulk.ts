/**
 * Bulk-load mode for a fresh SQLite file: no journal, no fsync, no foreign-key checks, a large
 * page cache, and the secondary indexes and triggers of the big tables dropped during the load and
 * made again after (a sorted build is several times faster than a million random index inserts;
 * the receipts' running totals are then filled by one GROUP BY instead of a trigger per row). Both
 * are made again from the exact SQL the migrations created, so the schema ends identical.
 */
import { DERIVED_FROM, type Database, rebuildDerivedTables, transaction } from '@fees/db';

const BIG_TABLES = ['students', 'discounts', 'receipts', 'receipt_lines', 'student_payments', 'audit_log'];
/**
 * Whose triggers are dropped too: the big tables' and those the derived tables are kept from, filled once after the
 * load.
 */
const TRIGGERED_TABLES = [...new Set([...BIG_TABLES, ...DERIVED_FROM])];

export interface BulkLoad {
  /**
   * Rebuilds the indexes, the triggers and the running totals, restores WAL + synchronous=FULL + foreign keys, and runs
   * ANALYZE.
   */
  finish(log: (phase: string, startedAt: number) => void): Promise<void>;
}

export function beginBulkLoad(db: Database): BulkLoad {
  const sqlite = db.$client;
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('cache_size = -1048576');
  const placeholders = (names: string[]) => names.map(() => '?').join(', ');
  const indexes = sqlite
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null ` +
        `and tbl_name in (${placeholders(BIG_TABLES)})`,
    )
    .all(...BIG_TABLES) as { name: string; sql: string }[];
  for (const index of indexes) sqlite.exec(`drop index "${index.name}"`);
  const triggers = sqlite
    .prepare(
      `select name, sql from sqlite_master where type = 'trigger' and tbl_name in (${placeholders(TRIGGERED_TABLES)})`,
    )
    .all(...TRIGGERED_TABLES) as { name: string; sql: string }[];
  for (const trigger of triggers) sqlite.exec(`drop trigger "${trigger.name}"`);

  return {
    async finish(log) {
      let startedAt = performance.now();
      for (const index of indexes) sqlite.exec(index.sql);
      log(`rebuilt ${indexes.length} indexes`, startedAt);
      startedAt = performance.now();
      // Before the triggers: student_payments' own would rebuild a student's text at each line.
      await transaction(db, (tx) => rebuildDerivedTables(tx));
      for (const trigger of triggers) sqlite.exec(trigger.sql);
      log(`made ${triggers.length} triggers again, the receipts' running totals and student_money`, startedAt);
      startedAt = performance.now();
      const problems = sqlite.pragma('foreign_key_check') as unknown[];
      if (problems.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(problems.slice(0, 3))}`);
      log('foreign key check', startedAt);
      startedAt = performance.now();
      sqlite.exec('analyze');
      log('analyze', startedAt);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('synchronous = FULL');
      sqlite.pragma('foreign_keys = ON');
    },
  };
}
