import type Sqlite from 'better-sqlite3';
import type { Database } from './client';

/**
 * Group commit for the receipt counter. Writes that arrive together (queued in the same turn of the
 * event loop) share one IMMEDIATE transaction and so one fsync. Each write still runs as its own
 * nested transaction (a savepoint): a refused write rolls back alone, the others commit. Callers'
 * promises settle only after the COMMIT, so an acknowledged write is as durable as before.
 */
interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

class WriteBatcher {
  private queue: Job[] = [];
  private readonly runOne: Sqlite.Transaction<(work: () => unknown) => unknown>;
  private readonly runAll: Sqlite.Transaction<(jobs: Job[]) => Array<{ ok: boolean; value: unknown }>>;

  constructor(client: Sqlite.Database) {
    // Called inside runAll, better-sqlite3 makes this a savepoint.
    this.runOne = client.transaction((work: () => unknown) => work());
    this.runAll = client.transaction((jobs: Job[]) =>
      jobs.map((job) => {
        try {
          return { ok: true, value: this.runOne(job.work) };
        } catch (error) {
          return { ok: false, value: error };
        }
      }),
    );
  }

  enqueue<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private flush(): void {
    const jobs = this.queue;
    this.queue = [];
    let outcomes: Array<{ ok: boolean; value: unknown }>;
    try {
      outcomes = this.runAll.immediate(jobs);
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) jobs[i]!.resolve(outcome.value);
      else jobs[i]!.reject(outcome.value);
    });
  }
}

const batchers = new WeakMap<Sqlite.Database, WriteBatcher>();

/** Runs a synchronous write in the next group commit of this database; resolves after it is durable. */
export function runInWriteBatch<T>(db: Database, work: () => T): Promise<T> {
  let batcher = batchers.get(db.$client);
  if (!batcher) {
    batcher = new WriteBatcher(db.$client);
    batchers.set(db.$client, batcher);
  }
  return batcher.enqueue(work);
}

/**
 * Runs a synchronous write atomically. Inside a transaction already open on this connection (the
 * write batcher's savepoint for this write, or a script's own transaction) it joins that one;
 * alone it opens an IMMEDIATE transaction, so the write lock is taken before the first read.
 */
export function inWriteTransaction<T>(db: Database, work: () => T): T {
  return db.$client.inTransaction ? work() : db.transaction(work, { behavior: 'immediate' });
}
