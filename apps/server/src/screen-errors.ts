/**
 * POST /api/screen-errors: the web app's error screen reports what broke, with the ref it showed the
 * user, so that "ref K7Q2..." finds the line in the server's log. Anyone may call it (a screen can
 * break before sign-in), so it takes a small JSON body only, at most 20 reports a minute from one
 * address, and answers 204, 400, 413 or 429, never 500: a broken report must not break the screen.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export const SCREEN_ERROR_BODY_LIMIT = 8 * 1024;
const PER_MINUTE = 20;
const WINDOW_MS = 60_000;
/** Addresses remembered at once; past that the window starts over for everyone rather than grow. */
const MAX_ADDRESSES = 10_000;

const ZScreenError = z.object({
  ref: z.string().regex(/^[A-Z0-9]{4,16}$/),
  path: z.string().max(500),
  message: z.string().max(1000),
  stack: z.string().max(4000).optional(),
});

/** Fixed one-minute windows per address. */
class ReportLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  allow(address: string, now: number): boolean {
    if (now - this.windowStart >= WINDOW_MS || this.counts.size >= MAX_ADDRESSES) {
      this.windowStart = now;
      this.counts = new Map();
    }
    const count = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, count);
    return count <= PER_MINUTE;
  }
}

export async function screenErrorRoutes(app: FastifyInstance): Promise<void> {
  const limiter = new ReportLimiter();
  app.post('/api/screen-errors', { bodyLimit: SCREEN_ERROR_BODY_LIMIT }, async (req, reply) => {
    if (!limiter.allow(req.ip, Date.now())) return reply.code(429).send({ message: 'Too many error reports' });
    const report = ZScreenError.safeParse(req.body);
    if (!report.success) return reply.code(400).send({ message: 'Not an error report' });
    req.log.warn({ screenError: report.data }, `screen error ref ${report.data.ref}`);
    return reply.code(204).send();
  });
}
