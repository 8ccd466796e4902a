import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../client';
import { createTestPostgres, type TestPostgres } from '../../test/postgres';
import type { Database } from '../../client';
import { closePostgres, openPostgres } from './client';
import { poolOf } from './database';

/**
 * The two engines' schemas must describe one database: the same tables, columns (type family and
 * nullability), primary keys and indexes (by name: columns, uniqueness, partial or not). A table or column added to one
 * engine only fails here, naming it.
 */
interface Shape {
  columns: Record<string, string>;
  primaryKey: string[];
  uniques: string[];
  indexes: Record<string, string>;
}

function family(type: string): string {
  const t = type.toLowerCase();
  if (t.includes('int')) return 'integer';
  if (t.includes('text') || t.includes('char')) return 'text';
  if (t.includes('blob') || t.includes('bytea')) return 'bytes';
  return t;
}

function sqliteShapes(): Record<string, Shape> {
  const db = openDatabase(':memory:');
  const client = db.$client;
  const tables = client
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'`,
    )
    .pluck()
    .all() as string[];
  const shapes: Record<string, Shape> = {};
  for (const table of tables) {
    const cols = client.prepare(`SELECT name, type, "notnull", pk FROM pragma_table_xinfo(?)`).all(table) as {
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }[];
    const shape: Shape = { columns: {}, primaryKey: [], uniques: [], indexes: {} };
    for (const c of cols) shape.columns[c.name] = `${family(c.type)}${c.notnull || c.pk ? ' not null' : ''}`;
    shape.primaryKey = cols
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const indexes = client.prepare('SELECT name, "unique", origin, partial FROM pragma_index_list(?)').all(table) as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    for (const index of indexes) {
      if (index.origin === 'pk') continue;
      const keys = client
        .prepare('SELECT name, coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno')
        .all(index.name) as {
        name: string | null;
        coll: string;
      }[];
      const columns = keys.map((k) => (k.coll === 'NOCASE' ? `lower(${k.name})` : (k.name ?? 'expression'))).join(', ');
      // An inline UNIQUE gets an anonymous index on SQLite: compared by its columns only.
      if (index.origin === 'u') shape.uniques.push(columns);
      else shape.indexes[index.name] = `${index.unique ? 'unique ' : ''}(${columns})${index.partial ? ' partial' : ''}`;
    }
    shape.uniques.sort();
    shapes[table] = shape;
  }
  client.close();
  return shapes;
}

async function postgresShapes(db: Database): Promise<Record<string, Shape>> {
  const pool = poolOf(db)!;
  const shapes: Record<string, Shape> = {};
  const tables = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  for (const { table_name: table } of tables.rows) {
    const shape: Shape = { columns: {}, primaryKey: [], uniques: [], indexes: {} };
    const cols = await pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [table],
    );
    for (const c of cols.rows)
      shape.columns[c.column_name] = `${family(c.data_type)}${c.is_nullable === 'NO' ? ' not null' : ''}`;
    const indexes = await pool.query<{
      name: string;
      unique: boolean;
      primary: boolean;
      partial: boolean;
      columns: string[];
    }>(
      `SELECT ic.relname AS name, i.indisunique AS unique, i.indisprimary AS primary, i.indpred IS NOT NULL AS partial,
              ARRAY(SELECT pg_get_indexdef(i.indexrelid, n, true) FROM generate_series(1, i.indnkeyatts) AS n ORDER BY n) AS columns
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace ns ON ns.oid = t.relnamespace
       WHERE ns.nspname = 'public' AND t.relname = $1`,
      [table],
    );
    for (const index of indexes.rows) {
      const columns = index.columns.map((c) => c.replaceAll('"', '')).join(', ');
      if (index.primary) shape.primaryKey = index.columns;
      else shape.indexes[index.name] = `${index.unique ? 'unique ' : ''}(${columns})${index.partial ? ' partial' : ''}`;
    }
    shape.uniques.sort();
    shapes[table] = shape;
  }
  return shapes;
}

describe('PostgreSQL and SQLite schemas', () => {
  let postgres: TestPostgres;
  let db: Database;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    db = await openPostgres(postgres.url);
  }, 60_000);

  afterAll(async () => {
    if (db) await closePostgres(db);
    await postgres?.stop();
  });

  it('have the same tables, columns, nullability, keys and indexes after their migrations', async () => {
    const sqlite = sqliteShapes();
    const postgresql = await postgresShapes(db);
    // PostgreSQL's own speed: the trigram index of Find student (drizzle-pg 0014); SQLite's LIKE needs none.
    expect(postgresql.students!.indexes.students_search_trgm_idx).toBe('(name, admission_no, cap_id, phone)');
    delete postgresql.students!.indexes.students_search_trgm_idx;
    expect(Object.keys(postgresql).sort(), 'tables').toEqual(Object.keys(sqlite).sort());
    for (const table of Object.keys(sqlite)) expect(postgresql[table], table).toEqual(sqlite[table]);
  });

  it('seed the same reference data, again without change on a second start', async () => {
    const sqlite = openDatabase(':memory:');
    const tables = [
      'departments',
      'courses',
      'categories',
      'religions',
      'fee_heads',
      'letterheads',
      'settings',
      'receipt_number_sequence',
    ];
    const again = await openPostgres(postgres.url);
    await closePostgres(again);
    for (const table of tables) {
      const expected = sqlite.$client.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
      const actual = await poolOf(db)!.query(`SELECT * FROM ${table} ORDER BY 1`);
      expect(actual.rows, table).toEqual(expected);
    }
    sqlite.$client.close();
  });
});
