import { type SQL, sql } from 'drizzle-orm';

/** The values bound one by one, separated by commas: the inside of an `IN (...)`, which must not be empty. */
export function valueList(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
