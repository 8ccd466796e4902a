/**
 * Whole-database helpers for backups, on a raw better-sqlite3 connection (a snapshot file is opened
 * without Drizzle): row counts per table and an SQL text dump in the manner of sqlite3's `.dump`.
 */
import type Sqlite from 'better-sqlite3';

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (Buffer.isBuffer(value)) return `X'${value.toString('hex')}'`;
  throw new Error(`Cannot write ${typeof value} as SQL`);
}

function userTables(client: Sqlite.Database): string[] {
  return client
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .pluck()
    .all() as string[];
}

/** Rows per table of the database's own tables, in one query. */
export function tableRowCounts(client: Sqlite.Database): Record<string, number> {
  const tables = userTables(client);
  if (tables.length === 0) return {};
  const union = tables
    .map((t) => `select ${sqlLiteral(t)} as name, count(*) as n from ${quoteIdentifier(t)}`)
    .join(' union all ');
  const rows = client.prepare(union).all() as { name: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

/**
 * The database as SQL text, in chunks of up to rowsPerChunk INSERT lines: tables, their rows, the AUTOINCREMENT
 * counters, then indexes, views and triggers (a trigger may be on a view), in one transaction with foreign keys off
 * (rows load in any order). Integers come out exactly (safe integers), text quoted, blobs as X'..'. The connection
 * should see a snapshot that no one writes to while the dump is read.
 */
export function* sqlDumpChunks(client: Sqlite.Database, rowsPerChunk = 500): Generator<string> {
  yield 'PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n';
  const objects = client
    .prepare(
      `select type, name, sql from sqlite_master where sql is not null and name not like 'sqlite_%'
       order by case type when 'table' then 0 when 'index' then 1 when 'view' then 2 else 3 end, rowid`,
    )
    .all() as { type: string; name: string; sql: string }[];
  const rowsOf = function* (table: string, insertInto: string) {
    const select = client
      .prepare(`select * from ${quoteIdentifier(table)}`)
      .raw(true)
      .safeIntegers(true);
    let lines: string[] = [];
    for (const row of select.iterate() as Iterable<unknown[]>) {
      lines.push(`INSERT INTO ${insertInto} VALUES(${row.map(sqlLiteral).join(',')});`);
      if (lines.length >= rowsPerChunk) {
        yield `${lines.join('\n')}\n`;
        lines = [];
      }
    }
    if (lines.length > 0) yield `${lines.join('\n')}\n`;
  };
  for (const table of objects.filter((o) => o.type === 'table')) {
    yield `${table.sql};\n`;
    yield* rowsOf(table.name, quoteIdentifier(table.name));
  }
  const hasSequence = client.prepare("select 1 from sqlite_master where name = 'sqlite_sequence'").get();
  if (hasSequence) {
    yield 'DELETE FROM sqlite_sequence;\n';
    yield* rowsOf('sqlite_sequence', 'sqlite_sequence');
  }
  for (const other of objects.filter((o) => o.type !== 'table')) yield `${other.sql};\n`;
  yield 'COMMIT;\n';
}
