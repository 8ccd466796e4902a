import type { Context } from '../../context';

/**
 * The automatic backups for Admin › Backup Database: where they go, the schedule, each file newest
 * first (time, size, check, copy) and the warnings the dashboard shows. Empty where the server runs
 * without automatic backups.
 */
export async function backupsListHandler({ ctx }: { ctx: Context }) {
  const backups = ctx.backups;
  if (!backups) return { enabled: false as const, dir: null, schedule: null, copyTo: null, nextRun: null, files: [], warnings: [] };
  const { dir, schedule, copyTo } = backups.settings;
  const files = (await backups.list()).map((r) => ({
    file: r.file,
    takenAt: r.takenAt,
    reason: r.takenAt === null ? null : r.reason,
    bytes: r.bytes,
    good: r.check?.ok ?? false,
    problem: r.check === null ? 'Not checked (the backup was cut short)' : r.check.problem,
    rows: r.check ? Object.values(r.check.counts).reduce((sum, n) => sum + n, 0) : 0,
    copy: r.copy,
  }));
  return {
    enabled: true as const,
    dir,
    schedule,
    copyTo,
    nextRun: backups.nextRun()?.toISOString() ?? null,
    files,
    warnings: await backups.warnings(),
  };
}
