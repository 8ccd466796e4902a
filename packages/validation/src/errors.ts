/**
 * The expected failures of the domain: a code and the message the user reads. Services and queries
 * throw them; each transport maps the code once (tRPC in apps/server/src/trpc.ts, REST in
 * apps/server/src/rest/errors.ts), so domain code never depends on a transport.
 */
export type AppErrorCode =
  | 'BAD_INPUT'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** The record changed since the client read it (an edit from a stale screen). */
  | 'STALE'
  | 'TOO_MANY'
  /** Something the server needs is missing or failing (pg_dump for a backup): the message says what. */
  | 'UNAVAILABLE';

export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
  }
}

/** Throws an AppError; usable where an expression is expected (`find() ?? refuse(...)`). */
export function refuse(code: AppErrorCode, message: string): never {
  throw new AppError(code, message);
}
