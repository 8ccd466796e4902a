/**
 * Idempotency keys of the money-creating forms (receipt, refund): one per record, sent with every
 * retry of its request, so that a request saved on the server whose answer was lost on the way is
 * answered with the saved record when sent again instead of saving a second one.
 */
import { useState } from 'react';
import { isApiError } from './trpc';

/**
 * 128 random bits as hex. getRandomValues, not randomUUID: the app is often served over plain http
 * on the office network, where browsers offer randomUUID only in secure contexts.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** No answer from the server: the connection failed or dropped, or something in between answered instead. */
export function isUnanswered(error: unknown): boolean {
  return isApiError(error) && error.shape === undefined;
}

/** A write without an answer is sent again (with its key) up to three times, 0.5, 1 and 2 s apart. */
export const retryUnanswered = {
  retry: (failures: number, error: unknown) => failures < 3 && isUnanswered(error),
  retryDelay: (attempt: number) => 500 * 2 ** attempt,
};

/** The key of the record the form is entering now, and `renew` for the next one once it is saved. */
export function useIdempotencyKey(): { idempotencyKey: string; renew: () => void } {
  const [idempotencyKey, setKey] = useState(newIdempotencyKey);
  return { idempotencyKey, renew: () => setKey(newIdempotencyKey()) };
}
