import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { students } from './academics';
import { enrolments } from './enrolments';
import { departments } from './reference';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A student marked as left on `date` (their open enrolment ended as left that day), with the reason and what they
 * still owed when it was recorded (warned about, never a reason to refuse). Undone (undone_at set) by reopening the
 * enrolment while nothing was written for the student since.
 */
export const leavings = sqliteTable(
  'leavings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    reason: text('reason').notNull(),
    duesPaise: integer('dues_paise').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    undoneAt: text('undone_at'),
    undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('leavings_student_idx').on(t.studentId)],
);

/** The last no-dues certificate number of each department, bumped in the certificate's transaction: gapless. */
export const noDuesCertificateNumbers = sqliteTable('no_dues_certificate_numbers', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A no-dues certificate, one per student who left: issued only when nothing is outstanding, numbered in its
 * department's own series; a reprint shows the same number and date. `paid_paise` is what the student had paid in
 * all when it was issued.
 */
export const noDuesCertificates = sqliteTable(
  'no_dues_certificates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    number: integer('number').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    leavingId: integer('leaving_id')
      .notNull()
      .references(() => leavings.id),
    issuedOn: text('issued_on').notNull(),
    paidPaise: integer('paid_paise').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('no_dues_certificates_department_number_uq').on(t.departmentId, t.number),
    uniqueIndex('no_dues_certificates_student_uq').on(t.studentId),
  ],
);
