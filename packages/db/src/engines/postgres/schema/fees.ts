import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { batches, students } from './academics';
import { users } from './accounts';
import { bigNumber, now, serialId } from './columns';
import { courses } from './reference';

export const feeHeads = pgTable('fee_heads', {
  id: serialId(),
  name: text('name').notNull().unique(),
});

export const feeStructures = pgTable(
  'fee_structures',
  {
    id: serialId(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    amountPaise: bigNumber('amount_paise').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: text('updated_at'),
  },
  (t) => [uniqueIndex('fee_structures_batch_head_uq').on(t.batchId, t.feeHeadId)],
);

export const discounts = pgTable(
  'discounts',
  {
    id: serialId(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    discountPaise: bigNumber('discount_paise').notNull(),
    adjustmentPaise: bigNumber('adjustment_paise').notNull(),
    note: text('note'),
    schemeId: integer('scheme_id').references(() => concessionSchemes.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('discounts_student_head_uq').on(t.studentId, t.feeHeadId),
    index('discounts_fee_head_idx').on(t.feeHeadId),
    index('discounts_scheme_idx').on(t.schemeId),
  ],
);

export const concessionSchemes = pgTable('concession_schemes', {
  id: serialId(),
  name: text('name').notNull().unique(),
  version: integer('version').notNull().default(1),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

export const concessionSchemeRules = pgTable(
  'concession_scheme_rules',
  {
    id: serialId(),
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
    amountPaise: bigNumber('amount_paise'),
  },
  (t) => [
    index('concession_scheme_rules_scheme_idx').on(t.schemeId),
    check('concession_scheme_rules_one_kind', sql`(${t.percentBasisPoints} IS NULL) <> (${t.amountPaise} IS NULL)`),
  ],
);

export const concessionSchemeMembers = pgTable(
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
