import { STATEMENT_LINE_STATES } from '@fees/money';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { students } from './academics';
import { receipts } from './receipts';
import { departments } from './reference';

export const STATEMENT_MATCH_RULES = [
  'instrument',
  'reference',
  'admission_no',
  'dues_amount',
  'by_hand',
  'settlement',
] as const;

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A department's bank account as the accountant names it, with the column mapping of its statements
 * (JSON: which header holds the date, narration, reference, credit, debit and balance), chosen at the
 * first upload and offered again for the next.
 */
export const bankAccounts = sqliteTable(
  'bank_accounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    name: text('name').notNull(),
    mapping: text('mapping').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('bank_accounts_department_name_idx').on(t.departmentId, t.name)],
);

/**
 * One uploaded statement file: its SHA-256 is unique per account, so the same file uploaded twice is
 * the statement already there. It holds its credit lines only (debits are not fees).
 */
export const bankStatements = sqliteTable(
  'bank_statements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    /** yyyy-MM-dd: the first and last dates of the file's lines. */
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    /** Credit lines of the file already in an earlier statement of the account (not added again). */
    repeatedLines: integer('repeated_lines').notNull(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: text('imported_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('bank_statements_account_hash_idx').on(t.bankAccountId, t.fileHash),
    index('bank_statements_department_idx').on(t.departmentId),
  ],
);

/**
 * A credit of a statement and where it ended: matched to a receipt's payment part, a receipt created
 * from it, ignored with a reason, or unmatched (with the student the matching proposes, if any). Its
 * hash (date, narration, reference, amounts, balance, and how many equal lines came before it in the
 * file) is unique per account: a line in two overlapping statements is kept once. A receipt part, or a
 * gateway settlement, is the match of one line at most.
 */
export const bankStatementLines = sqliteTable(
  'bank_statement_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    lineHash: text('line_hash').notNull(),
    /** The line's row in the file (1-based), for the accountant to find it. */
    rowNo: integer('row_no').notNull(),
    date: text('date').notNull(),
    narration: text('narration').notNull(),
    reference: text('reference').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    balancePaise: integer('balance_paise'),
    state: text('state', { enum: STATEMENT_LINE_STATES }).notNull(),
    matchRule: text('match_rule', { enum: STATEMENT_MATCH_RULES }),
    receiptId: integer('receipt_id').references(() => receipts.id),
    partNo: integer('part_no'),
    /** The gateway settlement (its id) the credit is, when it is one: a settlement is one line's at most. */
    settlementId: text('settlement_id'),
    proposedStudentId: integer('proposed_student_id').references(() => students.id),
    ignoredReason: text('ignored_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: text('decided_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_account_hash_idx').on(t.bankAccountId, t.lineHash),
    uniqueIndex('bank_statement_lines_receipt_part_idx').on(t.receiptId, t.partNo),
    uniqueIndex('bank_statement_lines_settlement_idx').on(t.settlementId),
    index('bank_statement_lines_statement_idx').on(t.statementId, t.rowNo),
  ],
);
