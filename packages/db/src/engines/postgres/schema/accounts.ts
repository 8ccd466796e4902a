import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { USER_ROLES } from '../../../schema/accounts';
import { bigNumber, now, serialId } from './columns';
import { departments } from './reference';

export const users = pgTable('users', {
  id: serialId(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: USER_ROLES }).notNull(),
  departmentId: integer('department_id').references(() => departments.id),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id),
    createdAt: text('created_at').notNull().default(now),
    expiresAt: bigNumber('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const signInLimits = pgTable(
  'sign_in_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: bigNumber('window_start').notNull(),
    expiresAt: bigNumber('expires_at').notNull(),
  },
  (t) => [index('sign_in_limits_expires_idx').on(t.expiresAt)],
);
