/**
 * "Now" as the timestamps are stored (ISO text in UTC with milliseconds, as the SQLite schema's
 * strftime defaults write them), taken here and passed to the SQL as a value: the same on both
 * engines, with no engine function for the current time in the shared queries.
 */
export function timestampNow(): string {
  return new Date().toISOString();
}
