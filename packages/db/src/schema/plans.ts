import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { batches, students } from './academics';
import { feeHeads } from './fees';
import { departments } from './reference';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A fine rule spread over plain columns (portable to any engine): type none | fixed | per_day |
 * percent, grace days, and the amount fields of its type (paise; percent in basis points).
 */
function fineRuleColumns() {
  return {
    fineType: text('fine_type'),
    fineGraceDays: integer('fine_grace_days'),
    fineAmountPaise: integer('fine_amount_paise'),
    finePerDayPaise: integer('fine_per_day_paise'),
    fineCapPaise: integer('fine_cap_paise'),
    finePercentBasisPoints: integer('fine_percent_basis_points'),
  };
}

/** A batch's instalment plan: its fine rule and a version for stale-edit checks. */
export const instalmentPlans = sqliteTable('instalment_plans', {
  batchId: integer('batch_id')
    .primaryKey()
    .references(() => batches.id),
  ...fineRuleColumns(),
  version: integer('version').notNull().default(1),
  updatedAt: text('updated_at').notNull().default(now),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** The ordered instalments of a plan; a null fine type means the plan's rule applies. */
export const instalments = sqliteTable(
  'instalments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => instalmentPlans.batchId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    dueDate: text('due_date').notNull(),
    ...fineRuleColumns(),
  },
  (t) => [index('instalments_batch_idx').on(t.batchId, t.position)],
);

/** One head's amount in one instalment; per head they add up to the batch's fee structure amount. */
export const instalmentAmounts = sqliteTable(
  'instalment_amounts',
  {
    instalmentId: integer('instalment_id')
      .notNull()
      .references(() => instalments.id, { onDelete: 'cascade' }),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    amountPaise: integer('amount_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instalmentId, t.feeHeadId] }),
    check('instalment_amounts_not_negative', sql`${t.amountPaise} >= 0`),
  ],
);

/** An admin's waiver of part or all of a student's late fine; `date` is the day it counts from. */
export const fineWaivers = sqliteTable(
  'fine_waivers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    date: text('date').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('fine_waivers_student_idx').on(t.studentId)],
);

/** Where a department is paid by UPI (demand notices and the counter's QR code). */
export const departmentPaymentSettings = sqliteTable('department_payment_settings', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id),
  upiId: text('upi_id'),
  payeeName: text('payee_name'),
  updatedAt: text('updated_at').notNull().default(now),
});
