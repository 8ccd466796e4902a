import { type Database, transaction, type WriteTx } from '@fees/db';

/** A context as a write sees it: everything but the root database, whose queries would wait for the write. */
export type WriteContext<C extends { db: Database }> = Omit<C, 'db'>;

/**
 * Runs `work` in one transaction. The callback gets the transaction's `tx` and the context without its
 * `db`; naming that parameter `ctx` hides the outer one, so `ctx.db` inside the write does not compile
 * (on SQLite a query on the root there would wait for this very transaction, for ever).
 */
export function inTransaction<C extends { db: Database }, T>(
  ctx: C,
  work: (tx: WriteTx, ctx: WriteContext<C>) => Promise<T>,
): Promise<T> {
  const { db, ...rest } = ctx;
  return transaction(db, (tx) => work(tx, rest));
}

/**
 * Runs `work` in a savepoint of the write `tx`: when it throws, its own statements are undone and the
 * write goes on (a refused step whose refusal the write records instead).
 */
export function inSavepoint<T>(tx: WriteTx, work: (savepoint: WriteTx) => Promise<T>): Promise<T> {
  return transaction(tx, work);
}
