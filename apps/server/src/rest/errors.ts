/**
 * Errors on the REST wire, mapped in one place: a procedure's TRPCError keeps its HTTP status (tRPC's own mapping), and
 * so does an AppError (mapped as the procedures map it); invalid input is 400
 * { message, errors: { field: [messages] } } keyed by the documented field names (a nested field as items.0.price; a
 * whole-form rule under _); anything unexpected is a 500 with no detail (an AppError's 503 keeps its message: it says
 * what to install).
 */
import { AppError } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { toTRPCError } from '../trpc';

export interface RestError {
  status: number;
  code: string;
  body: { message: string; errors?: Record<string, string[]> };
  /** A failure of ours (logged, answered with the request's reference only), not a refusal the domain meant. */
  unexpected: boolean;
}

/** rename turns a procedure input path into the documented field it came from. */
export function toRestError(
  error: unknown,
  rename: (path: readonly PropertyKey[]) => string = (p) => p.join('.'),
): RestError {
  const trpcError =
    error instanceof TRPCError
      ? error
      : error instanceof AppError
        ? toTRPCError(error)
        : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  const status = getHTTPStatusCodeFromError(trpcError);
  if (trpcError.cause instanceof ZodError) {
    const errors: Record<string, string[]> = {};
    for (const issue of trpcError.cause.issues) {
      const key = issue.path.length ? rename(issue.path) : '_';
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    const first = trpcError.cause.issues[0]?.message ?? 'Invalid input';
    return { status: 400, code: 'BAD_REQUEST', body: { message: first, errors }, unexpected: false };
  }
  if (status >= 500 && !(trpcError.cause instanceof AppError)) {
    return { status, code: trpcError.code, body: { message: 'Internal server error' }, unexpected: true };
  }
  return { status, code: trpcError.code, body: { message: trpcError.message }, unexpected: false };
}
