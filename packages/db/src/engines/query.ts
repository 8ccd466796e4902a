import { fillPlaceholders, type SQL } from 'drizzle-orm';

/**
 * A statement built once, when its module loads, with named values (`sql.placeholder('studentId')`),
 * and the values of one run. An sql`...` template is built again at every call and each engine renders
 * it again (Drizzle's dialect walks every piece of it); a bound statement is rendered once per engine
 * and only its values change. For the statements every receipt or request runs.
 */
export class Bound {
  constructor(
    readonly statement: SQL,
    /** The value of each placeholder, by its name; other properties are not read. */
    readonly values: object,
  ) {}
}

/** What `rows`, `row` and `run` take: a template, or a statement built once with this run's values. */
export type Query = SQL | Bound;

/** `statement` with these values for its placeholders (a placeholder without one fails the run). */
export function bound(statement: SQL, values: object): Bound {
  return new Bound(statement, values);
}

/**
 * An engine's renderer of queries: a template rendered each time, a bound statement's text once (kept
 * while the statement lives), its values filled in at each run.
 */
export function renderer(
  render: (query: SQL) => { sql: string; params: unknown[] },
): (query: Query) => { sql: string; params: unknown[] } {
  const rendered = new WeakMap<SQL, { sql: string; params: unknown[] }>();
  return (query) => {
    if (!(query instanceof Bound)) return render(query);
    let once = rendered.get(query.statement);
    if (!once) {
      once = render(query.statement);
      rendered.set(query.statement, once);
    }
    return { sql: once.sql, params: fillPlaceholders(once.params, query.values as Record<string, unknown>) };
  };
}
