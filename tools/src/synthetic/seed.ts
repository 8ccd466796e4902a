/**
 * Writes a synthetic foundation into a new SQLite file created with the real migrations: see
 * academics.ts and receipts.ts for what it holds. Deterministic for a given seed and "today".
 */
import { existsSync, rmSync } from 'node:fs';
import { openDatabase } from '@fees/db';
import { DEPARTMENTS } from '@fees/validation';
import { hashPassword } from '@fees/server/auth/passwords';
import { today as todayInFoundation } from '@fees/server/config';
import { Random } from '@fees/validation/testing';
import { insertBatchesAndFees, insertDiscounts, insertStudents, type Reference, type Window } from './academics';
import { beginBulkLoad } from './bulk';
import { academicYearOf } from './dates';
import { insertReceipts } from './receipts';

export const SYNTHETIC_PASSWORD = 'bench123';
export const SYNTHETIC_ADMIN = 'admin@bench.local';

export function staffEmailOf(prefix: string): string {
  return `${prefix}@bench.local`;
}

export interface SyntheticOptions {
  out: string;
  students: number;
  years: number;
  seed: number;
  force: boolean;
  /** yyyy-MM-dd; defaults to the foundation's today. */
  today?: string;
  log?: (line: string) => void;
}

export interface SyntheticAccount {
  email: string;
  password: string;
  role: 'admin' | 'accountant';
  departmentId: number | null;
}

export interface SyntheticResult {
  path: string;
  seconds: number;
  counts: Record<string, number>;
  accounts: SyntheticAccount[];
}

export async function seedSynthetic(options: SyntheticOptions): Promise<SyntheticResult> {
  const log = options.log ?? (() => {});
  const phase = (name: string, startedAt: number) =>
    log(`  ${name}: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  if (existsSync(options.out)) {
    if (!options.force) throw new Error(`${options.out} exists; pass --force to replace it`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${options.out}${suffix}`, { force: true });
  }
  const startedAt = performance.now();
  const rng = new Random(options.seed);
  const today = options.today ?? todayInFoundation();
  const lastYear = academicYearOf(today);
  const window: Window = { firstYear: lastYear - options.years + 1, lastYear, today };

  const db = openDatabase(options.out);
  const sqlite = db.$client;
  const ids = (table: string) =>
    (sqlite.prepare(`select id from ${table} order by id`).all() as { id: number }[]).map((r) => r.id);
  const ref: Reference = {
    feeHeadIds: new Map(
      (sqlite.prepare('select id, name from fee_heads').all() as { id: number; name: string }[]).map((r) => [
        r.name,
        r.id,
      ]),
    ),
    categoryIds: ids('categories'),
    religionIds: ids('religions'),
  };
  const bulk = beginBulkLoad(db);

  let t = performance.now();
  const passwordHash = await hashPassword(SYNTHETIC_PASSWORD);
  const insertUser = sqlite.prepare(
    'insert into users (email, password_hash, role, department_id) values (?, ?, ?, ?)',
  );
  const accounts: SyntheticAccount[] = [
    { email: SYNTHETIC_ADMIN, password: SYNTHETIC_PASSWORD, role: 'admin', departmentId: null },
    ...DEPARTMENTS.map((d) => ({
      email: staffEmailOf(d.prefix),
      password: SYNTHETIC_PASSWORD,
      role: 'accountant' as const,
      departmentId: d.id,
    })),
  ];
  const serves = sqlite.prepare('insert into user_departments (user_id, department_id) values (?, ?)');
  const staff = new Map<number, { id: number; email: string }>();
  for (const account of accounts) {
    const id = Number(insertUser.run(account.email, passwordHash, account.role, account.departmentId).lastInsertRowid);
    if (account.departmentId !== null) {
      serves.run(id, account.departmentId);
      staff.set(account.departmentId, { id, email: account.email });
    }
  }

  const batches = insertBatchesAndFees(sqlite, rng, ref, window);
  const students = await insertStudents(sqlite, rng, ref, batches, options.students);
  const discounts = insertDiscounts(sqlite, rng, students);
  phase(`users, ${batches.length} batches, ${students.length} students, ${discounts} discounts`, t);

  t = performance.now();
  const receipts = insertReceipts(sqlite, rng, students, window, staff);
  phase(`${receipts.receipts} receipts, ${receipts.lines} lines, ${receipts.auditRows} audit rows`, t);

  await bulk.finish(phase);
  const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const counts: Record<string, number> = {};
  for (const table of [
    'batches',
    'fee_structures',
    'students',
    'discounts',
    'receipts',
    'receipt_lines',
    'audit_log',
    'users',
  ]) {
    counts[table] = count(table);
  }
  counts.editedReceipts = receipts.edited;
  counts.voidedReceipts = receipts.voided;
  sqlite.close();
  return { path: options.out, seconds: (performance.now() - startedAt) / 1000, counts, accounts };
}
