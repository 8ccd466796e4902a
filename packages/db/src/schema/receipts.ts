import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { batches, students } from './academics';
import { feeHeads } from './fees';
import { courses, departments } from './reference';

export const PAYMENT_MODES = ['cash', 'upi', 'cheque', 'dd', 'bank_transfer', 'card', 'online', 'advance'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const RECEIPT_STATUSES = ['live', 'voided'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * One row holding the last receipt number issued for the whole foundation. It is bumped inside the
 * transaction that writes the receipt, so numbers are unique, increasing and without gaps.
 */
export const receiptNumberSequence = sqliteTable('receipt_number_sequence', {
  id: integer('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A receipt's master row. Student name, address, phone and email are copied at issue time: a receipt
 * is a document and prints as it was issued. A voided receipt keeps its number and counts nowhere.
 */
export const receipts = sqliteTable(
  'receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    /** yyyy-MM-dd in the foundation's time zone. */
    date: text('date').notNull(),
    studentName: text('student_name').notNull(),
    address: text('address').notNull(),
    phone: text('phone'),
    email: text('email'),
    totalPaise: integer('total_paise').notNull(),
    /** The highest GST rate of its lines in hundredths of a percent (1800 = 18%), as issued; 0: no taxed line. */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    netPaise: integer('net_paise').notNull(),
    paymentMode: text('payment_mode', { enum: PAYMENT_MODES }).notNull(),
    paymentReference: text('payment_reference'),
    status: text('status', { enum: RECEIPT_STATUSES }).notNull().default('live'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    voidedAt: text('voided_at'),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Bumped by every edit and the void: one sent with an older one is refused (stale screen). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('receipts_department_date_idx').on(t.departmentId, t.date),
    index('receipts_course_batch_idx').on(t.courseId, t.batchId),
    index('receipts_student_idx').on(t.studentId),
    index('receipts_date_idx').on(t.date),
    /**
     * The course reports: a course's live receipts in batch and number order, with their net amounts,
     * so batch totals are read from the index alone and a page of rows needs no sort.
     */
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

/** A receipt's fee lines; student id is repeated here so paid-per-head sums need no join to find rows. */
export const receiptLines = sqliteTable(
  'receipt_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    amountPaise: integer('amount_paise').notNull(),
    /** The head's GST rate when issued, hundredths of a percent (0: exempt). */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    /** The head's SAC or HSN code when issued. */
    gstCode: text('gst_code'),
    /** GST on this line: amount x rate rounded half up to the paisa; the receipt's tax is the lines' sum. */
    taxPaise: integer('tax_paise').notNull().default(0),
  },
  (t) => [
    index('receipt_lines_receipt_idx').on(t.receiptId),
    index('receipt_lines_student_head_idx').on(t.studentId, t.feeHeadId),
    index('receipt_lines_fee_head_idx').on(t.feeHeadId),
  ],
);

/**
 * How a receipt was paid: one part per mode (up to three), each with its share of the net amount and of
 * the GST, in the order the clerk gave them; the parts add up to the receipt's net and GST. The master
 * row's payment_mode and payment_reference repeat the largest part's, for the paths that know one mode.
 */
export const receiptPayments = sqliteTable(
  'receipt_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    partNo: integer('part_no').notNull(),
    paymentMode: text('payment_mode', { enum: PAYMENT_MODES }).notNull(),
    paymentReference: text('payment_reference'),
    amountPaise: integer('amount_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
  },
  (t) => [uniqueIndex('receipt_payments_receipt_part_idx').on(t.receiptId, t.partNo)],
);

/**
 * Running totals of the receipts, kept by triggers on receipts and receipt_lines (migration
 * 0002_receipt_totals) so every writer, whatever its path, keeps them equal to the sums over the
 * live receipts. The balances, reports and dashboards read these few rows instead of adding up
 * every receipt line in scope. `rebuildReceiptTotals` recomputes all three from the receipts.
 */

/** Paid per student and fee head: the sum of that head's lines on the student's live receipts. */
export const studentHeadPaid = sqliteTable(
  'student_head_paid',
  {
    studentId: integer('student_id').notNull(),
    feeHeadId: integer('fee_head_id').notNull(),
    paidPaise: integer('paid_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.feeHeadId] })],
);

/** Per department, receipt date and fee head: the sum of the lines of live receipts (pre-tax). */
export const dailyHeadCollections = sqliteTable(
  'daily_head_collections',
  {
    departmentId: integer('department_id').notNull(),
    date: text('date').notNull(),
    feeHeadId: integer('fee_head_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.date, t.feeHeadId] })],
);

/**
 * Per department, receipt date and payment mode: the parts of live receipts paid in that mode, their
 * totals, GST and net amounts. A receipt is counted once in `receipt_count`, under the mode of its first
 * part, so the counts add up to the receipts across modes; `part_count` counts it under every mode it
 * was paid in.
 */
export const dailyModeCollections = sqliteTable(
  'daily_mode_collections',
  {
    departmentId: integer('department_id').notNull(),
    date: text('date').notNull(),
    paymentMode: text('payment_mode', { enum: PAYMENT_MODES }).notNull(),
    receiptCount: integer('receipt_count').notNull(),
    partCount: integer('part_count').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    netPaise: integer('net_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.date, t.paymentMode] })],
);

/**
 * Per student, what the course-wide dues and student fee reports read besides their batch's fee
 * structure: their department, course and batch, discounts on the structure's heads, paid on those
 * heads, charges beyond the structure and what was paid on those, the credit of heads in credit, what
 * was settled from the advance and refunded. Kept by triggers on every table it is computed from,
 * migration 0019_student_money; see derived/student-money.ts.
 */
export const studentMoney = sqliteTable(
  'student_money',
  {
    studentId: integer('student_id').primaryKey(),
    departmentId: integer('department_id').notNull(),
    courseId: integer('course_id').notNull(),
    batchId: integer('batch_id').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    adjustmentPaise: integer('adjustment_paise').notNull(),
    paidPaise: integer('paid_paise').notNull(),
    chargesPaise: integer('charges_paise').notNull(),
    paidOutsidePaise: integer('paid_outside_paise').notNull(),
    creditPaise: integer('credit_paise').notNull(),
    appliedPaise: integer('applied_paise').notNull(),
    refundedPaise: integer('refunded_paise').notNull(),
  },
  (t) => [index('student_money_department_course_batch_idx').on(t.departmentId, t.courseId, t.batchId)],
);

/** Per course and batch: live receipts and their net amounts (the fee receipt report's totals). */
export const courseBatchReceipts = sqliteTable(
  'course_batch_receipts',
  {
    courseId: integer('course_id').notNull(),
    batchId: integer('batch_id').notNull(),
    receiptCount: integer('receipt_count').notNull(),
    netPaise: integer('net_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.batchId] })],
);

/**
 * The lines of live receipts per student in receipt order (date, then number): what dues as of a date
 * allocate to instalments, read as one narrow range per student instead of every line joined to its
 * receipt. Kept by triggers on receipts and receipt_lines (migration 0014_student_payments); the table
 * is WITHOUT ROWID there, so the primary key holds the rows themselves.
 */
export const studentPayments = sqliteTable(
  'student_payments',
  {
    studentId: integer('student_id').notNull(),
    date: text('date').notNull(),
    number: integer('number').notNull(),
    lineId: integer('line_id').notNull(),
    feeHeadId: integer('fee_head_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.date, t.number, t.lineId] })],
);

/**
 * Each student's live lines as one JSON array of numbers, [day, feeHeadId, amountPaise, ...] in
 * student_payments' order (date, number, line id), day as the whole days since 1970-01-01 (dayNumber): a
 * report of dues as of a date reads one row a student and JSON.parse's it instead of reading every line.
 * Kept by triggers on student_payments (migrations 0015_student_payment_texts, 0025_student_payment_texts_json):
 * a line after the last one (`last*`) is appended, any other change builds the student's array again. No
 * row for a student without live lines. The table keeps its name: `lines` is still one text a student.
 */
export const studentPaymentTexts = sqliteTable('student_payment_texts', {
  studentId: integer('student_id').primaryKey(),
  lines: text('lines').notNull(),
  lastDate: text('last_date').notNull(),
  lastNumber: integer('last_number').notNull(),
  lastLineId: integer('last_line_id').notNull(),
});
