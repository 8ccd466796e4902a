import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { students } from './academics';
import { users } from './accounts';
import { bigNumber, now, serialId } from './columns';
import { feeHeads } from './fees';

export const openingBalances = pgTable(
  'opening_balances',
  {
    id: serialId(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    amountPaise: bigNumber('amount_paise').notNull(),
    dueDate: text('due_date').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('opening_balances_student_head_uq').on(t.studentId, t.feeHeadId),
    index('opening_balances_fee_head_idx').on(t.feeHeadId),
    check('opening_balances_not_zero', sql`${t.amountPaise} <> 0`),
  ],
);
