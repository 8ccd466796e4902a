import { sql } from 'drizzle-orm';
import type { PlannerHints } from '../../engine/hints';

/** PostgreSQL has no planner hints: it chooses indexes and join order from its statistics. */
export const postgresHints: PlannerHints = {
  indexedBy: () => sql``,
  joinInOrder: sql.raw('JOIN'),
};
