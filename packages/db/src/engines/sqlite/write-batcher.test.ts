import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase, type Reader } from '../../client';
import { row, run, transaction } from '..';
import { inWriteTransaction, runInWriteBatch } from '..';
import { onPostgres, temporaryFolder } from '../../test/database';

const lastNumber = async (db: Reader) =>
  (await row<{ n: number }>(db, sql`SELECT last_number AS n FROM receipt_number_sequence WHERE id = 1`))!.n;

// SQLite's write batcher (group commit); PostgreSQL runs receipts in parallel transactions.
describe.skipIf(onPostgres)('runInWriteBatch (group commit)', () => {
  it('commits async writes queued together in one transaction, each isolated: a failing one rolls back alone', async () => {
    const db = openDatabase(':memory:');
    const bump = () =>
      runInWriteBatch(db, async (tx) => {
        await run(tx, sql`UPDATE receipt_number_sequence SET last_number = last_number + 1 WHERE id = 1`);
        // Awaiting between statements: the batch's lock keeps everything else out meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
        return lastNumber(tx);
      });
    const failing = runInWriteBatch(db, async (tx) => {
      await run(tx, sql`UPDATE receipt_number_sequence SET last_number = last_number + 100 WHERE id = 1`);
      throw new Error('refused');
    });
    const duplicate = runInWriteBatch(db, (tx) => run(tx, sql`INSERT INTO religions (name) VALUES ('Hindu')`));
    const outside = run(db, sql`INSERT INTO religions (name) VALUES ('Outside')`);
    const results = await Promise.allSettled([bump(), failing, bump(), duplicate, outside]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ value: 1 });
    expect(results[2]).toMatchObject({ value: 2 });
    expect(results[3]).toMatchObject({ reason: expect.objectContaining({ message: expect.stringMatching(/UNIQUE/) }) });
    // The refused write's +100 is gone; the numbering has no gap.
    expect(await lastNumber(db)).toBe(2);
    expect(db.$client.inTransaction).toBe(false);
  });

  it('settles the promises only after the COMMIT', async () => {
    const db = openDatabase(':memory:');
    const seen = await runInWriteBatch(db, (tx) =>
      run(tx, sql`INSERT INTO religions (name) VALUES ('Zoroastrian')`),
    ).then(() => db.$client.inTransaction);
    expect(seen).toBe(false);
  });

  it('later writes go into the next batch, after the one running', async () => {
    const db = openDatabase(':memory:');
    const first = runInWriteBatch(db, async (tx) => {
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      return run(tx, sql`INSERT INTO religions (name) VALUES ('Zoroastrian')`);
    });
    await new Promise((resolve) => setImmediate(resolve));
    const second = runInWriteBatch(db, (tx) => run(tx, sql`INSERT INTO religions (name) VALUES ('Bahai')`));
    await Promise.all([first, second]);
    expect(
      (await row<{ n: number }>(db, sql`SELECT count(*) AS n FROM religions WHERE name IN ('Zoroastrian', 'Bahai')`))!
        .n,
    ).toBe(2);
  });
});

describe.skipIf(onPostgres)('when a batch starts', () => {
  it('waits for as many writes as the last batch held, so writers coming back a turn apart share one commit; fewer start it after a moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const path = join(temporaryFolder('fees-batch-'), 'fees.sqlite');
      const db = openDatabase(path);
      // A second connection sees only committed rows.
      const reader = new Sqlite(path, { readonly: true });
      const committed = () =>
        (reader.prepare(`SELECT count(*) AS n FROM religions WHERE name LIKE 'Wave %'`).get() as { n: number }).n;
      const write = (name: string) =>
        runInWriteBatch(db, (tx) => run(tx, sql`INSERT INTO religions (name) VALUES (${name})`));
      await Promise.all([1, 2, 3, 4].map((n) => write(`Wave 1.${n}`)));
      expect(committed()).toBe(4);

      const seenAtAnswer: number[] = [];
      const answers: Promise<unknown>[] = [];
      for (const n of [1, 2, 3, 4]) {
        answers.push(write(`Wave 2.${n}`).then(() => seenAtAnswer.push(committed())));
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(answers);
      expect(seenAtAnswer).toEqual([8, 8, 8, 8]);

      const alone = write('Wave 3');
      await new Promise((resolve) => setImmediate(resolve));
      expect(committed()).toBe(8);
      await vi.advanceTimersByTimeAsync(1);
      await alone;
      expect(committed()).toBe(9);
      reader.close();
      db.$client.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.skipIf(onPostgres)('inWriteTransaction', () => {
  it('opens its own transaction on the database, joins the one it is given', async () => {
    const db = openDatabase(':memory:');
    await expect(
      inWriteTransaction(db, async (tx) => {
        await run(tx, sql`INSERT INTO religions (name) VALUES ('Alone')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      transaction(db, async (tx) => {
        await inWriteTransaction(tx, (joined) => run(joined, sql`INSERT INTO religions (name) VALUES ('Joined')`));
        throw new Error('outer refused');
      }),
    ).rejects.toThrow('outer refused');
    expect(await row(db, sql`SELECT name FROM religions WHERE name IN ('Alone', 'Joined')`)).toBeUndefined();
    await inWriteTransaction(db, (tx) => run(tx, sql`INSERT INTO religions (name) VALUES ('Alone')`));
    expect(await row(db, sql`SELECT name FROM religions WHERE name = 'Alone'`)).toEqual({ name: 'Alone' });
  });
});
