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

/** One SQL text with its named parameters. */
export interface SeedStatement {
  text: string;
  params: Record<string, unknown>;
}

/**
 * The reference data as SQL that runs unchanged on SQLite and PostgreSQL. Idempotent: fixed rows are
 * upserted by id (names follow the code), lookup lists and per-installation rows (settings,
 * letterheads, the receipt sequence) are only inserted when missing, so an administrator's edits
 * survive restarts. The default fee heads go in only while there are no heads at all.
 */
export function referenceDataStatements(): SeedStatement[] {
  const statements: SeedStatement[] = [];
  for (const d of DEPARTMENTS) {
    statements.push({
      text: `INSERT INTO departments (id, name, prefix, code, short_name)
             VALUES (@id, @name, @prefix, @code, @shortName)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, prefix = excluded.prefix, code = excluded.code,
               short_name = excluded.short_name`,
      params: { id: d.id, name: d.name, prefix: d.prefix, code: d.code, shortName: d.shortName },
    });
    statements.push({
      text:
        'INSERT INTO letterheads (department_id, institution_name) VALUES (@departmentId, @institutionName) ' +
        'ON CONFLICT DO NOTHING',
      params: { departmentId: d.id, institutionName: d.letterhead },
    });
  }
  for (const c of COURSES) {
    statements.push({
      text: `INSERT INTO courses (id, department_id, name) VALUES (@id, @departmentId, @name)
             ON CONFLICT (id) DO UPDATE SET department_id = excluded.department_id, name = excluded.name`,
      params: { id: c.id, departmentId: c.departmentId, name: c.name },
    });
  }
  for (const name of CATEGORIES)
    statements.push({ text: 'INSERT INTO categories (name) VALUES (@name) ON CONFLICT DO NOTHING', params: { name } });
  for (const name of RELIGIONS)
    statements.push({ text: 'INSERT INTO religions (name) VALUES (@name) ON CONFLICT DO NOTHING', params: { name } });
  const heads = Object.fromEntries(DEFAULT_FEE_HEADS.map((name, i) => [`head${i}`, name]));
  statements.push({
    text: `INSERT INTO fee_heads (name) SELECT name FROM (${Object.keys(heads)
      .map((key) => `SELECT CAST(@${key} AS text) AS name`)
      .join(' UNION ALL ')}) AS defaults WHERE NOT EXISTS (SELECT 1 FROM fee_heads)`,
    params: heads,
  });
  for (const name of [LATE_FEE_HEAD, PREVIOUS_DUES_HEAD, ADVANCE_HEAD, CHEQUE_BOUNCE_HEAD]) {
    statements.push({ text: 'INSERT INTO fee_heads (name) VALUES (@name) ON CONFLICT DO NOTHING', params: { name } });
  }
  // Only the id: every setting takes its column default, so a database on older migrations seeds too.
  statements.push({ text: 'INSERT INTO settings (id) VALUES (1) ON CONFLICT DO NOTHING', params: {} });
  statements.push({
    text: 'INSERT INTO receipt_number_sequence (id, last_number) VALUES (1, 0) ON CONFLICT DO NOTHING',
    params: {},
  });
  return statements;
}

/** Seeds the reference data on SQLite in one transaction. */
export function seedReferenceData(db: Database): void {
  const client = db.$client;
  client.transaction(() => {
    for (const { text, params } of referenceDataStatements()) client.prepare(text).run(params);
  })();
}
