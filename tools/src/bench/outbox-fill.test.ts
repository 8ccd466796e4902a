import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, outboxPage } from '@fees/db';
import { addDays } from '@fees/money';
import type Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSynthetic } from '../synthetic/seed';
import { FILL_ROWS, fillOutbox, type OutboxFillResult } from './outbox-fill';

const TODAY = '2026-11-21';
const NOW = new Date('2026-11-21T11:00:00+05:30');
const ROWS = 20 * FILL_ROWS + 250;
const dir = mkdtempSync(join(tmpdir(), 'fees-outbox-fill-'));
let db: ReturnType<typeof openDatabase>;
let sqlite: Sqlite.Database;
let fill: OutboxFillResult;

function value<T = number>(sql: string, ...params: unknown[]): T {
  return sqlite
    .prepare(sql)
    .pluck()
    .get(...params) as T;
}

beforeAll(async () => {
  const path = join(dir, 'a.sqlite');
  await seedSynthetic({ out: path, students: 200, years: 3, seed: 7, force: false, today: TODAY });
  db = openDatabase(path);
  sqlite = db.$client;
  fill = fillOutbox(sqlite, { rows: ROWS, today: TODAY, now: NOW, seed: 3 });
}, 60_000);

afterAll(() => sqlite.close());

describe('fillOutbox', () => {
  it('writes every row asked for, over the last two years, each about a student of its department', () => {
    expect(fill.rows).toBe(ROWS);
    expect(value('SELECT count(*) FROM messages')).toBe(ROWS);
    const first = addDays(TODAY, -729);
    expect(value<string>('SELECT min(created_at) FROM messages') >= `${addDays(first, -1)}T18:30`).toBe(true);
    expect(value<string>('SELECT max(created_at) FROM messages') < `${TODAY}T18:30`).toBe(true);
    expect(
      value(`SELECT count(*) FROM messages m JOIN students s ON s.id = m.student_id
             WHERE s.department_id <> m.department_id`),
    ).toBe(0);
    expect(
      value(`SELECT count(*) FROM messages m LEFT JOIN receipts r ON r.number = m.receipt_number
             WHERE m.receipt_number IS NOT NULL AND (r.id IS NULL OR r.student_id <> m.student_id)`),
    ).toBe(0);
    expect(value("SELECT count(*) FROM messages WHERE event = 'daily_summary' AND department_id IS NULL")).toBe(
      730 * 2,
    );
  });

  it('has messages sent, delivered, read, failed with a reason, cancelled, and pending only of late', () => {
    expect(Object.keys(fill.byStatus).sort()).toEqual(['cancelled', 'delivered', 'failed', 'queued', 'read', 'sent']);
    expect(fill.byStatus.sent! + fill.byStatus.delivered! + fill.byStatus.read!).toBeGreaterThan(ROWS * 0.8);
    expect(value("SELECT count(*) FROM messages WHERE status = 'failed' AND error IS NULL")).toBe(0);
    expect(
      value("SELECT count(*) FROM messages WHERE status IN ('sent', 'delivered', 'read') AND sent_at IS NULL"),
    ).toBe(0);
    // Pending ones wait beyond the run: the worker of a bench run leaves them.
    expect(value<string>("SELECT min(not_before) FROM messages WHERE status = 'queued'") > NOW.toISOString()).toBe(
      true,
    );
    expect(
      value<string>("SELECT min(created_at) FROM messages WHERE status = 'queued'") >= `${addDays(TODAY, -2)}T18:30`,
    ).toBe(true);
    expect(Object.keys(fill.byEvent)).toEqual(
      expect.arrayContaining(['receipt_created', 'receipt_voided', 'reminder_after', 'notice_issued', 'daily_summary']),
    );
  });

  it("is read by the Messages screen's query: a family's reminder is found under its second child", async () => {
    const row = sqlite
      .prepare(
        `SELECT department_id AS departmentId, family_student_ids AS children FROM messages
         WHERE event LIKE 'reminder_%' AND json_array_length(family_student_ids) = 2 LIMIT 1`,
      )
      .get() as { departmentId: number; children: string };
    const second = (JSON.parse(row.children) as number[])[1]!;
    const page = await outboxPage(db, { departmentId: row.departmentId, studentId: second, limit: 1000, offset: 0 });
    expect(page.count).toBeGreaterThan(0);
    expect(page.rows.some((m) => m.event.startsWith('reminder_') && m.studentId !== second)).toBe(true);
  });
});
