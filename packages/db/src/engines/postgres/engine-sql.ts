import { sql } from 'drizzle-orm';
import type { EngineSql } from '../index';

/**
 * PostgreSQL's SQL for the pieces of EngineSql (engines/index.ts): no index or join-order hints (it chooses
 * them from its statistics), ILIKE, since its LIKE heeds case, and MATERIALIZED for computedOnce: an
 * inlined CTE's expressions are evaluated again in every expression that reads them (a whole course's
 * dues took twice as long).
 */
export const postgresSql: EngineSql = {
  indexedBy: () => sql``,
  joinInOrder: sql.raw('JOIN'),
  computedOnce: sql.raw('MATERIALIZED'),
  likeIgnoringCase: 'ILIKE',
  version: sql`select current_setting('server_version') as version`,
  // NO KEY: the row is not deleted and its key stays, so inserts referencing it are not blocked.
  lockedUntilCommit: (alias) => sql.raw(` FOR NO KEY UPDATE OF ${alias}`),
  daysSince1970: (column) => `(${column}::date - DATE '1970-01-01')`,
  skipLocked: sql` FOR UPDATE SKIP LOCKED`,
  jsonRows: (json, alias) => sql`jsonb_array_elements(CAST(${json} AS jsonb)) AS ${sql.raw(alias)}(value)`,
  jsonCell: (alias, index, type) => sql.raw(`CAST(${alias}.value->>${index} AS ${type})`),
};
