import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closePostgres, copySqliteToPostgres, openDatabase, openPostgres, poolOf } from '@fees/db';
import { createTestPostgres, type TestPostgres } from '@fees/db/testing/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from './demo';

/** Rows as JSON texts in one order, whatever order each engine returned them in. */
function sorted(rows: Record<string, unknown>[]): string[] {
  return rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
}

describe('pnpm db:copy', () => {
  let postgres: TestPostgres;
  const path = join(mkdtempSync(join(tmpdir(), 'fees-copy-')), 'demo.sqlite');

  beforeAll(async () => {
    const demo = openDatabase(path);
    await loadDemoData(demo);
    demo.$client.close();
    postgres = await createTestPostgres();
  }, 120_000);

  afterAll(async () => {
    await postgres?.stop();
  });

  it('copies the demo database: every table with equal row counts and money sums, totals and the counter as they were', async () => {
    const target = await openPostgres(postgres.url);
    try {
      const checks = await copySqliteToPostgres(path, target);
      expect(checks.filter((c) => !c.ok)).toEqual([]);
      const byTable = new Map(checks.map((c) => [c.table, c]));
      expect(byTable.get('receipts')!.rows.target).toBeGreaterThan(100);
      expect(byTable.get('receipts')!.sums.net_paise!.target).toBeGreaterThan(0);
      expect(byTable.has('sessions')).toBe(false);
      const source = openDatabase(path, { prepare: false });
      const pool = poolOf(target)!;
      for (const table of ['receipt_number_sequence', 'daily_mode_collections', 'student_paid', 'course_batch_receipts']) {
        const expected = source.$client.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
        expect(sorted((await pool.query(`SELECT * FROM ${table}`)).rows), table).toEqual(sorted(expected));
      }
      // New rows continue after the copied ids, and the triggers are on again.
      const { rows } = await pool.query(`INSERT INTO religions (name) VALUES ('Copied later') RETURNING id`);
      const maxId = source.$client.prepare('SELECT max(id) AS id FROM religions').get() as { id: number };
      expect(rows[0].id).toBe(maxId.id + 1);
      source.$client.close();
      await expect(copySqliteToPostgres(path, target)).rejects.toThrow('The target database is not empty');
    } finally {
      await closePostgres(target);
    }
  }, 120_000);
});
