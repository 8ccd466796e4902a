/**
 * Each engine's committed migrations end at the tables the schema declares: a column or table added to
 * src/schema without `pnpm db:generate` and `pnpm db:generate:pg` fails here, before any database sees it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  generateDrizzleJson,
  generateMigration,
  generateSQLiteDrizzleJson,
  generateSQLiteMigration,
} from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../../schema';
import { postgresTables } from './tables';

function lastSnapshot(folder: string) {
  const meta = fileURLToPath(new URL(`../../../${folder}/meta/`, import.meta.url));
  const last = readdirSync(meta)
    .filter((name) => name.endsWith('_snapshot.json'))
    .sort()
    .at(-1)!;
  return JSON.parse(readFileSync(meta + last, 'utf8'));
}

describe('migrations follow the one declaration of the tables', () => {
  it('SQLite: nothing left to generate', async () => {
    const current = await generateSQLiteDrizzleJson(schema);
    expect(await generateSQLiteMigration(lastSnapshot('drizzle'), current)).toEqual([]);
  });

  it('PostgreSQL: the tables built from it leave nothing to generate', async () => {
    const current = generateDrizzleJson(postgresTables);
    expect(await generateMigration(lastSnapshot('drizzle-pg'), current)).toEqual([]);
  });

  it('PostgreSQL: money in paise is 64-bit, an autoincrement id an identity, "now" the same ISO text', async () => {
    const { tables } = generateDrizzleJson(postgresTables);
    const receipts = tables['public.receipts']!;
    expect(receipts.columns.net_paise!.type).toBe('bigint');
    expect(receipts.columns.number!.type).toBe('integer');
    expect(receipts.columns.id!.identity).toBeDefined();
    expect(String(receipts.columns.created_at!.default)).toContain("to_char(now() AT TIME ZONE 'UTC'");
    expect(tables['public.students']!.indexes.students_department_name_nocase_idx!.columns[1]!.expression).toBe(
      'lower("name")',
    );
  });
});
