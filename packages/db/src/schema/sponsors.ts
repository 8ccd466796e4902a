import { MONEY_PAYMENT_MODES, SPONSOR_KINDS } from '@fees/validation';
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { students } from './academics';
import { enrolments } from './enrolments';
import { feeHeads } from './fees';
import { departments } from './reference';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** Someone other than the family who pays part of a student's fee: a government scheme, a trust. */
export const sponsors = sqliteTable('sponsors', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  kind: text('kind', { enum: SPONSOR_KINDS }).notNull().default('other'),
  createdAt: text('created_at').notNull().default(now),
});

/**
 * What a sponsor covers of one student's fee head, for one enrolment (the year's batch it was sanctioned for):
 * `amountPaise` leaves the student's dues and is owed by the sponsor (a share in percent is kept to show how it
 * was set). A sanction that fell short returns `shortfallPaise` to the student, due from `shortfallDate`. The
 * rule: @fees/money sponsors.ts.
 */
export const sponsorships = sqliteTable(
  'sponsorships',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sponsorId: integer('sponsor_id')
      .notNull()
      .references(() => sponsors.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    /** yyyy-MM-dd the share was recorded: the receivable's age counts from it. */
    date: text('date').notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    amountPaise: integer('amount_paise').notNull(),
    shortfallPaise: integer('shortfall_paise').notNull().default(0),
    shortfallDate: text('shortfall_date'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('sponsorships_sponsor_enrolment_head_uq').on(t.sponsorId, t.enrolmentId, t.feeHeadId),
    index('sponsorships_student_idx').on(t.studentId),
    check('sponsorships_amount_positive', sql`${t.amountPaise} > 0`),
    check(
      'sponsorships_shortfall_within',
      sql`${t.shortfallPaise} >= 0 AND ${t.shortfallPaise} <= ${t.amountPaise}
        AND (${t.shortfallPaise} = 0) = (${t.shortfallDate} IS NULL)`,
    ),
  ],
);

/** The last sponsor receipt number of each department, bumped in the receipt's transaction: gapless per department. */
export const sponsorReceiptNumbers = sqliteTable('sponsor_receipt_numbers', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id),
  lastNumber: integer('last_number').notNull(),
});

/** One cheque or transfer from a sponsor for many students, numbered in its department's own series. */
export const sponsorReceipts = sqliteTable(
  'sponsor_receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    number: integer('number').notNull(),
    sponsorId: integer('sponsor_id')
      .notNull()
      .references(() => sponsors.id),
    date: text('date').notNull(),
    mode: text('mode', { enum: MONEY_PAYMENT_MODES }).notNull(),
    reference: text('reference'),
    amountPaise: integer('amount_paise').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('sponsor_receipts_department_number_uq').on(t.departmentId, t.number),
    index('sponsor_receipts_sponsor_idx').on(t.sponsorId),
    index('sponsor_receipts_department_date_idx').on(t.departmentId, t.date),
  ],
);

/** The part of a sponsor receipt allocated to one sponsorship (student and head). */
export const sponsorReceiptAllocations = sqliteTable(
  'sponsor_receipt_allocations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sponsorReceiptId: integer('sponsor_receipt_id')
      .notNull()
      .references(() => sponsorReceipts.id),
    sponsorshipId: integer('sponsorship_id')
      .notNull()
      .references(() => sponsorships.id),
    amountPaise: integer('amount_paise').notNull(),
  },
  (t) => [
    index('sponsor_receipt_allocations_receipt_idx').on(t.sponsorReceiptId),
    index('sponsor_receipt_allocations_sponsorship_idx').on(t.sponsorshipId),
    check('sponsor_receipt_allocations_positive', sql`${t.amountPaise} > 0`),
  ],
);
