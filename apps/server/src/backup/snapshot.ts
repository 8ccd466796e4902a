/**
 * Online snapshots of the live database with SQLite's backup API, on the app's own connection:
 * pages are copied a step at a time with the event loop free between steps, so requests keep being
 * served; writes made through this connection during the copy are carried into the copy by SQLite
 * itself. A write from another connection restarts the copy; each restart doubles the step, so a
 * busy outside writer cannot starve it (in the worst case the last pass is a single step). The
 * snapshot is the database as it was when the copy finished, and it is switched to a rollback
 * journal so the file stands alone (no -wal beside it).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@fees/db';
import Sqlite from 'better-sqlite3';
import { today } from '../config';

const FIRST_STEP_PAGES = 100;

export interface Snapshot {
  path: string;
  bytes: number;
  pages: number;
  /** How often a write from another connection made SQLite start the copy again. */
  restarts: number;
  ms: number;
}

/** backup_{yyyy-MM-dd}.sqlite or .sql, dated in the foundation's time zone. */
export function backupFileName(extension: 'sqlite' | 'sql', date: string = today()): string {
  return `backup_${date}.${extension}`;
}

/** Copies the database into destination (a new file) while the app keeps running. */
export async function takeSnapshot(db: Database, destination: string): Promise<Snapshot> {
  const started = performance.now();
  let stepPages = FIRST_STEP_PAGES;
  let lastRemaining = Number.POSITIVE_INFINITY;
  let restarts = 0;
  const result = await db.$client.backup(destination, {
    progress: ({ totalPages, remainingPages }) => {
      // Without a restart the remaining count only falls; a restart begins again from page 1.
      if (remainingPages >= lastRemaining) {
        restarts += 1;
        stepPages = Math.min(stepPages * 2, Math.max(totalPages, FIRST_STEP_PAGES));
      }
      lastRemaining = remainingPages;
      return stepPages;
    },
  });
  const copy = new Sqlite(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return {
    path: destination,
    bytes: statSync(destination).size,
    pages: result.totalPages,
    restarts,
    ms: Math.round(performance.now() - started),
  };
}

/** A snapshot in a new temporary folder; cleanup() removes it (safe to call more than once). */
export async function snapshotToTempFile(db: Database): Promise<Snapshot & { cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'fees-backup-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    return { ...(await takeSnapshot(db, join(dir, 'snapshot.sqlite'))), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}
