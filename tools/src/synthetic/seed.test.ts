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
    const names = db.prepare("select name from sqlite_master where type = 'trigger' order by name").pluck().all();
    expect(names).toEqual([
      'batches_calendar_dates_insert',
      'batches_calendar_dates_update',
      'cheques_calendar_dates_insert',
      'cheques_calendar_dates_update',
      'cheques_money_delete',
      'cheques_money_insert',
      'cheques_money_update',
      'day_closings_calendar_dates_insert',
      'day_closings_calendar_dates_update',
      'discounts_money_delete',
      'discounts_money_insert',
      'discounts_money_update',
      'enrolments_money_delete',
      'enrolments_money_insert',
      'enrolments_money_update',
      'fee_structures_calendar_dates_insert',
      'fee_structures_calendar_dates_update',
      'fee_structures_money_delete',
      'fee_structures_money_insert',
      'fee_structures_money_update',
      'fine_waivers_calendar_dates_insert',
      'fine_waivers_calendar_dates_update',
      'instalment_amounts_money_delete',
      'instalment_amounts_money_insert',
      'instalment_amounts_money_update',
      'instalment_plans_money_delete',
      'instalment_plans_money_insert',
      'instalments_calendar_dates_insert',
      'instalments_calendar_dates_update',
      'instalments_money_delete',
      'instalments_money_update',
      'opening_balances_calendar_dates_insert',
      'opening_balances_calendar_dates_update',
      'opening_balances_money_delete',
      'opening_balances_money_insert',
      'opening_balances_money_update',
      'optional_head_opt_ins_money_delete',
      'optional_head_opt_ins_money_insert',
      'optional_head_opt_ins_money_update',
      'receipt_lines_payments_delete',
      'receipt_lines_payments_insert',
      'receipt_lines_payments_update',
      'receipt_lines_totals_delete',
      'receipt_lines_totals_insert',
      'receipt_lines_totals_update',
      'receipt_payments_totals_delete',
      'receipt_payments_totals_insert',
      'receipt_payments_totals_update',
      'receipts_calendar_dates_insert',
      'receipts_calendar_dates_update',
      'receipts_course_totals_delete',
      'receipts_course_totals_insert',
      'receipts_course_totals_update',
      'receipts_money_delete',
      'receipts_money_insert',
      'receipts_money_update',
      'receipts_payments_delete',
      'receipts_payments_update',
      'receipts_totals_delete',
      'receipts_totals_move_lines',
      'receipts_totals_move_payments',
      'refunds_calendar_dates_insert',
      'refunds_calendar_dates_update',
      'refunds_money_delete',
      'refunds_money_insert',
      'refunds_money_update',
      'student_head_paid_money_delete',
      'student_head_paid_money_insert',
      'student_head_paid_money_move',
      'student_head_paid_money_update',
      'student_money_refresh_run',
      'student_payments_texts_delete',
      'student_payments_texts_insert',
      'student_payments_texts_update',
      'students_calendar_dates_insert',
      'students_calendar_dates_update',
      'students_enrolment_insert',
      'students_money_batch',
      'students_money_delete',
      'students_money_insert',
    ]);
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
