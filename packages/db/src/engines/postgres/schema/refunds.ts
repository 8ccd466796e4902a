import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { REFUND_MODES } from '@fees/validation';
import { REFUND_STATUSES } from '../../../schema/refunds';
import { batches, students } from './academics';
import { users } from './accounts';
import { bigNumber, now, serialId } from './columns';
import { courses, departments } from './reference';

export const refundNumberSequence = pgTable('refund_number_sequence', {
  id: integer('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const refunds = pgTable(
  'refunds',
  {
    id: serialId(),
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
    date: text('date').notNull(),
    studentName: text('student_name').notNull(),
    amountPaise: bigNumber('amount_paise').notNull(),
    paymentMode: text('payment_mode', { enum: REFUND_MODES }).notNull(),
    paymentReference: text('payment_reference'),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('live'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    voidedAt: text('voided_at'),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('refunds_department_date_idx').on(t.departmentId, t.date),
    index('refunds_student_idx').on(t.studentId),
    index('refunds_date_idx').on(t.date),
  ],
);
