/**
 * The worker thread behind takeSnapshot (snapshot.ts), so that none of the copy runs on the app's
 * event loop. It opens its own connection, then waits for the main thread's Go to start a read
 * transaction: in WAL mode that transaction sees the database exactly as it was at that moment,
 * however long the copy takes, and it never blocks writers. The pages are copied 8 MiB at a time and
 * each batch is flushed to disk before the next: written in one go, the whole file would sit dirty
 * in the page cache and its flush would hold up the app's own commits (they fsync) for hundreds of
 * milliseconds. As soon as the read transaction is over, the same connection runs a PASSIVE
 * checkpoint, which moves the frames the app wrote meanwhile into the database file; otherwise the
 * app's next commit would do that catch-up itself, on the event loop. PASSIVE never waits for, nor
 * blocks, the app's readers and writers. Last, the copy is switched to a rollback journal so the
 * file stands alone.
 */
import { closeSync, fdatasyncSync, openSync, statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';
import {
  HANDSHAKE_TIMEOUT_MS,
  Handshake,
  type SnapshotJob,
  type WalCheckpoint,
  type WorkerMessage,
} from './snapshot-job';

const job = workerData as SnapshotJob;
const BATCH_BYTES = 8 * 1024 * 1024;
const state = new Int32Array(job.state);
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

function setState(step: Handshake): void {
  Atomics.store(state, 0, step);
  Atomics.notify(state, 0);
}

/**
 * Opens the connection, reads the schema once (so the read after Go is quick), and waits for Go. The
 * connection only reads, but is not read-only, so that it can checkpoint once the copy is done.
 */
function openAndWait(): Sqlite.Database {
  const source = new Sqlite(job.source, { fileMustExist: true, timeout: 5000 });
  const firstRead = source.prepare('select count(*) from sqlite_master');
  firstRead.get();
  setState(Handshake.Ready);
  post({ ready: true });
  const waited = Atomics.wait(state, 0, Handshake.Ready, HANDSHAKE_TIMEOUT_MS);
  // Giving up only if the main thread has not said Go in the meantime.
  if (
    waited === 'timed-out' &&
    Atomics.compareExchange(state, 0, Handshake.Ready, Handshake.Failed) === Handshake.Ready
  ) {
    source.close();
    throw new Error('The main thread did not answer the snapshot worker');
  }
  try {
    source.exec('BEGIN');
    // A deferred BEGIN reads nothing yet: the first read fixes the snapshot's moment.
    firstRead.get();
  } catch (error) {
    setState(Handshake.Failed);
    source.close();
    throw error;
  }
  setState(Handshake.Reading);
  return source;
}

/** Copies the pages a batch at a time, flushing each batch to disk (see above); returns the page count. */
async function copyPages(source: Sqlite.Database): Promise<number> {
  const pagesPerBatch = Math.max(1, Math.floor(BATCH_BYTES / (source.pragma('page_size', { simple: true }) as number)));
  let destination: number | null = null;
  try {
    const { totalPages } = await source.backup(job.destination, {
      progress: () => {
        destination ??= openSync(job.destination, 'r+');
        fdatasyncSync(destination);
        return pagesPerBatch;
      },
    });
    return totalPages;
  } finally {
    if (destination !== null) closeSync(destination);
  }
}

async function run(): Promise<void> {
  const source = openAndWait();
  let pages: number;
  let checkpoint: WalCheckpoint;
  try {
    pages = await copyPages(source);
    source.exec('COMMIT');
    checkpoint = (source.pragma('wal_checkpoint(PASSIVE)') as WalCheckpoint[])[0]!;
  } finally {
    source.close();
  }
  const copy = new Sqlite(job.destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  post({ done: { pages, bytes: statSync(job.destination).size, checkpoint } });
}

void run();
