import { sql } from 'drizzle-orm';
import type { WriteTx } from '../client';
import { bound, row, run } from '../engines';

/** Whose request under which key: the user (a REST client signs in as one), the operation and the client's key. */
export interface IdempotencyClaim {
  userId: number;
  operation: string;
  key: string;
}

/** What a key's first request stored: its hash and its result (JSON text). */
export interface IdempotentAnswer {
  requestHash: string;
  result: string;
}

/** The key's row. */
const keyWhere = (claim: IdempotencyClaim) =>
  sql`user_id = ${claim.userId} AND operation = ${claim.operation} AND key = ${claim.key}`;

// Every receipt the counter's screen sends carries a key: both statements are built once.
const CLAIM_KEY = sql`INSERT INTO idempotency_keys (user_id, operation, key, request_hash, expires_at)
  VALUES (${sql.placeholder('userId')}, ${sql.placeholder('operation')}, ${sql.placeholder('key')},
    ${sql.placeholder('requestHash')}, ${sql.placeholder('expiresAt')})
  ON CONFLICT DO NOTHING
  RETURNING 1 AS claimed`;

const SETTLE_KEY = sql`UPDATE idempotency_keys SET result = ${sql.placeholder('result')}
  WHERE user_id = ${sql.placeholder('userId')} AND operation = ${sql.placeholder('operation')}
    AND key = ${sql.placeholder('key')}`;

/**
 * Claims the key for this write, in its transaction: null when the claim is new (the write goes on and
 * stores its result with settleIdempotencyKey or its insert), else what the first request stored.
 * The key is the table's primary key, so on PostgreSQL a second request with the same key waits
 * here until the first one's transaction ends, then reads the first's answer (or, when the first
 * rolled back, claims the key itself); SQLite's write transactions already come one at a time.
 */
export async function claimIdempotencyKey(
  db: WriteTx,
  params: IdempotencyClaim & { requestHash: string; expiresAt: number },
): Promise<IdempotentAnswer | null> {
  const claimed = await row<{ claimed: number }>(db, bound(CLAIM_KEY, params));
  if (claimed) return null;
  const first = await row<{ requestHash: string; result: string | null }>(
    db,
    sql`SELECT request_hash AS "requestHash", result FROM idempotency_keys WHERE ${keyWhere(params)}`,
  );
  if (!first || first.result === null) throw new Error(`idempotency key ${params.key} was claimed without a result`);
  return { requestHash: first.requestHash, result: first.result };
}

/** Stores the result of the write that claimed the key, in the same transaction. */
export async function settleIdempotencyKey(db: WriteTx, claim: IdempotencyClaim, result: unknown): Promise<void> {
  await run(db, bound(SETTLE_KEY, { ...claim, result: JSON.stringify(result) }));
}

/** Deletes the keys whose time has passed (epoch milliseconds); returns how many. */
export async function deleteExpiredIdempotencyKeys(db: WriteTx, nowMs: number): Promise<number> {
  return (await run(db, sql`DELETE FROM idempotency_keys WHERE expires_at <= ${nowMs}`)).changes;
}
