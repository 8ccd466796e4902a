import { isPostgres } from '@fees/db';
import { pgDumpProblem } from '../../backup/pg-dump';
import { backupFileName } from '../../backup/snapshot';
import type { Context } from '../../context';

/**
 * Admin › Backup Database: the download (the engine, the file's name, and why it cannot be made, as
 * when pg_dump is missing), and the automatic backups: where they go, the schedule, each file newest
 * first (time, size, check, copy) and the warnings the dashboard shows. No automatic backups where
 * the server runs without them (PostgreSQL, most tests).
 */
export async function backupsListHandler({ ctx }: { ctx: Context }) {
  const postgres = isPostgres(ctx.db);
  const download = {
    engine: postgres ? ('postgres' as const) : ('sqlite' as const),
    fileName: backupFileName(postgres ? 'dump' : 'sqlite'),
    problem: postgres ? await pgDumpProblem(ctx.db) : null,
  };
  const backups = ctx.backups;
  if (!backups)
    return {
      download,
      enabled: false as const,
      dir: null,
      schedule: null,
      copyTo: null,
      nextRun: null,
      files: [],
      warnings: [],
    };
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
    download,
    enabled: true as const,
    dir,
    schedule,
    copyTo,
    nextRun: backups.nextRun()?.toISOString() ?? null,
    files,
    warnings: await backups.warnings(),
  };
}
