/**
 * Online snapshots of the live database with SQLite's backup API. The copy is read through a
 * second, read-only connection that first opens a read transaction: in WAL mode that transaction
 * sees the database exactly as it was at that moment, however long the copy takes, and it never
 * blocks writers. Pages are copied a step at a time with the event loop free between steps, so the
 * app keeps serving and writing meanwhile; since the source connection never starts a new read,
 * those writes do not restart the copy. The snapshot is switched to a rollback journal so the file
 * stands alone (no -wal beside it). An in-memory database (tests) is copied through its own
 * connection, as no other can open it.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@fees/db';
import Sqlite from 'better-sqlite3';
import { today } from '../config';

export interface Snapshot {
  path: string;
  bytes: number;
  pages: number;
  ms: number;
}

/** backup_{yyyy-MM-dd}.sqlite or .sql, dated in the foundation's time zone. */
export function backupFileName(extension: 'sqlite' | 'sql', date: string = today()): string {
  return `backup_${date}.${extension}`;
}

/** Copies the database, as it is now, into destination (a new file) while the app keeps running. */
export async function takeSnapshot(db: Database, destination: string): Promise<Snapshot> {
  const started = performance.now();
  const live = db.$client;
  const source = live.memory ? live : new Sqlite(live.name, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    if (source !== live) {
      source.exec('BEGIN');
      // A deferred BEGIN reads nothing yet: the first read fixes the snapshot's moment.
      source.prepare('select count(*) from sqlite_master').get();
    }
    const result = await source.backup(destination);
    const copy = new Sqlite(destination, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    return { path: destination, bytes: statSync(destination).size, pages: result.totalPages, ms: Math.round(performance.now() - started) };
  } finally {
    if (source !== live) source.close();
  }
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
