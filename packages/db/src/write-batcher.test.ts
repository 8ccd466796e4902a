import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { receiptNumberSequence, religions } from './schema';
import { runInWriteBatch } from './write-batcher';

describe('runInWriteBatch (group commit)', () => {
  it('commits writes queued together in one transaction, each isolated: a failing one rolls back alone', async () => {
    const db = openDatabase(':memory:');
    const bump = () =>
      db.transaction((tx) =>
        tx.update(receiptNumberSequence).set({ lastNumber: sql`${receiptNumberSequence.lastNumber} + 1` }).where(eq(receiptNumberSequence.id, 1)).returning().get(),
      );
    const failing = () =>
      db.transaction((tx) => {
        tx.update(receiptNumberSequence).set({ lastNumber: sql`${receiptNumberSequence.lastNumber} + 100` }).where(eq(receiptNumberSequence.id, 1)).run();
        throw new Error('refused');
      });
    const results = await Promise.allSettled([
      runInWriteBatch(db, bump),
      runInWriteBatch(db, failing),
      runInWriteBatch(db, bump),
      runInWriteBatch(db, () => db.insert(religions).values({ name: 'Hindu' }).run()),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(results[0]).toMatchObject({ value: { lastNumber: 1 } });
    expect(results[2]).toMatchObject({ value: { lastNumber: 2 } });
    expect(results[3]).toMatchObject({ reason: expect.objectContaining({ message: expect.stringMatching(/UNIQUE/) }) });
    // The refused write's +100 is gone; the numbering has no gap.
    expect(db.select().from(receiptNumberSequence).get()?.lastNumber).toBe(2);
    expect(db.$client.inTransaction).toBe(false);
  });

  it('later writes go into the next batch', async () => {
    const db = openDatabase(':memory:');
    await runInWriteBatch(db, () => db.insert(religions).values({ name: 'Zoroastrian' }).run());
    await runInWriteBatch(db, () => db.insert(religions).values({ name: 'Bahai' }).run());
    expect(db.select({ n: count() }).from(religions).get()?.n).toBe(10);
  });
});
