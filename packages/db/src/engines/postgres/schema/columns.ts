import { sql } from 'drizzle-orm';
import { bigint, customType, integer } from 'drizzle-orm/pg-core';

/**
 * Column shapes shared by the PostgreSQL tables, chosen so that one SQL text reads and writes the same
 * values on both engines: timestamps are ISO text in UTC exactly as SQLite's strftime writes them, dates
 * stay 'YYYY-MM-DD' text, money is integer paise (bigint, read as a JS number: paise fit in 2^53).
 */
export const now = sql`(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** Integer paise or epoch milliseconds: bigint in the database, a JS number in the app. */
export function bigNumber(name: string) {
  return bigint(name, { mode: 'number' });
}

/** An id the database assigns (SQLite's INTEGER PRIMARY KEY AUTOINCREMENT); an explicit id is kept. */
export function serialId(name = 'id') {
  return integer(name).primaryKey().generatedByDefaultAsIdentity();
}

/** Raw bytes (SQLite's blob in buffer mode). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});
