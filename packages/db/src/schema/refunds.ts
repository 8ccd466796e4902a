import { REFUND_MODES } from '@fees/validation';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { batches, students } from './academics';
import { courses, departments } from './reference';

export const REFUND_STATUSES = ['live', 'voided'] as const;

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * The last refund voucher number issued (one series for the foundation), bumped in the refund's transaction: gapless.
 */
export const refundNumberSequence = sqliteTable('refund_number_sequence', {
  id: integer('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A refund voucher: money paid back out of a student's advance. Printed as R + number. Like a receipt
 * it is a document (the student's name is copied at issue time) and a voided one keeps its number and
 * counts nowhere; nothing is ever deleted.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: integer('number').notNull().unique(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** yyyy-MM-dd in the foundation's time zone. */
    date: text('date').notNull(),
    studentName: text('student_name').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    paymentMode: text('payment_mode', { enum: REFUND_MODES }).notNull(),
    paymentReference: text('payment_reference'),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('live'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    voidedAt: text('voided_at'),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    /** Bumped by the void: one sent with an older one is refused (stale screen). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('refunds_department_date_idx').on(t.departmentId, t.date),
    index('refunds_student_idx').on(t.studentId),
    index('refunds_date_idx').on(t.date),
  ],
);
