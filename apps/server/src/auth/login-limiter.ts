/**
 * Slows down, then refuses, repeated failed sign-ins for one account or one address.
 * In memory: a restart forgets, which is acceptable for a single-server back office.
 */
export interface LoginLimiterOptions {
  /** Failures (within the window) after which each further attempt is delayed. */
  slowAfter: number;
  /** Delay added per failure beyond slowAfter, in ms (capped at maxDelayMs). */
  delayStepMs: number;
  maxDelayMs: number;
  /** Failures (within the window) after which attempts are refused until the window passes. */
  lockAfter: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimiterOptions = {
  slowAfter: 3,
  delayStepMs: 500,
  maxDelayMs: 3000,
  lockAfter: 8,
  windowMs: 15 * 60 * 1000,
};

interface Failures {
  count: number;
  firstAt: number;
}

export class LoginLimiter {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly options: LoginLimiterOptions = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    if (this.now() - entry.firstAt > this.options.windowMs) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count;
  }

  /** Before checking a password: how long to wait, or how many minutes the keys stay locked. */
  check(keys: string[]): { lockedMinutes: number } | { delayMs: number } {
    const worst = Math.max(0, ...keys.map((k) => this.current(k)));
    if (worst >= this.options.lockAfter) {
      const firstAt = Math.min(...keys.map((k) => this.failures.get(k)?.firstAt ?? this.now()));
      const remaining = this.options.windowMs - (this.now() - firstAt);
      return { lockedMinutes: Math.max(1, Math.ceil(remaining / 60000)) };
    }
    const over = worst - this.options.slowAfter;
    return { delayMs: over >= 0 ? Math.min(this.options.maxDelayMs, (over + 1) * this.options.delayStepMs) : 0 };
  }

  recordFailure(keys: string[]): void {
    for (const key of keys) {
      const count = this.current(key);
      const entry = this.failures.get(key);
      this.failures.set(key, { count: count + 1, firstAt: entry && count > 0 ? entry.firstAt : this.now() });
    }
  }

  recordSuccess(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }
}
