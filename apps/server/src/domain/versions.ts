/**
 * Optimistic locking for the records edited through forms: the screen sends the version it loaded,
 * and an edit or void of a record changed since is refused with the time of that change, so one
 * clerk never silently replaces another's work. Without a version (the legacy REST paths) the last
 * write wins.
 */
import { AppError, clockTime, MSG } from '@fees/validation';

export type VersionedKind =
  | 'receipt'
  | 'student'
  | 'discount'
  | 'fee structure'
  | 'batch'
  | 'refund'
  | 'opening balance';

/** HH:mm in the foundation's time zone (the process TZ, Asia/Kolkata by default). */
function localTime(iso: string | null): string {
  return clockTime(iso ? new Date(iso) : new Date());
}

/** Throws 409 when a version was sent and the stored record has moved on since. */
export function assertCurrentVersion(
  kind: VersionedKind,
  stored: { version: number; updatedAt: string | null },
  sent: number | undefined,
): void {
  if (sent === undefined || sent === stored.version) return;
  throw new AppError('STALE', MSG.stale(kind, localTime(stored.updatedAt)));
}
