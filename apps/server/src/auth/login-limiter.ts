/**
 * Throttles sign-in guesses. Every attempt reserves its place before its password is checked, so
 * however many arrive together (in parallel or in one batch) at most the allowed number are judged:
 * - per account and address pair: after lockAfter failures that pair is refused until its window ends
 *   (someone guessing elsewhere cannot lock the real user out);
 * - per account: each failure beyond slowAfter delays further attempts (up to maxDelayMs);
 * - per address: after addressLockAfter failures the address is refused for every account that has
 *   failures of its own; an account without any is still judged, each attempt counting as its
 *   failure until the password proves right. An office shares one address: someone there trying
 *   made-up emails must not lock the others out, and past the ceiling each account gets one guess
 *   a window from that address.
 * The counts live in the database (sign_in_limits) so that several app servers count together; a
 * reservation stands as a failure unless the password was right. Rows expire with their window and
 * are deleted by sweep() on a timer.
 */
import {
  addSignInCounts,
  type Database,
  deleteExpiredSignInCounts,
  deleteSignInCounts,
  lockSignInCounts,
  readSignInCounts,
  transaction,
} from '@fees/db';

export interface LoginLimiterOptions {
  /** Failures of one account (within the window) after which each further attempt is delayed. */
  slowAfter: number;
  /** Delay added per failure beyond slowAfter, in ms (capped at maxDelayMs). */
  delayStepMs: number;
  maxDelayMs: number;
  /** Failures of one account from one address after which that pair is refused until the window passes. */
  lockAfter: number;
  /** Failures from one address, whatever the account, after which it is refused. */
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

export type Reservation = { lockedMinutes: number } | { delayMs: number };

export class LoginLimiter {
  readonly options: LoginLimiterOptions;

  constructor(
    options: Partial<LoginLimiterOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...DEFAULT_LOGIN_LIMITS, ...options };
  }

  private keys(attempt: SignInAttempt) {
    return {
      pair: `pair:${attempt.account}|${attempt.address}`,
      account: `account:${attempt.account}`,
      address: `address:${attempt.address}`,
    };
  }

  /**
   * Before checking a password: refuses the attempt (locked), or counts it as a failure until
   * succeeded() says otherwise and tells how long to wait before judging it.
   */
  reserve(db: Database, attempt: SignInAttempt): Promise<Reservation> {
    const keys = this.keys(attempt);
    const { lockAfter, addressLockAfter, windowMs, slowAfter, delayStepMs, maxDelayMs } = this.options;
    return transaction(db, async (tx) => {
      const now = this.now();
      await lockSignInCounts(tx, { keys: Object.values(keys), nowMs: now, windowMs });
      const counts = await readSignInCounts(tx, { keys: Object.values(keys), nowMs: now });
      const accountFailures = counts.get(keys.account)?.count ?? 0;
      const refusedBy = [
        { entry: counts.get(keys.pair), limit: lockAfter },
        ...(accountFailures > 0 ? [{ entry: counts.get(keys.address), limit: addressLockAfter }] : []),
      ];
      for (const { entry, limit } of refusedBy) {
        if (entry && entry.count >= limit) {
          const remaining = entry.windowStart + windowMs - now;
          return { lockedMinutes: Math.max(1, Math.ceil(remaining / 60000)) };
        }
      }
      await addSignInCounts(tx, { keys: Object.values(keys), delta: 1, nowMs: now, windowMs });
      const over = accountFailures - slowAfter;
      return { delayMs: over >= 0 ? Math.min(maxDelayMs, (over + 1) * delayStepMs) : 0 };
    });
  }

  /** The password was right: the account's and the pair's failures are cleared, the address gives back this attempt. */
  async succeeded(db: Database, attempt: SignInAttempt): Promise<void> {
    const keys = this.keys(attempt);
    await transaction(db, async (tx) => {
      await lockSignInCounts(tx, { keys: Object.values(keys), nowMs: this.now(), windowMs: this.options.windowMs });
      await deleteSignInCounts(tx, [keys.pair, keys.account]);
      await addSignInCounts(tx, {
        keys: [keys.address],
        delta: -1,
        nowMs: this.now(),
        windowMs: this.options.windowMs,
      });
    });
  }

  /** Deletes the counts whose window has ended; returns how many rows went. */
  sweep(db: Database): Promise<number> {
    return transaction(db, (tx) => deleteExpiredSignInCounts(tx, this.now()));
  }
}
