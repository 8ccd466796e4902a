import { DEFAULT_CONCESSION_LEDGER } from '@fees/validation';
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { departments } from './reference';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const LEDGER_MAPPING_KINDS = ['head', 'mode', 'gst', 'gateway'] as const;
export const BOOKS_GRANULARITIES = ['receipt', 'day'] as const;
export const BOOKS_EXPORT_VIAS = ['file', 'tally'] as const;
/** Whether the department's concessions go to the books (the CA's choice); not booked unless the admin says so. */
export const CONCESSION_BOOKINGS = ['not_booked', 'booked'] as const;
export const BOOKS_VOUCHER_KINDS = ['voucher', 'reversal'] as const;
/**
 * pending: claimed by a send to Tally still waiting for Tally's answer; sent: in the books (a file is sent when it
 * is downloaded); failed: Tally refused it, or the send never finished: its vouchers do not count as exported.
 */
export const BOOKS_EXPORT_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * A department's place in the accountant's books: the Tally company its vouchers go to (each department its own
 * company, or one company with a cost centre per department), and the ledgers of refunds and output GST. Written
 * with the default mapping the first time the server starts with the department; the admin renames from there.
 */
export const ledgerMappings = sqliteTable('ledger_mappings', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id),
  company: text('company').notNull(),
  /** The cost centre of the department's income rows, when several departments share one company. */
  costCentre: text('cost_centre'),
  refundLedger: text('refund_ledger').notNull(),
  /** The Output GST ledgers' name before their rate ("Output GST" -> "Output GST 18%"), for rates with no row. */
  gstLedger: text('gst_ledger').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: text('updated_at').notNull().default(now),
  /** Bumped by every save: one sent with an older one is refused (stale screen). */
  version: integer('version').notNull().default(1),
  /** How the vouchers are made: one per receipt, or one per day, type and payment mode with a row per head. */
  granularity: text('granularity', { enum: BOOKS_GRANULARITIES }).notNull().default('receipt'),
  /**
   * not_booked: the books hold what was received only; booked: each day the discounts changed is a Journal debiting
   * the concession ledger and crediting the heads' income (income gross of concessions).
   */
  concessions: text('concessions', { enum: CONCESSION_BOOKINGS }).notNull().default('not_booked'),
  concessionLedger: text('concession_ledger').notNull().default(DEFAULT_CONCESSION_LEDGER),
  /**
   * The first day whose discount changes are booked (yyyy-mm-dd; null: every day): the day booking was switched
   * on unless the admin named another, so switching it on never sends the journals of days long exported.
   */
  concessionsFrom: text('concessions_from'),
});

/**
 * The ledger of each fee head (key: the head's id), payment mode (key: the mode), GST rate (key: the rate in
 * hundredths of a percent) and gateway settlement's part (key: charges, inputGst, bank) in a department's books. A
 * head or mode without a row has no ledger yet: an export that needs it stops and names it; a rate without one takes
 * the Output GST ledger's name followed by the rate; a settlement's part without one its default ledger.
 */
export const ledgerMappingRows = sqliteTable(
  'ledger_mapping_rows',
  {
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    kind: text('kind', { enum: LEDGER_MAPPING_KINDS }).notNull(),
    key: text('key').notNull(),
    ledger: text('ledger').notNull(),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.kind, t.key] })],
);

/** One export of a department's closed days to the books: a Tally file downloaded or sent to Tally. */
export const booksExports = sqliteTable(
  'books_exports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    dateFrom: text('date_from').notNull(),
    dateTo: text('date_to').notNull(),
    granularity: text('granularity', { enum: BOOKS_GRANULARITIES }).notNull(),
    via: text('via', { enum: BOOKS_EXPORT_VIAS }).notNull(),
    voucherCount: integer('voucher_count').notNull(),
    reversalCount: integer('reversal_count').notNull(),
    status: text('status', { enum: BOOKS_EXPORT_STATUSES }).notNull().default('sent'),
    /** What Tally answered when the vouchers were sent to it (or why the send failed). */
    tallyAnswer: text('tally_answer'),
    exportedBy: integer('exported_by').references(() => users.id, { onDelete: 'set null' }),
    exportedAt: text('exported_at').notNull().default(now),
  },
  (t) => [
    index('books_exports_department_idx').on(t.departmentId, t.id),
    // One send at a time per department: each plans from the whole log (reversals of earlier days included), so two
    // sends of any days at once would post the same reversals twice.
    uniqueIndex('books_exports_one_pending_idx').on(t.departmentId).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Each voucher an export sent, as it was sent (its rows as JSON): the next export compares the vouchers as they are
 * now with these, and reverses what changed.
 */
export const booksExportVouchers = sqliteTable(
  'books_export_vouchers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    exportId: integer('export_id')
      .notNull()
      .references(() => booksExports.id),
    departmentId: integer('department_id').notNull(),
    kind: text('kind', { enum: BOOKS_VOUCHER_KINDS }).notNull(),
    voucherKey: text('voucher_key').notNull(),
    /** yyyy-MM-dd: the voucher's date. */
    date: text('date').notNull(),
    revision: integer('revision').notNull(),
    voucher: text('voucher').notNull(),
  },
  (t) => [index('books_export_vouchers_department_idx').on(t.departmentId, t.id)],
);
