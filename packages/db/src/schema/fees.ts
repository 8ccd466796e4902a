import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { batches, students } from './academics';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** The heads a fee is charged under (Tuition Fee, Exam Fee, ...). */
export const feeHeads = sqliteTable('fee_heads', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
});

/** One fee head with an amount for one batch, valid between two dates; a head at most once per batch. */
export const feeStructures = sqliteTable(
  'fee_structures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    amountPaise: integer('amount_paise').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    /** Bumped by every update: an edit sent with an older one is refused (stale screen). */
    version: integer('version').notNull().default(1),
    /** When the row was last updated (null until then). */
    updatedAt: text('updated_at'),
  },
  (t) => [uniqueIndex('fee_structures_batch_head_uq').on(t.batchId, t.feeHeadId)],
);

/** A discount (con_amt) and an adjustment (less_amt) for one student and fee head; one per pair. */
export const discounts = sqliteTable(
  'discounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    discountPaise: integer('discount_paise').notNull(),
    adjustmentPaise: integer('adjustment_paise').notNull(),
    note: text('note'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    /** Bumped by every update: an edit sent with an older one is refused (stale screen). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('discounts_student_head_uq').on(t.studentId, t.feeHeadId),
    index('discounts_fee_head_idx').on(t.feeHeadId),
  ],
);
