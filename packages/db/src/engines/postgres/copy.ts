/**
 * Moves a foundation from its SQLite file to an empty PostgreSQL database (`pnpm db:copy`): every
 * table row for row with its ids, receipt numbers, the counter, the running totals and the audit log
 * (sessions and sign-in counts are dropped: everyone signs in again), in one transaction, parents
 * before children. The totals triggers are off while the copied totals go in as they were; identity
 * sequences then continue after the highest id. Afterwards each table's row count and the sum of each
 * money column are compared between the two databases. A file from an older version of the app is
 * copied from an up-to-date snapshot of it, so that what later migrations added and filled is there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import type pg from 'pg';
import { type Database, openDatabase, pendingMigrationCount } from '../../client';
import { sqliteDatabase } from '../sqlite';
import { DERIVED_FROM } from '../../derived';
import { poolOf } from './database';

const DROPPED = new Set(['sessions', 'sign_in_limits']);
/** A foundation's own data: a target with rows in any of these is in use (reference data alone is not). */
const OWN_DATA = ['users', 'batches', 'students', 'receipts', 'audit_log'];

export interface TableCheck {
  table: string;
  rows: { source: number; target: number };
  /** Per money column (`*_paise`): its sum in each database. */
  sums: Record<string, { source: number; target: number }>;
  ok: boolean;
}

export interface CopyResult {
  checks: TableCheck[];
  /** How many migrations the file lacked: copied then from a migrated snapshot of it (0: from the file itself). */
  sourceMigrated: number;
}

/**
 * The SQLite file to copy from: the file itself when it has every migration of this version, or else a
 * migrated snapshot of it in a temporary folder. The migrations add and fill what came since (such as
 * student_money, which every report reads), as the app's next start on the file would; the file itself
 * is left as it was.
 */
async function upToDateSource(sourcePath: string): Promise<{ path: string; migrated: number; remove: () => void }> {
  const file = new Sqlite(sourcePath, { readonly: true, fileMustExist: true });
  try {
    const migrated = pendingMigrationCount(sqliteDatabase(file));
    if (migrated === 0) return { path: sourcePath, migrated, remove: () => {} };
    const folder = mkdtempSync(join(tmpdir(), 'fees-copy-source-'));
    const path = join(folder, 'fees.sqlite');
    await file.backup(path);
    openDatabase(path).$client.close();
    return { path, migrated, remove: () => rmSync(folder, { recursive: true, force: true }) };
  } finally {
    file.close();
  }
}

/** The public tables in an order where every table comes after those its foreign keys point to. */
async function tablesInOrder(client: pg.PoolClient): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE k.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter(
      (t) => !placed.has(t) && edges.every((e) => e.child !== t || e.parent === t || placed.has(e.parent)),
    );
    if (next.length === 0) throw new Error('Foreign keys form a cycle');
    for (const t of next) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

async function columnsOf(client: pg.PoolClient, table: string): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return result.rows.map((r) => r.name);
}

/** Refuses a target holding accounts, students, receipts or history: only the seeded reference data may be there. */
async function assertEmpty(client: pg.PoolClient): Promise<void> {
  const used: string[] = [];
  for (const table of OWN_DATA) {
    const { rowCount } = await client.query(`SELECT 1 FROM "${table}" LIMIT 1`);
    if (rowCount) used.push(table);
  }
  if (used.length)
    throw new Error(`The target database is not empty (rows in ${used.join(', ')}): copy only into a new database`);
}

const BATCH_PARAMS = 30_000;

async function copyTable(
  source: Sqlite.Database,
  client: pg.PoolClient,
  table: string,
  columns: string[],
): Promise<void> {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const perBatch = Math.max(1, Math.floor(BATCH_PARAMS / columns.length));
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch
      .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
      .join(', ');
    await client.query(`INSERT INTO "${table}" (${list}) VALUES ${values}`, batch.flat());
    batch = [];
  };
  for (const row of source.prepare(`SELECT ${list} FROM "${table}"`).raw().iterate() as IterableIterator<unknown[]>) {
    batch.push(row);
    if (batch.length >= perBatch) await flush();
  }
  await flush();
}

async function checkTable(
  source: Sqlite.Database,
  client: pg.PoolClient,
  table: string,
  columns: string[],
): Promise<TableCheck> {
  const money = columns.filter((c) => c.endsWith('_paise'));
  const sumColumns = money.map((c, i) => `, coalesce(sum("${c}"), 0) AS s${i}`).join('');
  const select = `SELECT count(*) AS n${sumColumns} FROM "${table}"`;
  const fromSource = source.prepare(select).get() as Record<string, number>;
  const fromTarget = (await client.query(select)).rows[0] as Record<string, number | string>;
  const sums: TableCheck['sums'] = {};
  money.forEach((c, i) => {
    sums[c] = { source: Number(fromSource[`s${i}`]), target: Number(fromTarget[`s${i}`]) };
  });
  const rows = { source: Number(fromSource.n), target: Number(fromTarget.n) };
  const ok = rows.source === rows.target && Object.values(sums).every((s) => s.source === s.target);
  return { table, rows, sums, ok };
}

/**
 * Copies the SQLite file at `sourcePath` into `target` (migrated and seeded, otherwise unused) and
 * returns the per-table checks. Throws, writing nothing, when the target holds data already.
 */
export async function copySqliteToPostgres(sourcePath: string, target: Database): Promise<CopyResult> {
  const pool = poolOf(target);
  if (!pool) throw new Error('The target is not a PostgreSQL database');
  const upToDate = await upToDateSource(sourcePath);
  const source = new Sqlite(upToDate.path, { readonly: true, fileMustExist: true });
  const client = await pool.connect();
  try {
    const sourceTables = new Set(
      source.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[],
    );
    const tables = (await tablesInOrder(client)).filter((t) => !DROPPED.has(t) && sourceTables.has(t));
    await client.query('BEGIN');
    try {
      await assertEmpty(client);
      await client.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`);
      for (const table of DERIVED_FROM) await client.query(`ALTER TABLE "${table}" DISABLE TRIGGER USER`);
      const columns = new Map<string, string[]>();
      for (const table of tables) {
        const targetColumns = await columnsOf(client, table);
        const present = new Set(source.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
        columns.set(
          table,
          targetColumns.filter((c) => present.has(c)),
        );
        await copyTable(source, client, table, columns.get(table)!);
      }
      for (const table of DERIVED_FROM) await client.query(`ALTER TABLE "${table}" ENABLE TRIGGER USER`);
      // Identity sequences continue after the copied ids.
      const identities = await client.query<{ table: string; column: string }>(
        `SELECT table_name AS table, column_name AS column FROM information_schema.columns
         WHERE table_schema = 'public' AND is_identity = 'YES'`,
      );
      for (const { table, column } of identities.rows) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'),
             coalesce((SELECT max("${column}") FROM "${table}"), 0) + 1, false)`,
        );
      }
      await client.query('COMMIT');
      const checks: TableCheck[] = [];
      for (const table of tables) checks.push(await checkTable(source, client, table, columns.get(table)!));
      return { checks, sourceMigrated: upToDate.migrated };
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    client.release();
    source.close();
    upToDate.remove();
  }
}
