import type { Reader, WriteTx } from '../../client';
import { type Connection, connectionOf, isInside, statement } from './connection';
import { inSavepoint, transaction } from './runner';

/**
 * Group commit for the receipt counter. Writes that arrive together share one IMMEDIATE transaction
 * and so one fsync. The batch holds the connection's lock from BEGIN to COMMIT; each write runs in its
 * own savepoint, one after the other: a refused write rolls back alone, the others commit. Callers'
 * promises settle only after the COMMIT, so an acknowledged write is as durable as one with a
 * transaction of its own.
 *
 * When the batch starts: the writers of the last batch got their answers together and usually come
 * back together, a little spread out. So a batch starts once as many writes are queued as the last
 * one held (at once when that was one: a lone clerk never waits), or GATHER_MS after its first write,
 * whichever comes first. The COMMIT's fsync blocks the thread for milliseconds on ordinary disks; a
 * batch that starts with the first returning writer would leave the others for one more fsync.
 */
interface Job {
  work: (tx: WriteTx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The longest a write waits for the rest of its batch, in ms. */
const GATHER_MS = 1;

class WriteBatcher {
  private queue: Job[] = [];
  /** How many writes the last batch held. */
  private expected = 1;
  private gathering: NodeJS.Timeout | null = null;
  private starting = false;

  constructor(private readonly connection: Connection) {}

  enqueue<T>(work: (tx: WriteTx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length >= this.expected) this.start();
      else if (this.queue.length === 1) this.gathering = setTimeout(() => this.start(), GATHER_MS);
    });
  }

  /** Starts the batch after this turn of the event loop: writes queued meanwhile join it. */
  private start(): void {
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    if (this.starting) return;
    this.starting = true;
    setImmediate(() => {
      this.starting = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const jobs = this.queue;
    this.queue = [];
    this.expected = jobs.length;
    const { lock, client } = this.connection;
    const wait = lock.acquire();
    if (wait) await wait;
    let outcomes: Outcome[];
    try {
      outcomes = await this.runAll(jobs);
    } catch (error) {
      if (client.inTransaction) statement(this.connection, 'ROLLBACK').run();
      lock.release();
      for (const job of jobs) job.reject(error);
      return;
    }
    lock.release();
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) jobs[i]!.resolve(outcome.value);
      else jobs[i]!.reject(outcome.error);
    });
  }

  private async runAll(jobs: Job[]): Promise<Outcome[]> {
    statement(this.connection, 'BEGIN IMMEDIATE').run();
    const outcomes: Outcome[] = [];
    for (const job of jobs) {
      try {
        outcomes.push({ ok: true, value: await inSavepoint(this.connection, job.work) });
      } catch (error) {
        // A failure that ended the whole transaction fails every write of the batch.
        if (!this.connection.client.inTransaction) throw error;
        outcomes.push({ ok: false, error });
      }
    }
    statement(this.connection, 'COMMIT').run();
    return outcomes;
  }
}

const batchers = new WeakMap<Connection, WriteBatcher>();

/**
 * Runs a write in the next group commit of this database and resolves with its result once it is
 * durable (or rejects with its error; the other writes of the batch are unaffected). `work` must run
 * every query on the `tx` it is given: a query on `db` would wait for the batch to end.
 */
export function runInWriteBatch<T>(db: Reader, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  const connection = connectionOf(db);
  let batcher = batchers.get(connection);
  if (!batcher) {
    batcher = new WriteBatcher(connection);
    batchers.set(connection, batcher);
  }
  return batcher.enqueue(work);
}

/**
 * Runs a write atomically. Given the `tx` of an open transaction (the batcher's savepoint for this
 * write, or a transaction of the caller's) it joins that one; given the database it opens an
 * IMMEDIATE transaction of its own.
 */
export function inWriteTransaction<T>(db: Reader, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  return isInside(db) ? work(db) : transaction(db, work);
}
