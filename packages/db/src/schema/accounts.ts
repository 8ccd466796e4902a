import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { departments } from './reference';

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * Staff accounts. role 'admin' passes everything; role 'user' is department staff and signs in
 * only at its own department. The spec's usertype '1' is role 'admin'.
 */
export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Always stored lower-case. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: USER_ROLES }).notNull(),
  departmentId: integer('department_id').references(() => departments.id),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

/** Server-side sessions; the cookie carries only a random token whose SHA-256 is the id. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The department the user signed in to; null for an admin sign-in (the client's ADM). */
    departmentId: integer('department_id').references(() => departments.id),
    createdAt: text('created_at').notNull().default(now),
    /** Epoch milliseconds; the session ends when idle past this. */
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The sign-in limiter's counts: attempts (failed, or still being judged) per key (an account, an
 * address, or the pair) since windowStart. Kept in the database so that every app server sharing it
 * counts together; rows past expiresAt are deleted on a timer.
 */
export const signInLimits = sqliteTable(
  'sign_in_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** Epoch milliseconds. */
    windowStart: integer('window_start').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sign_in_limits_expires_idx').on(t.expiresAt)],
);
