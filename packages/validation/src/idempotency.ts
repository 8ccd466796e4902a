import { z } from 'zod';

/** The request header a REST client sends its key in. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** How long a key's first answer is kept at least: a repeat within it answers that, never writes again. */
export const IDEMPOTENCY_KEY_HOURS = 24;

const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;
const KEY_MESSAGE = 'An idempotency key is 8 to 100 letters, digits, ".", "_", ":" or "-" (a UUID will do)';

/**
 * A key the client makes once per money-creating request (a receipt, a refund) and sends again with
 * every retry of it: the server answers a repeat with the first result instead of writing twice.
 */
export const ZIdempotencyKey = z.string({ error: KEY_MESSAGE }).regex(KEY_PATTERN, KEY_MESSAGE);
