import { type SQL, sql } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import {
  ADVANCE_HEAD,
  CATEGORIES,
  CHEQUE_BOUNCE_HEAD,
  COURSES,
  DEFAULT_FEE_HEADS,
  DEPARTMENTS,
  LATE_FEE_HEAD,
  PREVIOUS_DUES_HEAD,
  RELIGIONS,
} from '@fees/validation';
import type { Database } from './client';

/**
 * The reference data as SQL that runs unchanged on SQLite and PostgreSQL. Idempotent: fixed rows are
 * upserted by id (names follow the code), lookup lists and per-installation rows (settings,
 * letterheads, the receipt sequence) are only inserted when missing, so an administrator's edits
 * survive restarts. The default fee heads go in only while there are no heads at all.
 */
export function referenceDataStatements(): SQL[] {
  const statements: SQL[] = [];
  for (const d of DEPARTMENTS) {
    statements.push(sql`INSERT INTO departments (id, name, prefix, code, short_name)
             VALUES (${d.id}, ${d.name}, ${d.prefix}, ${d.code}, ${d.shortName})
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, prefix = excluded.prefix, code = excluded.code,
               short_name = excluded.short_name`);
    statements.push(
      sql`INSERT INTO letterheads (department_id, institution_name) VALUES (${d.id}, ${d.letterhead})
          ON CONFLICT DO NOTHING`,
    );
  }
  for (const c of COURSES) {
    statements.push(sql`INSERT INTO courses (id, department_id, name) VALUES (${c.id}, ${c.departmentId}, ${c.name})
             ON CONFLICT (id) DO UPDATE SET department_id = excluded.department_id, name = excluded.name`);
  }
  for (const name of CATEGORIES)
    statements.push(sql`INSERT INTO categories (name) VALUES (${name}) ON CONFLICT DO NOTHING`);
  for (const name of RELIGIONS)
    statements.push(sql`INSERT INTO religions (name) VALUES (${name}) ON CONFLICT DO NOTHING`);
  const defaults = sql.join(
    DEFAULT_FEE_HEADS.map((name) => sql`SELECT CAST(${name} AS text) AS name`),
    sql` UNION ALL `,
  );
  statements.push(
    sql`INSERT INTO fee_heads (name) SELECT name FROM (${defaults}) AS defaults
      WHERE NOT EXISTS (SELECT 1 FROM fee_heads)`,
  );
  for (const name of [LATE_FEE_HEAD, PREVIOUS_DUES_HEAD, ADVANCE_HEAD, CHEQUE_BOUNCE_HEAD]) {
    statements.push(sql`INSERT INTO fee_heads (name) VALUES (${name}) ON CONFLICT DO NOTHING`);
  }
  // Only the id: every setting takes its column default, so a database on older migrations seeds too.
  statements.push(sql`INSERT INTO settings (id) VALUES (1) ON CONFLICT DO NOTHING`);
  statements.push(sql`INSERT INTO receipt_number_sequence (id, last_number) VALUES (1, 0) ON CONFLICT DO NOTHING`);
  return statements;
}

const sqliteDialect = new SQLiteSyncDialect();

/** Seeds the reference data on SQLite in one transaction. */
export function seedReferenceData(db: Database): void {
  const client = db.$client;
  client.transaction(() => {
    for (const statement of referenceDataStatements()) {
      const { sql: text, params } = sqliteDialect.sqlToQuery(statement);
      client.prepare(text).run(...params);
    }
  })();
}
