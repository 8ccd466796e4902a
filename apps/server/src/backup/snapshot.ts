/**
 * Online snapshots of the live database with SQLite's backup API, taken in a worker thread
 * (snapshot.worker.ts) so that the app keeps serving and writing meanwhile: the copy, its final
 * write to disk, the checkpoint after it and the removal of the temporary file all stay off the
 * event loop. The worker reads through its own read-only connection inside one read transaction: in
 * WAL mode that transaction sees the database exactly as it was when it began, however long the copy
 * takes, and never blocks writers. It begins when this thread says Go, and this thread is held until
 * it has (a thread wake-up, not the worker's start-up): the snapshot holds exactly what was committed
 * before that moment, which onStart marks. An in-memory database (tests) is copied through its own
 * connection, as no other connection can open it.
 */
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database } from '@fees/db';
import Sqlite from 'better-sqlite3';
import { today } from '../config';
import {
  HANDSHAKE_TIMEOUT_MS,
  Handshake,
  type SnapshotJob,
  type SnapshotResult,
  type WorkerMessage,
} from './snapshot-job';

export interface Snapshot {
  path: string;
  bytes: number;
  pages: number;
  ms: number;
  checkpoint: SnapshotResult['checkpoint'];
}

/** backup_{yyyy-MM-dd}.sqlite, .dump (PostgreSQL's custom format) or .sql, dated in the foundation's time zone. */
export function backupFileName(extension: 'sqlite' | 'dump' | 'sql', date: string = today()): string {
  return `backup_${date}.${extension}`;
}

/**
 * Starts the worker: built by build.mjs into dist/backup/ beside the bundled server, or, from
 * sources, the TypeScript file beside this one, loaded through tsx's require hook (Node 20 does not
 * apply import hooks to a worker's entry).
 */
function startWorker(job: SnapshotJob): Worker {
  const built = new URL('./backup/snapshot.worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built, { workerData: job });
  const source = fileURLToPath(new URL('./snapshot.worker.ts', import.meta.url));
  if (!existsSync(source))
    throw new Error('The snapshot worker (backup/snapshot.worker.js) is missing beside the server');
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`, {
    eval: true,
    workerData: job,
  });
}

/** Gives the worker its Go and holds this thread until the worker's read transaction has begun. */
function sayGo(state: Int32Array): void {
  // The worker gave up waiting (its error follows) unless it is still Ready.
  if (Atomics.compareExchange(state, 0, Handshake.Ready, Handshake.Go) !== Handshake.Ready) return;
  Atomics.notify(state, 0);
  if (Atomics.wait(state, 0, Handshake.Go, HANDSHAKE_TIMEOUT_MS) === 'timed-out') {
    throw new Error('The snapshot worker did not start its read transaction');
  }
}

function copyInWorker(source: string, destination: string, onStart: () => void): Promise<SnapshotResult> {
  const state = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const worker = startWorker({ source, destination, state: state.buffer as SharedArrayBuffer });
  return new Promise<SnapshotResult>((resolve, reject) => {
    let result: SnapshotResult | undefined;
    worker.on('message', (message: WorkerMessage) => {
      if ('done' in message) {
        result = message.done;
        return;
      }
      try {
        sayGo(state);
      } catch (error) {
        void worker.terminate();
        reject(error);
        return;
      }
      if (Atomics.load(state, 0) === Handshake.Reading) onStart();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`The snapshot worker stopped (exit code ${code}) without a snapshot`));
    });
  });
}

function copyInMemory(live: Sqlite.Database, destination: string, onStart: () => void): Promise<SnapshotResult> {
  onStart();
  return live.backup(destination).then((result) => {
    const copy = new Sqlite(destination, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    return { pages: result.totalPages, bytes: statSync(destination).size, checkpoint: null };
  });
}

export interface SnapshotOptions {
  /**
   * Called at the snapshot's moment, once its read transaction has begun: the snapshot holds
   * exactly what was committed before this call.
   */
  onStart?: () => void;
}

/**
 * Copies the database into destination (a new file) while the app keeps running: the database as
 * it was at the moment the worker's read transaction began, a worker's start-up after the call.
 */
export async function takeSnapshot(
  db: Database,
  destination: string,
  options: SnapshotOptions = {},
): Promise<Snapshot> {
  const started = performance.now();
  const live = db.$client;
  const onStart = options.onStart ?? (() => {});
  const result = await (live.memory
    ? copyInMemory(live, destination, onStart)
    : copyInWorker(live.name, destination, onStart));
  return { path: destination, ...result, ms: Math.round(performance.now() - started) };
}

/** The cleanups of the temporary snapshots not removed yet, for removeTemporarySnapshots. */
const outstanding = new Set<() => Promise<void>>();

/** Removes every temporary snapshot still there (at shutdown: a download may have just ended). */
export async function removeTemporarySnapshots(): Promise<void> {
  await Promise.all([...outstanding].map((cleanup) => cleanup()));
}

export interface TemporaryFolder {
  dir: string;
  /** Removes the folder without blocking the event loop; may be called more than once, never rejects. */
  cleanup: () => Promise<void>;
}

/**
 * A new temporary folder for one backup file, removed by cleanup() or at shutdown. Freeing a large
 * file takes the file system a while, so the removal never blocks; a failure is reported as a
 * process warning.
 */
export function temporaryFolder(): TemporaryFolder {
  const dir = mkdtempSync(join(tmpdir(), 'fees-backup-'));
  let removal: Promise<void> | undefined;
  const cleanup = () => {
    removal ??= rm(dir, { recursive: true, force: true })
      .catch((error: Error) => process.emitWarning(`Could not remove the backup snapshot ${dir}: ${error.message}`))
      .finally(() => outstanding.delete(cleanup));
    return removal;
  };
  outstanding.add(cleanup);
  return { dir, cleanup };
}

/** A snapshot in a new temporary folder (temporaryFolder). */
export async function snapshotToTempFile(db: Database): Promise<Snapshot & { cleanup: () => Promise<void> }> {
  const { dir, cleanup } = temporaryFolder();
  try {
    return { ...(await takeSnapshot(db, join(dir, 'snapshot.sqlite'))), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
