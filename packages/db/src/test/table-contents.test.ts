import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { feeHeads } from '../schema';
import { openTestDatabase, tableContents } from './database';

// The "nothing was written" checks of the server's tests compare these texts: any write must change it.
it('changes with an insert, an update and a delete, and is the same when nothing was written', async () => {
  const db = await openTestDatabase();
  const first = await tableContents(db);
  expect(await tableContents(db)).toBe(first);
  const [head] = await db.insert(feeHeads).values({ name: 'Seminar Fee' }).returning({ id: feeHeads.id });
  const inserted = await tableContents(db);
  expect(inserted).not.toBe(first);
  expect(inserted).toContain('Seminar Fee');
  await db.update(feeHeads).set({ name: 'Seminar Fees' }).where(eq(feeHeads.id, head!.id));
  const updated = await tableContents(db);
  expect(updated).not.toBe(inserted);
  await db.delete(feeHeads).where(eq(feeHeads.id, head!.id));
  const deleted = await tableContents(db);
  expect(deleted).not.toBe(updated);
  expect(deleted).not.toContain('Seminar Fee');
});
