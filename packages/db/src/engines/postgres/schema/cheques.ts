import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { CHEQUE_STATUSES } from '../../../schema/cheques';
import { students } from './academics';
import { users } from './accounts';
import { bigNumber, now, serialId } from './columns';
import { receipts } from './receipts';
import { departments } from './reference';

export const cheques = pgTable(
  'cheques',
  {
    id: serialId(),
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
    instrumentDate: text('instrument_date').notNull(),
    status: text('status', { enum: CHEQUE_STATUSES }).notNull().default('pending'),
    clearedOn: text('cleared_on'),
    bouncedOn: text('bounced_on'),
    bounceReason: text('bounce_reason'),
    bounceChargePaise: bigNumber('bounce_charge_paise').notNull().default(0),
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

export const dayClosings = pgTable(
  'day_closings',
  {
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    date: text('date').notNull(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: text('closed_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.date] })],
);
