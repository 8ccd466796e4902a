import { join } from 'node:path';
import {
  closePostgres,
  copySqliteToPostgres,
  type Database,
  insertUser,
  openDatabase,
  openPostgres,
  poolOf,
  transaction,
} from '@fees/db';
import { temporaryFolder } from '@fees/db/testing';
import { createTestPostgres, type TestPostgres } from '@fees/db/testing/postgres';
import { createCaller } from '@fees/server';
import { resolveSession, startSession } from '@fees/server/auth/sessions';
import { createContextInner } from '@fees/server/context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from './demo';

/** The app's procedures on one database, as an admin (the copy carries no sessions: one is started on each side). */
async function adminCaller(db: Database) {
  const user = await transaction(db, (tx) =>
    insertUser(tx, { email: 'copy.check@test.local', passwordHash: 'not-used', role: 'admin', departmentIds: [] }),
  );
  const session = await resolveSession(db, await startSession(db, user.id, null));
  return createCaller(createContextInner({ db, session }));
}

/**
 * What the report screens show on one database: per course the fee receipts and the dues (every
 * student, settled or not), and the collections of each department and of all of them over the
 * receipts' whole span.
 */
async function reportsOf(
  db: Database,
  courses: Array<{ depId: number; courseId: number }>,
  span: { from: string; to: string },
) {
  const caller = await adminCaller(db);
  const result: Record<string, unknown> = {};
  for (const { depId, courseId } of courses) {
    result[`feeReceipts ${depId}/${courseId}`] = await caller.reports.feeReceipts({ depId, courseId });
    result[`dues ${depId}/${courseId}`] = await caller.reports.dues({ depId, courseId, includeSettled: true });
  }
  for (const depId of new Set(courses.map((c) => c.depId)))
    result[`collections ${depId}`] = await caller.reports.collections({ ...span, depId });
  result.collections = await caller.reports.collections(span);
  return result;
}

/** Rows as JSON texts in one order, whatever order each engine returned them in. */
function sorted(rows: Record<string, unknown>[]): string[] {
  return rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
}

describe('pnpm db:copy', () => {
  let postgres: TestPostgres;
  const path = join(temporaryFolder('fees-copy-'), 'demo.sqlite');

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
      const { checks, sourceMigrated } = await copySqliteToPostgres(path, target);
      expect(sourceMigrated).toBe(0);
      expect(checks.filter((c) => !c.ok)).toEqual([]);
      const byTable = new Map(checks.map((c) => [c.table, c]));
      expect(byTable.get('receipts')!.rows.target).toBeGreaterThan(100);
      expect(byTable.get('receipts')!.sums.net_paise!.target).toBeGreaterThan(0);
      expect(byTable.has('sessions')).toBe(false);
      const source = openDatabase(path, { prepare: false });
      const pool = poolOf(target)!;
      for (const table of [
        'receipt_number_sequence',
        'daily_mode_collections',
        'student_money',
        'course_batch_receipts',
      ]) {
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

  it('the app on the copy shows the same reports as on the original: fee receipts, dues, collections', async () => {
    const target = await openPostgres(postgres.url, { prepare: false });
    const source = openDatabase(path, { prepare: false });
    try {
      const courses = source.$client
        .prepare('SELECT DISTINCT department_id AS depId, course_id AS courseId FROM students ORDER BY 1, 2')
        .all() as Array<{ depId: number; courseId: number }>;
      const span = source.$client.prepare(`SELECT min(date) AS "from", max(date) AS "to" FROM receipts`).get() as {
        from: string;
        to: string;
      };
      expect(courses.length).toBeGreaterThan(5);
      const original = await reportsOf(source, courses, span);
      expect((original.collections as { overall: { count: number } }).overall.count).toBeGreaterThan(100);
      const copied = await reportsOf(target, courses, span);
      expect(Object.keys(copied)).toEqual(Object.keys(original));
      for (const [report, value] of Object.entries(original)) expect(copied[report], report).toEqual(value);
    } finally {
      source.$client.close();
      await closePostgres(target);
    }
  }, 120_000);
});
