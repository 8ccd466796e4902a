/**
 * The verification page's limits per client address, in fixed one-minute windows: a few wrong codes
 * (someone guessing), more pages overall (an auditor checking a pile of receipts). Kept in memory:
 * a restart forgets them, which costs a guesser nothing worth having.
 */
export const WRONG_CODES_PER_MINUTE = 10;
export const PAGES_PER_MINUTE = 120;
const WINDOW_MS = 60_000;

interface Window {
  start: number;
  pages: number;
  wrong: number;
}

export class VerifyLimiter {
  private readonly windows = new Map<string, Window>();

  private windowOf(address: string, now: number): Window {
    let window = this.windows.get(address);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.sweep(now);
      window = { start: now, pages: 0, wrong: 0 };
      this.windows.set(address, window);
    }
    return window;
  }

  /** Counts a request; false when this address must wait (429). */
  allow(address: string, now = Date.now()): boolean {
    const window = this.windowOf(address, now);
    window.pages += 1;
    return window.pages <= PAGES_PER_MINUTE && window.wrong < WRONG_CODES_PER_MINUTE;
  }

  recordWrong(address: string, now = Date.now()): void {
    this.windowOf(address, now).wrong += 1;
  }

  /** Takes back a wrong code recorded for a check that then passed. */
  forgiveWrong(address: string, now = Date.now()): void {
    const window = this.windowOf(address, now);
    window.wrong = Math.max(0, window.wrong - 1);
  }

  private sweep(now: number): void {
    for (const [address, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(address);
  }
}
