import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, now, serialId } from './columns';
import { departments } from './reference';

export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  gstRateBasisPoints: integer('gst_rate_basis_points').notNull().default(0),
  backdateLimitDays: integer('backdate_limit_days').notNull().default(62),
  staffMayCloseDay: integer('staff_may_close_day').notNull().default(0),
});

export const letterheads = pgTable('letterheads', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id),
  institutionName: text('institution_name').notNull(),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
});

export const letterheadLogos = pgTable('letterhead_logos', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id),
  mimeType: text('mime_type', { enum: ['image/png', 'image/jpeg'] }).notNull(),
  bytes: bytea('bytes').notNull(),
});

export const verifyKeys = pgTable('verify_keys', {
  id: serialId(),
  secret: text('secret').notNull(),
  createdAt: text('created_at').notNull().default(now),
});
