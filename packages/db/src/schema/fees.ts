import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { batches, students } from './academics';
import { courses } from './reference';
import { GST_TREATMENT_VALUES } from '@fees/validation';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * The heads a fee is charged under (Tuition Fee, Exam Fee, ...), each with its GST treatment: exempt (education
 * services, the default) or taxable at a rate with its SAC or HSN code. Receipt lines copy rate and code when
 * issued, so a change here reaches only receipts issued after it.
 */
export const feeHeads = sqliteTable('fee_heads', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  gstTreatment: text('gst_treatment', { enum: GST_TREATMENT_VALUES }).notNull().default('exempt'),
  /** Hundredths of a percent (1800 = 18%); 0 when exempt. */
  gstRateBasisPoints: integer('gst_rate_basis_points').notNull().default(0),
  /** SAC (6 digits from 99) or HSN (4, 6 or 8 digits); null when exempt or not given. */
  gstCode: text('gst_code'),
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
    /** 1: owed only by the students opted in (optional_head_opt_ins); 0: by every student of the batch. */
    optional: integer('optional').notNull().default(0),
    /** Bumped by every update: an edit sent with an older one is refused (stale screen). */
    version: integer('version').notNull().default(1),
    /** When the row was last updated (null until then). */
    updatedAt: text('updated_at'),
  },
  (t) => [uniqueIndex('fee_structures_batch_head_uq').on(t.batchId, t.feeHeadId)],
);

/**
 * A student opted into an optional head (transport, hostel, mess) from a date, until a date (null: still
 * in); they owe the head's instalments due in between. Several spells per head never overlap.
 */
export const optionalHeadOptIns = sqliteTable(
  'optional_head_opt_ins',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('optional_head_opt_ins_student_head_from_uq').on(t.studentId, t.feeHeadId, t.fromDate),
    index('optional_head_opt_ins_head_idx').on(t.feeHeadId),
    check('optional_head_opt_ins_dates', sql`${t.toDate} IS NULL OR ${t.toDate} >= ${t.fromDate}`),
  ],
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
    /**
     * The concession scheme that wrote this discount (null: typed by hand); leaving the scheme removes exactly these.
     */
    schemeId: integer('scheme_id').references(() => concessionSchemes.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    /** Bumped by every update: an edit sent with an older one is refused (stale screen). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('discounts_student_head_uq').on(t.studentId, t.feeHeadId),
    index('discounts_fee_head_idx').on(t.feeHeadId),
    index('discounts_scheme_idx').on(t.schemeId),
  ],
);

export const DISCOUNT_CHANGE_SOURCES = ['hand', 'scheme', 'backfill'] as const;

/**
 * The dated history of discounts: every write that changes a discount (by hand, an approved request, a concession
 * scheme, an import or REST, a student's removal) adds one row per student and head it touches, in the same
 * transaction, with what changed (+ granted, - withdrawn) and the business day it takes effect. The rows of a
 * student and head add up to their discount and adjustment now; the books date concessions from here. The student
 * and head are not foreign keys: a removed student's (or head's) history stays, its last rows withdrawing what
 * they had.
 */
export const discountChanges = sqliteTable(
  'discount_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id').notNull(),
    studentId: integer('student_id').notNull(),
    /** The student's batch (their enrolment) when the discount changed. */
    batchId: integer('batch_id'),
    feeHeadId: integer('fee_head_id').notNull(),
    discountChangePaise: integer('discount_change_paise').notNull(),
    adjustmentChangePaise: integer('adjustment_change_paise').notNull(),
    /** yyyy-MM-dd: the business day the change takes effect (today where the foundation is). */
    date: text('date').notNull(),
    source: text('source', { enum: DISCOUNT_CHANGE_SOURCES }).notNull(),
    schemeId: integer('scheme_id').references(() => concessionSchemes.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('discount_changes_department_date_idx').on(t.departmentId, t.date),
    index('discount_changes_student_head_idx').on(t.studentId, t.feeHeadId),
  ],
);

/** A concession scheme ("RTE 25%", "Staff ward"): rules per fee head, and the students who are in it. */
export const concessionSchemes = sqliteTable('concession_schemes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  /** Bumped by every update: an edit sent with an older one is refused (stale screen). */
  version: integer('version').notNull().default(1),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

/**
 * One rule of a scheme: on one fee head, for every batch of a course (batch null) or for one batch of
 * it; either a percentage of the head's fee (basis points) or a fixed amount (paise), never both.
 */
export const concessionSchemeRules = sqliteTable(
  'concession_scheme_rules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => concessionSchemes.id, { onDelete: 'cascade' }),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    batchId: integer('batch_id').references(() => batches.id),
    percentBasisPoints: integer('percent_basis_points'),
    amountPaise: integer('amount_paise'),
  },
  (t) => [
    index('concession_scheme_rules_scheme_idx').on(t.schemeId),
    check('concession_scheme_rules_one_kind', sql`(${t.percentBasisPoints} IS NULL) <> (${t.amountPaise} IS NULL)`),
  ],
);

/** A student in a scheme: who added them and when. */
export const concessionSchemeMembers = sqliteTable(
  'concession_scheme_members',
  {
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => concessionSchemes.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    joinedAt: text('joined_at').notNull().default(now),
    joinedBy: integer('joined_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.schemeId, t.studentId] }),
    index('concession_scheme_members_student_idx').on(t.studentId),
  ],
);
