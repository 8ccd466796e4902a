import { type SQL, sql } from 'drizzle-orm';
import type { Reader } from '../client';
import { engineSql } from '../engines';

/** A LIKE pattern for a search text, with %, _ and \ taken literally (used with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether any of the columns contains the text, in any case, on either engine (each writes its own
 * LIKE that ignores case: engineSql(db), engines/index.ts). `columns` are SQL text of the query itself
 * (`s.name`), never a value a user typed.
 */
export function containsText(db: Reader, columns: readonly string[], text: string): SQL {
  const like = sql.raw(engineSql(db).likeIgnoringCase);
  const pattern = likePattern(text);
  return sql`(${sql.join(
    columns.map((column) => sql`${sql.raw(column)} ${like} ${pattern} ESCAPE '\\'`),
    sql` OR `,
  )})`;
}
