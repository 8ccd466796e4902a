import { sql } from 'drizzle-orm';
import { blob, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { departments } from './reference';

/** Foundation-wide settings: a single row with id 1. */
export const settings = sqliteTable('settings', {
  id: integer('id').primaryKey(),
  /** GST rate in hundredths of a percent (1800 = 18%); default 0. */
  gstRateBasisPoints: integer('gst_rate_basis_points').notNull().default(0),
  /** How many days back a non-admin may date a receipt; default 62. */
  backdateLimitDays: integer('backdate_limit_days').notNull().default(62),
  /** 1 when a department's staff may close their own day (admins always may); an integer on both engines. */
  staffMayCloseDay: integer('staff_may_close_day').notNull().default(0),
  /** Reminders and notices wait outside these hours (HH:mm in the server's TZ); receipts go at once. */
  quietHoursStart: text('quiet_hours_start').notNull().default('09:00'),
  quietHoursEnd: text('quiet_hours_end').notNull().default('20:00'),
  /** The management's daily summary: e-mail addresses (comma-separated; empty: none) and when (HH:mm). */
  summaryRecipients: text('summary_recipients').notNull().default(''),
  summaryTime: text('summary_time').notNull().default('07:00'),
  /** How many messages a second the worker sends on each channel. */
  sendRatePerSecond: integer('send_rate_per_second').notNull().default(20),
  /** What one message costs on each channel, for a reminder run's preview. */
  emailPricePaise: integer('email_price_paise').notNull().default(0),
  smsPricePaise: integer('sms_price_paise').notNull().default(0),
  whatsappPricePaise: integer('whatsapp_price_paise').notNull().default(0),
});

/** The lines printed at the top of a department's receipts. */
export const letterheads = sqliteTable('letterheads', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id),
  institutionName: text('institution_name').notNull(),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
});

/** A department's letterhead logo (PNG or JPEG, at most 200 KB), printed on its receipts. */
export const letterheadLogos = sqliteTable('letterhead_logos', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id),
  mimeType: text('mime_type', { enum: ['image/png', 'image/jpeg'] }).notNull(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
});

/**
 * The secrets of the receipt verification codes (an HMAC of number, date and amount). The newest
 * signs new prints; every key still here verifies, so a rotation (a new row) keeps old paper valid
 * until its key is deleted.
 */
export const verifyKeys = sqliteTable('verify_keys', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  secret: text('secret').notNull(),
  createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});
