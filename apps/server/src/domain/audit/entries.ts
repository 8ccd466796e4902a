import type { AuditRow } from '@fees/db';

/** An audit row as the screens read it: the snapshots parsed (they were written as JSON). */
export function auditEntryOf(row: AuditRow) {
  const { before, after, ...rest } = row;
  return {
    ...rest,
    before: before === null ? null : (JSON.parse(before) as unknown),
    after: after === null ? null : (JSON.parse(after) as unknown),
  };
}
