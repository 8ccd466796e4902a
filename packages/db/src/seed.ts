import { type SQL, sql } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import {
  ADVANCE_HEAD,
  CATEGORIES,
  BOOKS_PAYMENT_MODES,
  CHEQUE_BOUNCE_HEAD,
  COURSES,
  DEFAULT_ADVANCE_LEDGER,
  DEFAULT_FEE_HEADS,
  DEFAULT_GST_LEDGER,
  DEFAULT_MODE_LEDGERS,
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

/**
 * The default ledger mapping of each department that has none yet (a new installation, or the first start after
 * the books came): an income ledger per fee head named after it (the Advance head: the advance liability), Cash and
 * Bank for the payment modes (Online: the gateway's clearing ledger), the refunds from the advance and Output GST.
 * Heads and modes added later get no row.
 */
export function defaultLedgerMappingStatements(): SQL[] {
  const unmapped = sql`NOT EXISTS (SELECT 1 FROM ledger_mappings m WHERE m.department_id = d.id)`;
  const modes = sql.join(
    BOOKS_PAYMENT_MODES.filter((mode) => DEFAULT_MODE_LEDGERS[mode] !== undefined).map(
      (mode) => sql`SELECT CAST(${mode} AS text) AS mode, CAST(${DEFAULT_MODE_LEDGERS[mode]} AS text) AS ledger`,
    ),
    sql` UNION ALL `,
  );
  return [
    sql`INSERT INTO ledger_mapping_rows (department_id, kind, key, ledger)
      SELECT d.id, 'head', CAST(h.id AS text),
        CASE WHEN h.name = ${ADVANCE_HEAD} THEN CAST(${DEFAULT_ADVANCE_LEDGER} AS text) ELSE h.name END
      FROM departments d CROSS JOIN fee_heads h WHERE ${unmapped}
      ON CONFLICT DO NOTHING`,
    sql`INSERT INTO ledger_mapping_rows (department_id, kind, key, ledger)
      SELECT d.id, 'mode', modes.mode, modes.ledger FROM departments d CROSS JOIN (${modes}) AS modes WHERE ${unmapped}
      ON CONFLICT DO NOTHING`,
    sql`INSERT INTO ledger_mappings (department_id, company, refund_ledger, gst_ledger)
      SELECT d.id, d.name, CAST(${DEFAULT_ADVANCE_LEDGER} AS text), CAST(${DEFAULT_GST_LEDGER} AS text)
      FROM departments d WHERE ${unmapped}
      ON CONFLICT DO NOTHING`,
  ];
}

const sqliteDialect = new SQLiteSyncDialect();

/** Seeds the reference data on SQLite in one transaction. */
export function seedReferenceData(db: Database): void {
  const client = db.$client;
  client.transaction(() => {
    // A file opened at an older version (a copy's source) has no books tables yet: its mapping waits for them.
    const books = client.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ledger_mappings'").get();
    for (const statement of [...referenceDataStatements(), ...(books ? defaultLedgerMappingStatements() : [])]) {
      const { sql: text, params } = sqliteDialect.sqlToQuery(statement);
      client.prepare(text).run(...params);
    }
  })();
}
