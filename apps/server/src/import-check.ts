/**
 * Checking an import file (reading the CSV, every row through its schema, the look-ups) is the
 * heaviest work one request can ask for: 20 previews of 1 MB at once held /healthz for seconds. Each
 * server checks one file at a time, whoever sent it and whatever the import (students, opening
 * balances, previews and commits alike); a file sent meanwhile is refused with 429 at once. The check
 * itself gives the event loop back every few milliseconds (stepper), so the one file being checked
 * never holds other requests for long.
 */
import { AppError, MSG } from '@fees/validation';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long the check runs before letting other requests in. */
const STEP_MS = 10;

let checking = false;

/** Runs `check` unless another import is being checked on this server (then TOO_MANY, 429). */
export async function oneImportAtATime<T>(check: () => Promise<T>): Promise<T> {
  if (checking) throw new AppError('TOO_MANY', MSG.importBusy);
  checking = true;
  try {
    return await check();
  } finally {
    checking = false;
  }
}

/** A function to await between rows: it lets other requests in once STEP_MS have passed since the last time. */
export function stepper(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < STEP_MS) return;
    await nextTurn();
    since = performance.now();
  };
}
