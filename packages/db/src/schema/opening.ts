import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { students } from './academics';
import { feeHeads } from './fees';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A student's opening balance on one fee head, carried from the old books: added to the head's fee,
 * due on `dueDate` (the import's date) as an instalment of its own. A negative amount is an opening
 * advance (a credit). At most one per student and head; an admin corrects it rather than adding another.
 */
export const openingBalances = sqliteTable(
  'opening_balances',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    amountPaise: integer('amount_paise').notNull(),
    dueDate: text('due_date').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    /** Bumped by every correction: one sent with an older one is refused (stale screen). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('opening_balances_student_head_uq').on(t.studentId, t.feeHeadId),
    index('opening_balances_fee_head_idx').on(t.feeHeadId),
    check('opening_balances_not_zero', sql`${t.amountPaise} <> 0`),
  ],
);
