import { type SQL, sql } from 'drizzle-orm';

/** A LIKE pattern for a search text, with %, _ and \ taken literally (used with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether any of the columns contains the text, in any case, alike on both engines: SQLite's LIKE
 * ignores case and PostgreSQL's does not, so the engine's own lower() is applied to both sides.
 * `columns` are SQL text of the query itself (`s.name`), never a value a user typed.
 */
export function containsText(columns: readonly string[], text: string): SQL {
  const pattern = likePattern(text);
  return sql`(${sql.join(
    columns.map((column) => sql`lower(${sql.raw(column)}) LIKE lower(${pattern}) ESCAPE '\\'`),
    sql` OR `,
  )})`;
}

/** containsText for a runner text whose parameter `@name` holds likePattern(text). */
export function containsPattern(columns: readonly string[], name: string): string {
  return `(${columns.map((column) => `lower(${column}) LIKE lower(@${name}) ESCAPE '\\'`).join(' OR ')})`;
}
