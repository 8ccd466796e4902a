import { sql } from 'drizzle-orm';
import type { EngineSql } from '../../engine/engine-sql';

/**
 * PostgreSQL's SQL for the pieces of engine/engine-sql.ts: no planner hints (it chooses indexes and
 * join order from its statistics), and ILIKE, since its LIKE heeds case.
 */
export const postgresSql: EngineSql = {
  indexedBy: () => sql``,
  joinInOrder: sql.raw('JOIN'),
  likeIgnoringCase: 'ILIKE',
  version: sql`select current_setting('server_version') as version`,
};
