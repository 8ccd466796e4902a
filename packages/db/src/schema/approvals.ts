import { APPROVAL_OPERATIONS, APPROVAL_STATUSES } from '@fees/validation';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { departments } from './reference';

/**
 * An operation held for a second person (maker and checker): what and why, who asked, the version of the
 * record it changes as the maker saw it, and the full input the approval replays through the same domain
 * write. A request is decided once: the decision is an UPDATE of a pending row, so of two approvers at
 * once on two servers one wins.
 */
export const approvalRequests = sqliteTable(
  'approval_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    operation: text('operation', { enum: APPROVAL_OPERATIONS }).notNull(),
    /** What changes, for the approver to read: receipt number, amount, student, reason (JSON). */
    summary: text('summary').notNull(),
    /** The operation's input as the maker sent it (JSON), replayed on approval. */
    input: text('input').notNull(),
    /** The record changed (a receipt's number, a student's id) and its version when asked (null: none kept). */
    entityId: integer('entity_id'),
    entityVersion: integer('entity_version'),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: text('requested_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: text('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (t) => [index('approval_requests_department_idx').on(t.departmentId, t.status, t.id)],
);

/** Which operations need a second person: one row (id 1); no row means all off. */
export const approvalSettings = sqliteTable('approval_settings', {
  id: integer('id').primaryKey(),
  void: integer('void').notNull().default(0),
  refund: integer('refund').notNull().default(0),
  waiver: integer('waiver').notNull().default(0),
  reopenDay: integer('reopen_day').notNull().default(0),
  backdated: integer('backdated').notNull().default(0),
  /** A discount or concession above this many paise needs approval; null: never. */
  discountAbovePaise: integer('discount_above_paise'),
});
