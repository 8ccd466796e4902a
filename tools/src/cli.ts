import { isAbsolute, resolve } from 'node:path';

/** Paths given on the command line are relative to where `pnpm` was run (INIT_CWD), not apps/server. */
export function resolveFromInvocation(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number, got ${value}`);
  return n;
}
