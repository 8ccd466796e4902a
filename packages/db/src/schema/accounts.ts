import { sql } from 'drizzle-orm';
import { ROLES, type Role } from '@fees/validation';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { departments } from './reference';

export const USER_ROLES = ROLES;
export type UserRole = Role;

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * Staff accounts. role 'admin' passes everything; the capabilities of each role are listed in
 * @fees/validation (roles.ts). An account serves the departments of user_departments (admins and
 * auditors every one). The spec's usertype '1' is role 'admin'.
 */
export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Always stored lower-case. */
  email: text('email').notNull().unique(),
  /** The display name printed on receipts ("Received by ...") and shown in the audit log. */
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: USER_ROLES }).notNull(),
  /** The department the account was first created for (the legacy lists' depname); access reads user_departments. */
  departmentId: integer('department_id').references(() => departments.id),
  /** Set when the account is disabled: it cannot sign in, its history keeps its name. */
  disabledAt: text('disabled_at'),
  /** 1 after an administrator set the password: the user chooses a new one at the next sign-in. */
  mustChangePassword: integer('must_change_password').notNull().default(0),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

/** The departments an account serves (an accountant of UG and PG has two rows). */
export const userDepartments = sqliteTable(
  'user_departments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.departmentId] }),
    index('user_departments_department_idx').on(t.departmentId),
  ],
);

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
