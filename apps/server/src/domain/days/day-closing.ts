/**
 * Closed days: once a department's day is closed, its receipts (and refunds) of that date are
 * written only by an admin who says why. Every service that creates, edits or voids money of a date
 * calls assertDayOpen inside its transaction, so the check and the write see the same closing.
 */
import { type AuditActor, findDayClosing, type WriteTx, writeAudit } from '@fees/db';
import { DAY_CLOSED_START, formatDate, refuse } from '@fees/validation';
import type { DepartmentAccess } from '../../department-access';

/** HH:mm of a stored UTC time in the foundation's time zone (the process TZ). */
function localTime(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * Lets a write of this department and date through when the day is open. On a closed day staff get
 * 409 "This day is closed ..."; an admin needs a reason, and the override is written to the audit
 * log (`change` says what was done, e.g. "edit receipt #0007").
 */
export async function assertDayOpen(
  db: WriteTx,
  actor: AuditActor,
  access: DepartmentAccess,
  day: { departmentId: number; date: string; change: string; reason: string | null },
): Promise<void> {
  const closing = await findDayClosing(db, { departmentId: day.departmentId, date: day.date });
  if (!closing) return;
  const closed =
    `${DAY_CLOSED_START}: ${formatDate(day.date)} was closed by ` +
    `${closing.closedByEmail ?? 'a deleted account'} at ${localTime(closing.closedAt)}.`;
  if (access.role !== 'admin') refuse('CONFLICT', `${closed} Only an administrator can change it.`);
  if (!day.reason) refuse('CONFLICT', `${closed} Give a reason to change it.`);
  await writeAudit(db, {
    actor,
    action: 'closed_day_change',
    entity: 'day_closing',
    entityId: `${day.departmentId}/${day.date}`,
    after: { departmentId: day.departmentId, date: day.date, change: day.change, reason: day.reason },
  });
}
