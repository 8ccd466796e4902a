import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, receiptTotalsDrift, studentMoneyDrift } from '@fees/db';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSynthetic } from './seed';

const dir = mkdtempSync(join(tmpdir(), 'fees-synthetic-'));
const options = { students: 300, years: 3, seed: 7, force: false, today: '2026-11-21' };
let db: Sqlite.Database;

function value<T = number>(sql: string): T {
  return db.prepare(sql).pluck().get() as T;
}

beforeAll(async () => {
  await seedSynthetic({ ...options, out: join(dir, 'a.sqlite') });
  db = new Sqlite(join(dir, 'a.sqlite'), { readonly: true });
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('seedSynthetic', () => {
  it('gives every receipt its lines, totals that equal them, and one gapless number sequence', () => {
    expect(value('select count(*) from students')).toBe(300);
    const receipts = value('select count(*) from receipts');
    expect(receipts).toBeGreaterThan(300 * 3);
    expect(value('select min(number) from receipts')).toBe(1);
    expect(value('select max(number) from receipts')).toBe(receipts);
    expect(value('select last_number from receipt_number_sequence')).toBe(receipts);
    expect(
      value(
        'select count(*) from receipts r where not exists (select 1 from receipt_lines l where l.receipt_id = r.id)',
      ),
    ).toBe(0);
    expect(
      value(`select count(*) from receipts r
             where r.total_paise <> (select sum(amount_paise) from receipt_lines l where l.receipt_id = r.id)
                or r.net_paise <> r.total_paise + r.tax_paise`),
    ).toBe(0);
    expect(value("select count(*) from receipts where date > '2026-11-21'")).toBe(0);
    expect(
      value('select count(*) from receipts a join receipts b on b.number = a.number + 1 where b.date < a.date'),
    ).toBe(0);
  });

  it('puts lines and discounts only on heads of the student’s batch, all in the student’s department', () => {
    expect(
      value(`select count(*) from receipt_lines l join students s on s.id = l.student_id
             where not exists (select 1 from fee_structures f where f.batch_id = s.batch_id and f.fee_head_id = l.fee_head_id)`),
    ).toBe(0);
    expect(
      value(`select count(*) from discounts d join students s on s.id = d.student_id
             where not exists (select 1 from fee_structures f where f.batch_id = s.batch_id and f.fee_head_id = d.fee_head_id)`),
    ).toBe(0);
    expect(
      value(`select count(*) from receipts r join students s on s.id = r.student_id
             where r.department_id <> s.department_id or r.batch_id <> s.batch_id or r.course_id <> s.course_id`),
    ).toBe(0);
    const heads = db.prepare('select count(*) as n from fee_structures group by batch_id').pluck().all() as number[];
    expect(Math.min(...heads)).toBeGreaterThanOrEqual(6);
    expect(Math.max(...heads)).toBeLessThanOrEqual(12);
  });

  it('edits and voids a few percent, with their audit rows, and leaves a checked WAL database', () => {
    const receipts = value('select count(*) from receipts');
    const voided = value("select count(*) from receipts where status = 'voided'");
    expect(voided).toBeGreaterThan(0);
    expect(voided / receipts).toBeLessThan(0.05);
    expect(value("select count(*) from audit_log where action = 'void' and entity = 'receipt'")).toBe(voided);
    expect(value("select count(*) from audit_log where action = 'update' and entity = 'receipt'")).toBeGreaterThan(0);
    expect(value("select count(*) from audit_log where action = 'create' and entity = 'receipt'")).toBe(receipts);
    // The audit screen's filters read these columns, as writeAudit fills them for the app's own rows.
    expect(
      value(
        "select count(*) from audit_log where entity = 'receipt' and (department_id is null or admission_no is null)",
      ),
    ).toBe(0);
    expect(value('pragma journal_mode')).toBe('wal');
    expect(value('pragma integrity_check')).toBe('ok');
    expect(value('pragma foreign_key_check')).toBeUndefined();
  });

  it('keeps the receipt triggers and fills the running totals and student_money to match the receipts', async () => {
    const triggers = (sqlite: Sqlite.Database) =>
      sqlite.prepare("select name from sqlite_master where type = 'trigger' order by name").pluck().all();
    // The triggers the migrations make: the load drops those of the tables it fills and makes them again.
    const migrated = openDatabase(':memory:');
    const expected = triggers(migrated.$client);
    migrated.$client.close();
    expect(expected.length).toBeGreaterThan(0);
    expect(triggers(db)).toEqual(expected);
    expect(value('select sum(receipt_count) from daily_mode_collections')).toBe(
      value("select count(*) from receipts where status = 'live'"),
    );
    const totals = openDatabase(join(dir, 'a.sqlite'), { prepare: false });
    expect(await receiptTotalsDrift(totals)).toEqual([]);
    expect(await studentMoneyDrift(totals)).toEqual([]);
    totals.$client.close();
  });

  it('is the same database for the same seed, and refuses to overwrite without force', async () => {
    const out = join(dir, 'b.sqlite');
    await seedSynthetic({ ...options, out });
    const other = new Sqlite(out, { readonly: true });
    const digest = (d: Sqlite.Database) =>
      d
        .prepare(
          `select (select group_concat(admission_no || name || batch_id, ',') from students) ||
                  (select group_concat(number || date || total_paise || payment_mode || status, ',') from receipts)`,
        )
        .pluck()
        .get();
    expect(digest(other)).toBe(digest(db));
    other.close();
    await expect(seedSynthetic({ ...options, out })).rejects.toThrow(/exists/);
  });
});
