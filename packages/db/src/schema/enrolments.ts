import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
    // The course reports read what the few students who left do not owe through this.
    index('enrolments_left_idx').on(t.studentId).where(sql`${t.status} = 'left'`),
  ],
);

/** What a promotion does to one student of the batch: moved on, kept in the batch (repeating), or left. */
export const PROMOTION_ACTIONS = ['promote', 'keep', 'leave'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

/**
 * A batch's students moved on to its next batch in one write, on `date`: who was promoted, kept or left is in
 * promotion_students. Undone (undone_at set) by putting every enrolment back, while no receipt was issued in the
 * new batch.
 */
export const promotions = sqliteTable(
  'promotions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id').notNull(),
    fromBatchId: integer('from_batch_id')
      .notNull()
      .references(() => batches.id),
    toBatchId: integer('to_batch_id')
      .notNull()
      .references(() => batches.id),
    date: text('date').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    undoneAt: text('undone_at'),
    undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('promotions_from_batch_idx').on(t.fromBatchId), index('promotions_to_batch_idx').on(t.toBatchId)],
);

/** One student of a promotion: the enrolment it ended and the one it started (null when kept). */
export const promotionStudents = sqliteTable(
  'promotion_students',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    action: text('action', { enum: PROMOTION_ACTIONS }).notNull(),
    endedEnrolmentId: integer('ended_enrolment_id').references(() => enrolments.id, { onDelete: 'set null' }),
    startedEnrolmentId: integer('started_enrolment_id').references(() => enrolments.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.studentId] }),
    index('promotion_students_student_idx').on(t.studentId),
  ],
);
