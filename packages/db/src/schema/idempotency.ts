import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/**
 * The answers of money-creating writes sent with an idempotency key: per user, operation
 * ('receipts.create', ...) and key, a hash of the request and the first result (JSON). The row is
 * claimed at the start of the write's transaction and filled by its last statement, so a repeat of
 * the request (the answer was lost, the clerk submitted again) answers the first result instead of
 * writing a second receipt; rows past expiresAt are deleted on a timer.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the request's canonical JSON, the key left out. */
    requestHash: text('request_hash').notNull(),
    /** Null only inside the transaction that claimed the key. */
    result: text('result'),
    /** Epoch milliseconds; the row is deleted after this. */
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.operation, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
