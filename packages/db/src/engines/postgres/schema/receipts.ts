import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { PAYMENT_MODES, RECEIPT_STATUSES } from '../../../schema/receipts';
import { batches, students } from './academics';
import { users } from './accounts';
import { bigNumber, now, serialId } from './columns';
import { feeHeads } from './fees';
import { courses, departments } from './reference';

export const receiptNumberSequence = pgTable('receipt_number_sequence', {
  id: integer('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const receipts = pgTable(
  'receipts',
  {
    id: serialId(),
    number: integer('number').notNull().unique(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    date: text('date').notNull(),
    studentName: text('student_name').notNull(),
    address: text('address').notNull(),
    phone: text('phone'),
    email: text('email'),
    totalPaise: bigNumber('total_paise').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    taxPaise: bigNumber('tax_paise').notNull(),
    netPaise: bigNumber('net_paise').notNull(),
    paymentMode: text('payment_mode', { enum: PAYMENT_MODES }).notNull(),
    paymentReference: text('payment_reference'),
    status: text('status', { enum: RECEIPT_STATUSES }).notNull().default('live'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    voidedAt: text('voided_at'),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('receipts_department_date_idx').on(t.departmentId, t.date),
    index('receipts_course_batch_idx').on(t.courseId, t.batchId),
    index('receipts_student_idx').on(t.studentId),
    index('receipts_date_idx').on(t.date),
    index('receipts_live_course_idx').on(t.courseId, t.batchId, t.number, t.netPaise).where(sql`${t.status} = 'live'`),
    /**
     * What a student's live "Adjusted from advance" receipts settled (the advance in dues and refunds):
     * a probe per student into the few such receipts instead of reading all the student's receipts.
     */
    index('receipts_live_advance_idx')
      .on(t.studentId, t.totalPaise)
      .where(sql`${t.paymentMode} = 'advance' AND ${t.status} = 'live'`),
    /**
     * The cheques and drafts received in a period (the collections report): a date range over the few
     * instrument receipts, with the status and amount in the index, instead of every receipt of the period.
     * The id too: PostgreSQL then joins the cheques from the index alone (SQLite's rowid is there anyway).
     */
    index('receipts_instrument_date_idx')
      .on(t.date, t.status, t.netPaise, t.id)
      .where(sql`${t.paymentMode} IN ('cheque', 'dd')`),
  ],
);

export const receiptLines = pgTable(
  'receipt_lines',
  {
    id: serialId(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    feeHeadId: integer('fee_head_id')
      .notNull()
      .references(() => feeHeads.id),
    particulars: text('particulars').notNull().default(''),
    amountPaise: bigNumber('amount_paise').notNull(),
  },
  (t) => [
    index('receipt_lines_receipt_idx').on(t.receiptId),
    index('receipt_lines_student_head_idx').on(t.studentId, t.feeHeadId),
    index('receipt_lines_fee_head_idx').on(t.feeHeadId),
  ],
);

/** Running totals, kept by the triggers of the custom migration (plpgsql twins of SQLite's 0002/0003). */
export const studentHeadPaid = pgTable(
  'student_head_paid',
  {
    studentId: integer('student_id').notNull(),
    feeHeadId: integer('fee_head_id').notNull(),
    paidPaise: bigNumber('paid_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.feeHeadId] })],
);

export const dailyHeadCollections = pgTable(
  'daily_head_collections',
  {
    departmentId: integer('department_id').notNull(),
    date: text('date').notNull(),
    feeHeadId: integer('fee_head_id').notNull(),
    amountPaise: bigNumber('amount_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.date, t.feeHeadId] })],
);

export const dailyModeCollections = pgTable(
  'daily_mode_collections',
  {
    departmentId: integer('department_id').notNull(),
    date: text('date').notNull(),
    paymentMode: text('payment_mode', { enum: PAYMENT_MODES }).notNull(),
    receiptCount: integer('receipt_count').notNull(),
    totalPaise: bigNumber('total_paise').notNull(),
    taxPaise: bigNumber('tax_paise').notNull(),
    netPaise: bigNumber('net_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.date, t.paymentMode] })],
);

/** Per student, the course reports' money (SQLite's 0019_student_money; the plpgsql triggers of 0013_student_money keep it). */
export const studentMoney = pgTable(
  'student_money',
  {
    studentId: integer('student_id').primaryKey(),
    departmentId: integer('department_id').notNull(),
    courseId: integer('course_id').notNull(),
    batchId: integer('batch_id').notNull(),
    discountPaise: bigNumber('discount_paise').notNull(),
    adjustmentPaise: bigNumber('adjustment_paise').notNull(),
    paidPaise: bigNumber('paid_paise').notNull(),
    chargesPaise: bigNumber('charges_paise').notNull(),
    paidOutsidePaise: bigNumber('paid_outside_paise').notNull(),
    creditPaise: bigNumber('credit_paise').notNull(),
    appliedPaise: bigNumber('applied_paise').notNull(),
    refundedPaise: bigNumber('refunded_paise').notNull(),
  },
  (t) => [index('student_money_department_course_batch_idx').on(t.departmentId, t.courseId, t.batchId)],
);

export const courseBatchReceipts = pgTable(
  'course_batch_receipts',
  {
    courseId: integer('course_id').notNull(),
    batchId: integer('batch_id').notNull(),
    receiptCount: integer('receipt_count').notNull(),
    netPaise: bigNumber('net_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.batchId] })],
);

/** The lines of live receipts per student in receipt order (SQLite's 0014_student_payments; the plpgsql triggers of 0006_student_payments keep it). */
export const studentPayments = pgTable(
  'student_payments',
  {
    studentId: integer('student_id').notNull(),
    date: text('date').notNull(),
    number: integer('number').notNull(),
    lineId: integer('line_id').notNull(),
    feeHeadId: integer('fee_head_id').notNull(),
    amountPaise: bigNumber('amount_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.date, t.number, t.lineId] })],
);

/** Each student's live lines as one text in student_payments' order (SQLite's 0015_student_payment_texts; the plpgsql triggers of 0007_student_payment_texts and 0008_student_payment_texts_append keep it). */
export const studentPaymentTexts = pgTable('student_payment_texts', {
  studentId: integer('student_id').primaryKey(),
  lines: text('lines').notNull(),
  lastDate: text('last_date').notNull(),
  lastNumber: integer('last_number').notNull(),
  lastLineId: integer('last_line_id').notNull(),
});
