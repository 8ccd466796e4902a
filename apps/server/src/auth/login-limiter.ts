/**
 * Slows down, then refuses, repeated failed sign-ins for one account or from one address.
 * An address gets a higher allowance than an account: a whole office may share one address.
 * In memory: a restart forgets, which is acceptable for a single-server back office.
 */
export interface LoginLimiterOptions {
  /** Failures (within the window) after which each further attempt is delayed. */
  slowAfter: number;
  /** Delay added per failure beyond slowAfter, in ms (capped at maxDelayMs). */
  delayStepMs: number;
  maxDelayMs: number;
  /** Failures of one account (within the window) after which it is refused until the window passes. */
  lockAfter: number;
  /** The same for one address. */
  addressLockAfter: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimiterOptions = {
  slowAfter: 3,
  delayStepMs: 500,
  maxDelayMs: 3000,
  lockAfter: 8,
  addressLockAfter: 40,
  windowMs: 15 * 60 * 1000,
};

export interface SignInAttempt {
  account: string;
  address: string;
}

interface Failures {
  count: number;
  firstAt: number;
}

export class LoginLimiter {
  private readonly failures = new Map<string, Failures>();
  private readonly options: LoginLimiterOptions;

  constructor(
    options: Partial<LoginLimiterOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...DEFAULT_LOGIN_LIMITS, ...options };
  }

  private keys(attempt: SignInAttempt) {
    return [
      { key: `account:${attempt.account}`, lockAfter: this.options.lockAfter },
      { key: `address:${attempt.address}`, lockAfter: this.options.addressLockAfter },
    ];
  }

  private current(key: string): Failures | null {
    const entry = this.failures.get(key);
    if (!entry) return null;
    if (this.now() - entry.firstAt > this.options.windowMs) {
      this.failures.delete(key);
      return null;
    }
    return entry;
  }

  /** Before checking a password: how long to wait, or how many minutes the attempt stays locked out. */
  check(attempt: SignInAttempt): { lockedMinutes: number } | { delayMs: number } {
    let worst = 0;
    for (const { key, lockAfter } of this.keys(attempt)) {
      const entry = this.current(key);
      if (!entry) continue;
      if (entry.count >= lockAfter) {
        const remaining = this.options.windowMs - (this.now() - entry.firstAt);
        return { lockedMinutes: Math.max(1, Math.ceil(remaining / 60000)) };
      }
      if (key.startsWith('account:')) worst = Math.max(worst, entry.count);
    }
    const over = worst - this.options.slowAfter;
    return { delayMs: over >= 0 ? Math.min(this.options.maxDelayMs, (over + 1) * this.options.delayStepMs) : 0 };
  }

  recordFailure(attempt: SignInAttempt): void {
    for (const { key } of this.keys(attempt)) {
      const entry = this.current(key);
      this.failures.set(key, entry ? { ...entry, count: entry.count + 1 } : { count: 1, firstAt: this.now() });
    }
  }

  /** A good password clears the account's failures; the address keeps its count. */
  recordSuccess(attempt: SignInAttempt): void {
    this.failures.delete(`account:${attempt.account}`);
  }
}
