/**
 * A first-come, first-served lock for one connection. `held` is read synchronously, so a caller that
 * finds it free takes it without waiting a turn of the event loop; `release` hands it straight to the
 * next waiter, so nobody can slip in between.
 */
export class Lock {
  held = false;
  private readonly waiters: Array<() => void> = [];

  /** Takes the lock: at once (undefined) when free, else a promise that resolves when it is this caller's. */
  acquire(): Promise<void> | undefined {
    if (!this.held) {
      this.held = true;
      return undefined;
    }
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}
