import { inArray, lte, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { signInLimits } from '../schema';

/** A key's count and when its window began (epoch milliseconds). */
export type SignInCount = Pick<typeof signInLimits.$inferSelect, 'count' | 'windowStart'>;

/**
 * Locks the rows of these keys (creating absent ones at zero) until the transaction ends, so that
 * attempts arriving together count one after the other instead of each adding to the same old count.
 * On PostgreSQL, where they run in parallel transactions, the second waits here and then reads the
 * first's count; on SQLite the IMMEDIATE transaction already holds the write lock. Every caller
 * passes its keys in one order (pair, account, address), so two attempts cannot wait for each other.
 */
export async function lockSignInCounts(
  db: WriteTx,
  { keys, nowMs, windowMs }: { keys: string[]; nowMs: number; windowMs: number },
): Promise<void> {
  await db
    .insert(signInLimits)
    .values(keys.map((key) => ({ key, count: 0, windowStart: nowMs, expiresAt: nowMs + windowMs })))
    .onConflictDoUpdate({ target: signInLimits.key, set: { count: sql`${signInLimits.count}` } });
}

/** The live counts of these keys (a row whose window has ended counts as absent). */
export async function readSignInCounts(
  db: Reader,
  params: { keys: string[]; nowMs: number },
): Promise<Map<string, SignInCount>> {
  const rows = await db.select().from(signInLimits).where(inArray(signInLimits.key, params.keys));
  return new Map(
    rows.filter((r) => r.expiresAt > params.nowMs).map((r) => [r.key, { count: r.count, windowStart: r.windowStart }]),
  );
}

/** Adds delta (never below zero) to each key's count; a key without a live row starts a new window now. */
export async function addSignInCounts(
  db: WriteTx,
  params: { keys: string[]; delta: number; nowMs: number; windowMs: number },
): Promise<void> {
  const { keys, delta, nowMs, windowMs } = params;
  const live = await readSignInCounts(db, { keys, nowMs });
  for (const key of keys) {
    const current = live.get(key);
    const row = current
      ? {
          key,
          count: Math.max(0, current.count + delta),
          windowStart: current.windowStart,
          expiresAt: current.windowStart + windowMs,
        }
      : { key, count: Math.max(0, delta), windowStart: nowMs, expiresAt: nowMs + windowMs };
    await db
      .insert(signInLimits)
      .values(row)
      .onConflictDoUpdate({
        target: signInLimits.key,
        set: { count: row.count, windowStart: row.windowStart, expiresAt: row.expiresAt },
      });
  }
}

export async function deleteSignInCounts(db: WriteTx, keys: string[]): Promise<void> {
  await db.delete(signInLimits).where(inArray(signInLimits.key, keys));
}

/** Deletes the rows whose window has ended; returns how many. */
export async function deleteExpiredSignInCounts(db: WriteTx, nowMs: number): Promise<number> {
  const deleted = await db
    .delete(signInLimits)
    .where(lte(signInLimits.expiresAt, nowMs))
    .returning({ key: signInLimits.key });
  return deleted.length;
}
