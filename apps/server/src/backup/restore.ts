/**
 * Puts a backup file in place of the database file, for the restore command (server stopped).
 * The backup is copied beside the database first and that copy is checked (PRAGMA integrity_check,
 * and the app's tables must be there); only then is the current file (with its -wal and -shm, which
 * belong to it) renamed with a timestamp and the checked copy renamed into its place.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { tableRowCounts } from '@fees/db';
import Sqlite from 'better-sqlite3';

/** A backup that is refused; nothing has been changed. */
export class RestoreError extends Error {}

const SIDECARS = ['-wal', '-shm', '-journal'] as const;
const REQUIRED_TABLES = ['departments', 'users', 'students', 'receipts', 'receipt_lines'];

export interface RestoreResult {
  databasePath: string;
  /** Where the replaced database now is, or null when there was none. */
  previousPath: string | null;
  /** Rows per table of the restored database. */
  counts: Record<string, number>;
}

function removeWithSidecars(path: string): void {
  for (const suffix of ['', ...SIDECARS]) rmSync(`${path}${suffix}`, { force: true });
}

/** Checks a database file in place; returns its row counts or throws RestoreError. */
export function checkDatabaseFile(path: string): Record<string, number> {
  let client: Sqlite.Database;
  try {
    client = new Sqlite(path, { fileMustExist: true });
  } catch (error) {
    throw new RestoreError(`Cannot open ${path}: ${(error as Error).message}`);
  }
  try {
    let problems: string[];
    try {
      problems = (client.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    } catch (error) {
      throw new RestoreError(`Not a usable SQLite database: ${(error as Error).message}`);
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new RestoreError(`The backup failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
    }
    const counts = tableRowCounts(client);
    const missing = REQUIRED_TABLES.filter((t) => !(t in counts));
    if (missing.length > 0) {
      throw new RestoreError(`Not a fee management database (no ${missing.join(', ')} table)`);
    }
    client.pragma('journal_mode = DELETE');
    return counts;
  } finally {
    client.close();
  }
}

function timestamp(now: Date): string {
  return now.toISOString().slice(0, 19).replaceAll(':', '-');
}

export function restoreDatabase(opts: { backupPath: string; databasePath: string; now?: Date }): RestoreResult {
  const { backupPath, databasePath } = opts;
  if (!existsSync(backupPath)) throw new RestoreError(`No such file: ${backupPath}`);
  mkdirSync(dirname(databasePath), { recursive: true });
  const staging = `${databasePath}.restoring`;
  removeWithSidecars(staging);
  copyFileSync(backupPath, staging);
  let counts: Record<string, number>;
  try {
    counts = checkDatabaseFile(staging);
  } catch (error) {
    removeWithSidecars(staging);
    throw error;
  }
  let previousPath: string | null = null;
  if (existsSync(databasePath)) {
    previousPath = `${databasePath}.before-restore-${timestamp(opts.now ?? new Date())}`;
    renameSync(databasePath, previousPath);
    for (const suffix of SIDECARS) {
      if (existsSync(`${databasePath}${suffix}`)) renameSync(`${databasePath}${suffix}`, `${previousPath}${suffix}`);
    }
  }
  renameSync(staging, databasePath);
  return { databasePath, previousPath, counts };
}
