import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { batches, students } from './academics';
import { users } from './accounts';
import { bigNumber, now, serialId } from './columns';
import { feeHeads } from './fees';
import { departments } from './reference';

function fineRuleColumns() {
  return {
    fineType: text('fine_type'),
    fineGraceDays: integer('fine_grace_days'),
    fineAmountPaise: bigNumber('fine_amount_paise'),
    finePerDayPaise: bigNumber('fine_per_day_paise'),
    fineCapPaise: bigNumber('fine_cap_paise'),
    finePercentBasisPoints: integer('fine_percent_basis_points'),
  };
}

export const instalmentPlans = pgTable('instalment_plans', {
  batchId: integer('batch_id')
    .primaryKey()
    .references(() => batches.id),
  ...fineRuleColumns(),
  version: integer('version').notNull().default(1),
  updatedAt: text('updated_at').notNull().default(now),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

export const instalments = pgTable(
  'instalments',
  {
    id: serialId(),
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

export const instalmentAmounts = pgTable(
  'instalment_amounts',
  {
    instalmentId: integer('instalment_id')
      .notNull()
      .references(() => instalments.id, { onDelete: 'cascade' }),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    amountPaise: bigNumber('amount_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instalmentId, t.feeHeadId] }),
    check('instalment_amounts_not_negative', sql`${t.amountPaise} >= 0`),
  ],
);

export const fineWaivers = pgTable(
  'fine_waivers',
  {
    id: serialId(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    amountPaise: bigNumber('amount_paise').notNull(),
    reason: text('reason').notNull(),
    date: text('date').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('fine_waivers_student_idx').on(t.studentId)],
);

export const departmentPaymentSettings = pgTable('department_payment_settings', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id),
  upiId: text('upi_id'),
  payeeName: text('payee_name'),
  updatedAt: text('updated_at').notNull().default(now),
});
