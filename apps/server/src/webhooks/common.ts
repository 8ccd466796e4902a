/** What the providers' webhooks share: the body as received, its JSON, comparing secrets. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A delivery report is a few kilobytes; a larger body is refused (413) before anything reads it. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * A webhook's body as the bytes that came: a signature is computed over them, so nothing may parse and
 * re-serialise them first. Only the routes of the plugin this is called in take bodies this way.
 */
export function takeRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
}

/** The body as JSON, or undefined when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Whether two secrets are equal, in time that does not depend on where they differ: both are hashed
 * first, so their lengths need not match (timingSafeEqual refuses unequal lengths).
 */
export function safeEqual(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
