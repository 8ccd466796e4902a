/**
 * The derived tables: figures kept on write so that a report reads a few thousand rows instead of
 * every receipt line of a course. Each is kept by triggers in the transaction of every write to what
 * it is computed from, whoever writes, on both engines; each has the backfill its migration ran, a
 * drift check against a fresh computation and a rebuild for bulk loaders; tests compare each with
 * the per-student computation after random raw writes.
 *
 * Each table, what it holds, and what reads it:
 * - student_head_paid: paid per student and fee head (live receipts' pre-tax lines); balances, student_money.
 * - daily_head_collections: collected per department, day and head; collections summary, dashboards.
 * - daily_mode_collections: collected per department, day and payment mode (each part of a receipt under its
 *   mode); collections summary, dashboards.
 * - course_batch_receipts: live receipts per course and batch; fee receipts by course (its totals).
 * - student_payments: each student's live lines in receipt order; dues as of a date.
 * - student_payment_texts: those lines as one JSON array per student (below); dues as of a date (batch, course).
 * - student_money: each student's discounts, paid, charges, credit and advance; dues and student fee
 *   information per course.
 *
 * student_payment_texts.lines is a JSON array of numbers, `[day, feeHeadId, amountPaise, ...]`, three a
 * line in receipt order, day as the whole days since 1970-01-01 (dayNumber of @fees/money): the dues read
 * one row a student and JSON.parse it. Reading student_payments itself took about 5x as long for a batch
 * (a row made into JavaScript values per line) and missed the batch's p50 < 50 ms.
 *
 * receipt-totals.ts keeps the first six, student-money.ts the last.
 */
import type { WriteTx } from '../client';
import { rebuildReceiptTotals } from './receipt-totals';
import { rebuildStudentMoney } from './student-money';

export * from './receipt-totals';
export * from './student-money';

/**
 * The tables whose writes fire the triggers that keep the derived tables: a loader that writes them
 * in bulk (the synthetic foundation, the copy to PostgreSQL) turns these triggers off and calls
 * rebuildDerivedTables after its load.
 */
export const DERIVED_FROM: readonly string[] = [
  'receipts',
  'receipt_lines',
  'receipt_payments',
  'student_head_paid',
  'student_payments',
  'students',
  'fee_structures',
  'discounts',
  'opening_balances',
  'cheques',
  'refunds',
];

/**
 * Every derived table computed afresh from what it is derived from (the totals first: student_money reads
 * them).
 */
export async function rebuildDerivedTables(db: WriteTx): Promise<void> {
  await rebuildReceiptTotals(db);
  await rebuildStudentMoney(db);
}
