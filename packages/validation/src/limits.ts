/** Most calls one tRPC batch request may carry; the server answers a larger batch with 400. */
export const MAX_BATCH_CALLS = 10;
