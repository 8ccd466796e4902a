/**
 * Group commit on PostgreSQL, as the write batcher gives SQLite: writes that arrive together at one app
 * server share one transaction, so the counter row is locked once per batch and the batch pays one
 * BEGIN, one COMMIT and one WAL flush instead of one each. Each server batches its own writes, one batch
 * at a time; batches of several servers take turns on the counter row.
 *
 * Lock order: a batch locks the receipt counter row first, right after BEGIN, then its writes lock the
 * student rows they touch (lockStudentForReceipt), then refunds their own counter. A batch thus never
 * waits for the counter while holding a student, and batches of two servers cannot deadlock. (A write
 * run outside a batch, such as the demo loader's, locks the student before the counter; a deadlock
 * with a batch is detected by PostgreSQL and retried.)
 *
 * No savepoints: PostgreSQL charges two round trips for each. A write that is refused before it has
 * changed anything (the usual refusals: balance, date, totals) leaves the transaction as it was, and
 * the batch goes on with the next write. A write that fails after a statement that may have changed
 * rows, or after a statement that failed (which aborts the whole transaction), is rolled back with the
 * batch: the batch runs again without it, and it keeps its error. A deadlock or serialization failure
 * runs the whole batch again, up to ATTEMPTS times. Callers settle only after the COMMIT, so a retried
 * write is never reported twice and an acknowledged write is durable.
 */
import type pg from 'pg';
import type { Database } from '../../client';
import { ATTEMPTS, batchWriteView, isRetryable, type WriteMarks } from './database';

interface Job {
  work: (tx: Database) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The longest a write waits for the rest of its batch, in ms (as on SQLite). */
const GATHER_MS = 1;

const LOCK_COUNTER = 'SELECT last_number FROM receipt_number_sequence WHERE id = 1 FOR UPDATE';

class PostgresBatcher {
  private queue: Job[] = [];
  /** How many writes the last batch held: the next one starts once as many are queued, or after GATHER_MS. */
  private expected = 1;
  private gathering: NodeJS.Timeout | null = null;
  private starting = false;
  /** One batch at a time: writes that arrive meanwhile gather for the next. */
  private running = false;

  constructor(private readonly pool: pg.Pool) {}

  enqueue<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.queue.length === 0) return;
    if (this.queue.length >= this.expected) this.start();
    else if (!this.gathering) this.gathering = setTimeout(() => this.start(), GATHER_MS);
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
    if (this.running) return;
    this.running = true;
    const jobs = this.queue;
    this.queue = [];
    this.expected = Math.max(1, jobs.length);
    let outcomes: Outcome[];
    try {
      outcomes = await runBatch(this.pool, jobs);
    } catch (error) {
      outcomes = jobs.map(() => ({ ok: false, error }));
    }
    this.running = false;
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) jobs[i]!.resolve(outcome.value);
      else jobs[i]!.reject(outcome.error);
    });
    this.schedule();
  }
}

async function runBatch(pool: pg.Pool, jobs: readonly Job[]): Promise<Outcome[]> {
  /** Writes taken out of the batch, with their errors: they failed after changing rows or broke the transaction. */
  const dropped = new Map<number, unknown>();
  for (let attempt = 1; ; ) {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      await client.query(LOCK_COUNTER);
      const outcomes: Outcome[] = [];
      let again = false;
      for (const [i, job] of jobs.entries()) {
        if (dropped.has(i)) {
          outcomes.push({ ok: false, error: dropped.get(i) });
          continue;
        }
        const marks: WriteMarks = { wrote: false, failed: false };
        try {
          outcomes.push({ ok: true, value: await job.work(batchWriteView(pool, client, marks)) });
        } catch (error) {
          if (isRetryable(error)) throw error;
          if (!marks.wrote && !marks.failed) {
            outcomes.push({ ok: false, error });
            continue;
          }
          dropped.set(i, error);
          again = true;
          break;
        }
      }
      if (again) {
        await client.query('ROLLBACK');
        continue;
      }
      // A write that swallowed a failed statement leaves the transaction aborted: COMMIT then rolls back.
      const commit = await client.query('COMMIT');
      if (commit.command !== 'COMMIT') throw new Error('The batch was rolled back: a write ignored a failed statement');
      return outcomes;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      if (attempt < ATTEMPTS && isRetryable(error)) {
        attempt += 1;
        continue;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

const batchers = new WeakMap<pg.Pool, PostgresBatcher>();

/** Runs a write in the next group commit of this server on this pool (see above). */
export function runInPostgresBatch<T>(pool: pg.Pool, work: (tx: Database) => Promise<T>): Promise<T> {
  let batcher = batchers.get(pool);
  if (!batcher) {
    batcher = new PostgresBatcher(pool);
    batchers.set(pool, batcher);
  }
  return batcher.enqueue(work);
}
