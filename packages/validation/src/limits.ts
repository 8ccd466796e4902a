/** Most calls one tRPC batch request may carry; the server answers a larger batch with 400. */
export const MAX_BATCH_CALLS = 10;

/**
 * Deepest nesting of objects and arrays a request may send (the app's own forms send a few levels); deeper is
 * a 400 before anything walks it.
 */
export const MAX_INPUT_DEPTH = 32;
