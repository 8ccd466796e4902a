/**
 * The harness and the fixture of a test file without its preamble: `const h = useHarness();
 * const fx = useFixture(h);` at the top of the file fills both in again before each test (or once,
 * for a file that only reads, with beforeAll), so the tests read h and fx as plain values.
 */
import { beforeEach } from 'vitest';
import { buildFixture, type Fixture } from './fixture';
import { createHarness, type Harness } from './harness';

type Hook = (fn: () => Promise<void>) => void;

/** A fresh database with its accounts and callers, before each test (or once: pass beforeAll). */
export function useHarness(hook: Hook = beforeEach): Harness {
  const h = {} as Harness;
  hook(async () => {
    Object.assign(h, await createHarness());
  });
  return h;
}

/** The fixture's departments, students, heads and receipts on the harness's database, built after it. */
export function useFixture(h: Harness, hook: Hook = beforeEach): Fixture {
  const fx = {} as Fixture;
  hook(async () => {
    Object.assign(fx, await buildFixture(h.db));
  });
  return fx;
}
