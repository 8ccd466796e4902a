import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { students } from './academics';
import { receipts } from './receipts';
import { departments } from './reference';

export const CHEQUE_STATUSES = ['pending', 'cleared', 'bounced'] as const;
export type ChequeStatus = (typeof CHEQUE_STATUSES)[number];

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * The instrument behind a cheque or demand draft receipt: bank, number and date as written on it, and
 * what became of it. Pending until cleared (date) or bounced (date, reason, the bank's charge to pass
 * on); a bounce voids the receipt in the same transaction. Department and student are copied from the
 * receipt so the Cheques list and a student's bounce charges need no join to find their rows.
 */
export const cheques = sqliteTable(
  'cheques',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    receiptId: integer('receipt_id')
      .notNull()
      .unique()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    bank: text('bank').notNull(),
    instrumentNo: text('instrument_no').notNull(),
    /** yyyy-MM-dd: the date written on the cheque or draft. */
    instrumentDate: text('instrument_date').notNull(),
    status: text('status', { enum: CHEQUE_STATUSES }).notNull().default('pending'),
    clearedOn: text('cleared_on'),
    bouncedOn: text('bounced_on'),
    bounceReason: text('bounce_reason'),
    /** The bank's charge for the bounce, due from the student on the "Cheque bounce charge" head. */
    bounceChargePaise: integer('bounce_charge_paise').notNull().default(0),
    settledBy: integer('settled_by').references(() => users.id, { onDelete: 'set null' }),
    settledAt: text('settled_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('cheques_department_status_idx').on(t.departmentId, t.status),
    index('cheques_student_idx').on(t.studentId, t.status),
    /** The cheques cleared or bounced in a period (the collections report). */
    index('cheques_cleared_on_idx').on(t.clearedOn),
    index('cheques_bounced_on_idx').on(t.bouncedOn),
  ],
);

/**
 * A department's day closed by the cashier's supervisor: receipts and refunds of that date and
 * department can then be written only by an admin, who gives a reason (audited).
 */
export const dayClosings = sqliteTable(
  'day_closings',
  {
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    /** yyyy-MM-dd */
    date: text('date').notNull(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: text('closed_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.date] })],
);
