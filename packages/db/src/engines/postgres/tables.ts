/**
 * PostgreSQL's tables, built from the one declaration of every table in src/schema: a table or column
 * is declared once, for SQLite's builder, and this file gives PostgreSQL the same names, keys,
 * indexes and checks with its own types. drizzle-kit reads these to write drizzle-pg's migrations;
 * the parity test compares the two live databases.
 *
 * What differs per engine, and only here:
 * - money in paise and epoch milliseconds are 64-bit (`bigint`, read as a JS number: paise fit in 2^53);
 *   SQLite's INTEGER is 64-bit already;
 * - an autoincrement id is an identity column (an explicit id is kept, as on SQLite);
 * - "now" is the same ISO text in UTC as SQLite's strftime writes, so one SQL text reads both;
 * - an index on `column COLLATE NOCASE` becomes one on `lower(column)` (how PostgreSQL matches
 *   without case);
 * - a blob is `bytea`;
 * - a yyyy-MM-dd column refuses a day no calendar has (2026-02-30) through a CHECK with is_calendar_date, the SQL
 *   function of migration 0015_calendar_dates (SQLite's triggers of 0020_calendar_dates refuse the same rows: a
 *   CHECK there would mean rebuilding each table).
 */
import { type AnyColumn, Column, is, SQL, type SQLChunk, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  customType,
  foreignKey,
  index,
  integer,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../../schema';
import { CALENDAR_DATE_COLUMNS } from '../../schema/calendar-dates';

/** Integer columns that hold more than 2^31: paise, and epoch milliseconds. */
const EPOCH_MILLISECONDS = new Set(['expires_at', 'window_start']);
const isBig = (name: string) => name.endsWith('_paise') || EPOCH_MILLISECONDS.has(name);

const NOW_SQLITE = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
const NOW_POSTGRES = sql`(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
const NOCASE = /\s*COLLATE NOCASE\s*$/i;

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The SQL text of a default written as sql`...` (its chunks are plain strings). */
function sqlText(value: SQL): string {
  return value.queryChunks
    .map((chunk) => (chunk && typeof chunk === 'object' && 'value' in chunk ? (chunk.value as string[]).join('') : ''))
    .join('');
}

/** What columnOf chains on any of the builders it starts from. */
interface Builder extends PgColumnBuilderBase {
  primaryKey(): Builder;
  notNull(): Builder;
  unique(): Builder;
  default(value: unknown): Builder;
}

type SqliteColumn = ReturnType<typeof getTableConfig>['columns'][number];

function baseOf(column: SqliteColumn) {
  const { name } = column;
  switch (column.columnType) {
    case 'SQLiteInteger':
      return isBig(name) ? bigint(name, { mode: 'number' }) : integer(name);
    case 'SQLiteText':
      return text(name, { enum: column.enumValues as [string, ...string[]] | undefined });
    case 'SQLiteBlobBuffer':
      return bytea(name);
    default:
      throw new Error(`No PostgreSQL type for ${name} (${column.columnType})`);
  }
}

function columnOf(column: SqliteColumn): PgColumnBuilderBase {
  const { name } = column;
  if (column.columnType === 'SQLiteInteger' && column.primary && (column as { autoIncrement?: boolean }).autoIncrement)
    return integer(name).primaryKey().generatedByDefaultAsIdentity();
  let builder = baseOf(column) as unknown as Builder;
  if (column.primary) builder = builder.primaryKey();
  if (column.notNull && !column.primary) builder = builder.notNull();
  if (column.isUnique) builder = builder.unique();
  const value = column.default;
  if (value !== undefined)
    builder = builder.default(is(value, SQL) && sqlText(value) === NOW_SQLITE ? NOW_POSTGRES : value);
  return builder;
}

/** The same SQL over PostgreSQL's columns (an index's expression, a partial index's WHERE, a check). */
function remap(expression: SQL, columns: Record<string, AnyPgColumn>): SQL {
  const chunks: SQLChunk[] = expression.queryChunks.map((chunk) =>
    is(chunk, Column) ? columns[(chunk as AnyColumn).name]! : is(chunk, SQL) ? remap(chunk, columns) : chunk,
  );
  return new SQL(chunks);
}

/** An index column: a column, or SQLite's `column COLLATE NOCASE` as `lower(column)`. */
function indexColumn(part: AnyColumn | SQL, columns: Record<string, AnyPgColumn>): AnyPgColumn | SQL {
  if (is(part, Column)) return columns[part.name]!;
  const chunks = part.queryChunks;
  const column = chunks.find((chunk) => is(chunk, Column)) as AnyColumn | undefined;
  const rest = chunks.filter((chunk) => !is(chunk, Column)).map((chunk) => sqlText(new SQL([chunk])));
  if (column && rest.join('').replace(NOCASE, '').trim() === '') return sql`lower(${columns[column.name]!})`;
  return remap(part, columns);
}

const built = new Map<string, ReturnType<typeof pgTable>>();

function tableOf(table: SQLiteTable): ReturnType<typeof pgTable> {
  const config = getTableConfig(table);
  const existing = built.get(config.name);
  if (existing) return existing;
  const columns = Object.fromEntries(
    Object.entries(table).flatMap(([key, value]) =>
      is(value, Column) ? [[key, columnOf(value as SqliteColumn)] as const] : [],
    ),
  );
  const result = pgTable(config.name, columns, (t) => {
    const byName = Object.fromEntries(Object.values(t).map((column) => [column.name, column])) as Record<
      string,
      AnyPgColumn
    >;
    const extras: PgTableExtraConfigValue[] = [];
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      const target = tableOf(reference.foreignTable as SQLiteTable) as unknown as Record<string, AnyPgColumn>;
      const targetByName = Object.fromEntries(Object.values(target).map((column) => [column.name, column]));
      let fk = foreignKey({
        columns: reference.columns.map((column) => byName[column.name]!) as [AnyPgColumn, ...AnyPgColumn[]],
        foreignColumns: reference.foreignColumns.map((column) => targetByName[column.name]!) as [
          AnyPgColumn,
          ...AnyPgColumn[],
        ],
      });
      if (key.onDelete) fk = fk.onDelete(key.onDelete);
      if (key.onUpdate) fk = fk.onUpdate(key.onUpdate);
      extras.push(fk);
    }
    for (const key of config.primaryKeys) {
      extras.push(
        primaryKey({ columns: key.columns.map((column) => byName[column.name]!) as [AnyPgColumn, ...AnyPgColumn[]] }),
      );
    }
    for (const { config: ix } of config.indexes) {
      const parts = ix.columns.map((part) => indexColumn(part as AnyColumn | SQL, byName));
      const on = (ix.unique ? uniqueIndex(ix.name) : index(ix.name)).on(
        ...(parts as [AnyPgColumn | SQL, ...(AnyPgColumn | SQL)[]]),
      );
      extras.push(ix.where ? on.where(remap(ix.where, byName)) : on);
    }
    for (const rule of config.checks) extras.push(check(rule.name, remap(rule.value, byName)));
    for (const name of CALENDAR_DATE_COLUMNS[config.name] ?? [])
      extras.push(check(`${config.name}_${name}_calendar`, sql`is_calendar_date(${byName[name]!})`));
    return extras;
  });
  built.set(config.name, result);
  return result;
}

/** Every table of src/schema, by the same export name, as PostgreSQL's. */
export const postgresTables = Object.fromEntries(
  Object.entries(schema).flatMap(([key, value]) => (is(value, SQLiteTable) ? [[key, tableOf(value)] as const] : [])),
);
