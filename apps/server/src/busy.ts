/**
 * Whether the server is serving requests: the message worker leaves the event loop to the counter while
 * it is (a receipt's PDF for an e-mail is CPU work in this same process), and sends once requests stop.
 */
import type { FastifyInstance } from 'fastify';

/** How long after the last request the server still counts as busy (ms). */
const QUIET_AFTER_MS = 250;

export class RequestLoad {
  private inFlight = 0;
  private lastAt = 0;

  /** Counts the app's requests in and out. */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', async () => {
      this.inFlight += 1;
      this.lastAt = Date.now();
    });
    app.addHook('onResponse', async () => {
      this.inFlight -= 1;
      this.lastAt = Date.now();
    });
  }

  busy(): boolean {
    return this.inFlight > 0 || Date.now() - this.lastAt < QUIET_AFTER_MS;
  }
}
