/**
 * The yyyy-MM-dd columns a person or a program writes, per table: each engine refuses a day no calendar has
 * in them (PostgreSQL by a CHECK built in engines/postgres/tables.ts, SQLite by the triggers of migration
 * 0020_calendar_dates). The running totals' copies of receipts.date (daily collections, student_payments) are
 * written only by triggers, from a date already checked.
 */
export const CALENDAR_DATE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  batches: ['start_date', 'end_date'],
  students: ['admission_date', 'date_of_birth'],
  fee_structures: ['start_date', 'end_date'],
  instalments: ['due_date'],
  opening_balances: ['due_date'],
  fine_waivers: ['date'],
  receipts: ['date'],
  refunds: ['date'],
  cheques: ['instrument_date', 'cleared_on', 'bounced_on'],
  day_closings: ['date'],
};
