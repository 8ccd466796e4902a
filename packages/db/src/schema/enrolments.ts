import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { batches, students } from './academics';

/**
 * How an enrolment stands: `open` is the student's current one (their batch); the others ended on `to_date`:
 * `promoted` and `transferred` moved on to another batch (the old batch's fees stay owed on this one),
 * `left` is a student who left the institution (no instalment due after `to_date` is owed).
 */
export const ENROLMENT_STATUSES = ['open', 'promoted', 'transferred', 'left'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/**
 * A student's time in one batch, from `from_date` to `to_date` (null while open). A student has one open
 * enrolment at most, in the batch students.batch_id names; a change of batch ends it and starts another
 * (a dated transfer, never a rewrite), so the fees of every batch the student was in stay theirs.
 */
export const enrolments = sqliteTable(
  'enrolments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date'),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('open'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [
    index('enrolments_student_idx').on(t.studentId, t.fromDate),
    index('enrolments_batch_idx').on(t.batchId),
    uniqueIndex('enrolments_one_open_uq').on(t.studentId).where(sql`${t.status} = 'open'`),
    // The fee figures read the few promotions of a course's students through this, not every student's open enrolment.
    index('enrolments_promoted_idx').on(t.studentId).where(sql`${t.status} = 'promoted'`),
  ],
);
