import { describe, expect, it } from 'vitest';
import { openDatabase } from '../client';
import { row, run, transaction } from './runner';
import { inWriteTransaction, runInWriteBatch } from './write-batcher';

const lastNumber = async (db: ReturnType<typeof openDatabase>) =>
  (await row<{ n: number }>(db, 'SELECT last_number AS n FROM receipt_number_sequence WHERE id = 1'))!.n;

describe('runInWriteBatch (group commit)', () => {
  it('commits async writes queued together in one transaction, each isolated: a failing one rolls back alone', async () => {
    const db = openDatabase(':memory:');
    const bump = () =>
      runInWriteBatch(db, async (tx) => {
        await run(tx, 'UPDATE receipt_number_sequence SET last_number = last_number + 1 WHERE id = 1');
        // Awaiting between statements: the batch's lock keeps everything else out meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
        return lastNumber(tx);
      });
    const failing = runInWriteBatch(db, async (tx) => {
      await run(tx, 'UPDATE receipt_number_sequence SET last_number = last_number + 100 WHERE id = 1');
      throw new Error('refused');
    });
    const duplicate = runInWriteBatch(db, (tx) => run(tx, `INSERT INTO religions (name) VALUES ('Hindu')`));
    const outside = run(db, `INSERT INTO religions (name) VALUES ('Outside')`);
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
    const seen = await runInWriteBatch(db, (tx) => run(tx, `INSERT INTO religions (name) VALUES ('Zoroastrian')`)).then(() => db.$client.inTransaction);
    expect(seen).toBe(false);
  });

  it('later writes go into the next batch, after the one running', async () => {
    const db = openDatabase(':memory:');
    const first = runInWriteBatch(db, async (tx) => {
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      return run(tx, `INSERT INTO religions (name) VALUES ('Zoroastrian')`);
    });
    await new Promise((resolve) => setImmediate(resolve));
    const second = runInWriteBatch(db, (tx) => run(tx, `INSERT INTO religions (name) VALUES ('Bahai')`));
    await Promise.all([first, second]);
    expect((await row<{ n: number }>(db, `SELECT count(*) AS n FROM religions WHERE name IN ('Zoroastrian', 'Bahai')`))!.n).toBe(2);
  });
});

describe('inWriteTransaction', () => {
  it('opens its own transaction on the database, joins the one it is given', async () => {
    const db = openDatabase(':memory:');
    await expect(
      inWriteTransaction(db, async (tx) => {
        await run(tx, `INSERT INTO religions (name) VALUES ('Alone')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      transaction(db, async (tx) => {
        await inWriteTransaction(tx, (joined) => run(joined, `INSERT INTO religions (name) VALUES ('Joined')`));
        throw new Error('outer refused');
      }),
    ).rejects.toThrow('outer refused');
    expect(await row(db, `SELECT name FROM religions WHERE name IN ('Alone', 'Joined')`)).toBeUndefined();
    await inWriteTransaction(db, (tx) => run(tx, `INSERT INTO religions (name) VALUES ('Alone')`));
    expect(await row(db, `SELECT name FROM religions WHERE name = 'Alone'`)).toEqual({ name: 'Alone' });
  });
});
