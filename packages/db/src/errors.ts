/**
 * What a failed write says about the constraint it broke. better-sqlite3 puts SQLite's extended code
 * on `code`, node-postgres PostgreSQL's SQLSTATE; Drizzle's builder wraps the driver's error in its
 * own, with the driver's as `cause`.
 */
function driverCode(error: unknown): unknown {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ('code' in e) return e.code;
  }
  return undefined;
}

/** A UNIQUE constraint refused the write: the thing already exists. */
export function isUniqueViolation(error: unknown): boolean {
  const code = driverCode(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** A FOREIGN KEY constraint refused the write: other rows still refer to this one. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = driverCode(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
