import { sql } from 'drizzle-orm';
import type { PlannerHints } from '../../engine/hints';

/**
 * SQLite's own syntax for the hints: INDEXED BY names the index to read, and CROSS JOIN ... ON is
 * the join whose left table SQLite never moves inside (https://sqlite.org/optoverview.html#crossjoin).
 */
export const sqliteHints: PlannerHints = {
  indexedBy: (index) => sql.raw(`INDEXED BY ${index}`),
  joinInOrder: sql.raw('CROSS JOIN'),
};
