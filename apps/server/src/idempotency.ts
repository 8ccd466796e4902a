/**
 * One write per idempotency key. A money-creating write (a receipt, a refund) whose input carries a
 * key claims it at the start of its transaction; its last statement stores its result on the key's
 * row, so the receipt and the key commit or roll back together. A repeat of the request with the same
 * key (its answer was lost on the way, the clerk pressed Save again) answers that first result and
 * writes nothing; the same key with another request is refused. Keys belong to the signed-in user (a
 * REST client signs in as one) and are kept IDEMPOTENCY_KEY_HOURS at least.
 */
import { createHash } from 'node:crypto';
import {
  type AuditActor,
  claimIdempotencyKey,
  type Database,
  deleteExpiredIdempotencyKeys,
  type IdempotencyClaim,
  transaction,
  type WriteTx,
} from '@fees/db';
import { IDEMPOTENCY_KEY_HOURS, receiptLabel, refundLabel, refuse, sponsorReceiptLabel } from '@fees/validation';

/** The writes that take a key, and how a refusal names the record the key's first request created. */
const OPERATIONS = {
  'receipts.create': (number: number) => `receipt ${receiptLabel(number)}`,
  'refunds.create': (number: number) => `refund ${refundLabel(number)}`,
  'sponsors.receipt': (number: number) => `sponsor receipt ${sponsorReceiptLabel(number)}`,
} as const;
export type IdempotentOperation = keyof typeof OPERATIONS;

const NEW_KEY = 'each new record needs a new key';

/** Plain objects with their keys sorted, at every depth: equal requests give equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Runs `write` once per key: inside the write's transaction, with the claim it must store its result
 * under (null when the input has no key); the result names the record's number. A key already used
 * for the same request (its parsed input, the key left out) returns that request's result without
 * calling `write`; used for another, a 409 naming the record it saved (or the approval request it made).
 */
export async function onceForKey<T extends { number: number } | { requestId: number }>(
  tx: WriteTx,
  request: { actor: AuditActor; operation: IdempotentOperation; input: { idempotencyKey?: string } },
  write: (claim: IdempotencyClaim | null) => Promise<T>,
): Promise<T> {
  const { idempotencyKey: key, ...body } = request.input;
  const userId = request.actor.userId;
  if (key === undefined || userId === null) return write(null);
  const claim = { userId, operation: request.operation, key };
  const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  const expiresAt = Date.now() + IDEMPOTENCY_KEY_HOURS * 3_600_000;
  const first = await claimIdempotencyKey(tx, { ...claim, requestHash, expiresAt });
  if (first === null) return write(claim);
  const result = JSON.parse(first.result) as T;
  if (first.requestHash !== requestHash) {
    const saved =
      'requestId' in result ? `approval request ${result.requestId}` : OPERATIONS[request.operation](result.number);
    refuse('CONFLICT', `This request's idempotency key already saved ${saved} with other details: ${NEW_KEY}`);
  }
  return result;
}

/** Deletes the keys older than IDEMPOTENCY_KEY_HOURS (a timer of the server runs it). */
export function sweepIdempotencyKeys(db: Database, nowMs = Date.now()): Promise<number> {
  return transaction(db, (tx) => deleteExpiredIdempotencyKeys(tx, nowMs));
}
