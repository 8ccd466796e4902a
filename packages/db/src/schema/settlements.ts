import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** How a settlement line reached the product: the gateway's reconciliation API, or its report file uploaded. */
export const SETTLEMENT_LINE_SOURCES = ['api', 'file'] as const;

/**
 * One line of a gateway settlement (a payment, refund, transfer or adjustment the gateway settled),
 * kept once by the gateway's id of the line: fetching or uploading the same period again adds nothing.
 * The fee is the gateway's charge without its GST, the tax that GST; credit and debit are what the line
 * moved into or out of the bank account. The settlements are these lines added up by settlement id.
 */
export const settlementLines = sqliteTable(
  'settlement_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gateway: text('gateway').notNull(),
    entityId: text('entity_id').notNull(),
    type: text('type').notNull(),
    /** The payment the line is about (a payment's own id, a refund's payment); null for an adjustment. */
    paymentId: text('payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    feePaise: integer('fee_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    creditPaise: integer('credit_paise').notNull(),
    debitPaise: integer('debit_paise').notNull(),
    settlementId: text('settlement_id').notNull(),
    utr: text('utr').notNull(),
    /** ISO instant of the settlement, and its day in India (yyyy-MM-dd) that periods are chosen by. */
    settledAt: text('settled_at').notNull(),
    settledOn: text('settled_on').notNull(),
    source: text('source', { enum: SETTLEMENT_LINE_SOURCES }).notNull(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: text('imported_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('settlement_lines_entity_idx').on(t.gateway, t.entityId),
    index('settlement_lines_settled_idx').on(t.settledOn, t.settlementId),
    index('settlement_lines_payment_idx').on(t.paymentId),
  ],
);
