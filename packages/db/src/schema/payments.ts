import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { students } from './academics';
import { receipts } from './receipts';
import { departments } from './reference';
import { PAYMENT_LINK_STATUS_NAMES, type TPaymentLinkStatus } from '@fees/validation';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A payment link's life at the gateway; 'created', 'partially_paid' are open (still payable). */
export type PaymentLinkStatus = TPaymentLinkStatus;

/** What became of a gateway payment: a receipt, or an entry in the exceptions list for an accountant. */
export const GATEWAY_PAYMENT_OUTCOMES = ['receipt', 'exception'] as const;

export const PAYMENT_EXCEPTION_STATUSES = ['open', 'resolved'] as const;

/**
 * A payment link the office asked the gateway for: one student, an amount in paise, our reference
 * (the gateway's reference_id, unique) and the gateway's own id and short URL. The student's name and
 * admission number are copied: a link outlives a deleted student and still says whom it was for.
 */
export const paymentLinks = sqliteTable(
  'payment_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gateway: text('gateway').notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    admissionNo: text('admission_no').notNull(),
    studentName: text('student_name').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** What the link is for, as the family reads it at the gateway ("Fees due as of 27-11-2026"). */
    description: text('description').notNull(),
    referenceId: text('reference_id').notNull().unique(),
    gatewayLinkId: text('gateway_link_id').notNull().unique(),
    shortUrl: text('short_url').notNull(),
    status: text('status', { enum: PAYMENT_LINK_STATUS_NAMES }).notNull().default('created'),
    /** What the gateway reports as paid on the link so far. */
    amountPaidPaise: integer('amount_paid_paise').notNull().default(0),
    /** ISO instant after which the gateway refuses payment. */
    expiresAt: text('expires_at').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    /** A server polling the link holds it till then; another server passes it by. */
    pollClaimedUntil: text('poll_claimed_until'),
    lastPolledAt: text('last_polled_at'),
    /** Why the last poll failed (the gateway down); cleared by a poll that worked. */
    pollError: text('poll_error'),
  },
  (t) => [
    index('payment_links_department_status_idx').on(t.departmentId, t.status, t.createdAt),
    index('payment_links_student_idx').on(t.studentId),
  ],
);

/**
 * Every payment the gateway reported, once: its unique id is the claim that makes it a receipt at
 * most once whichever road (webhook, polling, the payer's return) brings it first.
 */
export const gatewayPayments = sqliteTable(
  'gateway_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gateway: text('gateway').notNull(),
    paymentId: text('payment_id').notNull(),
    linkId: integer('link_id').references(() => paymentLinks.id),
    amountPaise: integer('amount_paise').notNull(),
    /** ISO instant the gateway took the payment. */
    paidAt: text('paid_at').notNull(),
    outcome: text('outcome', { enum: GATEWAY_PAYMENT_OUTCOMES }).notNull(),
    receiptId: integer('receipt_id').references(() => receipts.id),
    /** Applied, but worth a look (paid after the link expired). */
    flag: text('flag'),
    /** webhook, poll or return: the road that brought it first. */
    via: text('via').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('gateway_payments_payment_idx').on(t.gateway, t.paymentId),
    index('gateway_payments_link_idx').on(t.linkId),
  ],
);

/**
 * What arrived from the gateway and could not be applied (the student deleted, the day closed, an
 * amount that does not match the link, a cancelled link, a refund made at the gateway): kept for an
 * accountant with what happened, until resolved with a note.
 */
export const paymentExceptions = sqliteTable(
  'payment_exceptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gateway: text('gateway').notNull(),
    /** Null when the link's student is gone. */
    departmentId: integer('department_id').references(() => departments.id),
    linkId: integer('link_id').references(() => paymentLinks.id),
    paymentId: text('payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    problem: text('problem').notNull(),
    status: text('status', { enum: PAYMENT_EXCEPTION_STATUSES }).notNull().default('open'),
    createdAt: text('created_at').notNull().default(now),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: text('resolved_at'),
    resolution: text('resolution'),
  },
  (t) => [
    index('payment_exceptions_status_idx').on(t.status, t.createdAt),
    uniqueIndex('payment_exceptions_event_idx').on(t.gateway, t.paymentId, t.problem),
  ],
);
