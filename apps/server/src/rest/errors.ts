/**
 * Errors on the REST wire, mapped in one place: a procedure's TRPCError keeps its HTTP status
 * (tRPC's own mapping); invalid input is 400 { message, errors: { field: [messages] } } under the
 * documented field names; anything unexpected is a 500 with no detail.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError, z } from 'zod';

export interface RestError {
  status: number;
  code: string;
  body: { message: string; errors?: Record<string, string[]> };
}

/** rename maps a procedure input field to the documented field it came from. */
export function toRestError(error: unknown, rename: (field: string) => string = (f) => f): RestError {
  const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  const status = getHTTPStatusCodeFromError(trpcError);
  if (trpcError.cause instanceof ZodError) {
    const { formErrors, fieldErrors } = z.flattenError(trpcError.cause);
    const errors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(fieldErrors as Record<string, string[] | undefined>)) {
      if (messages?.length) errors[rename(field)] = [...(errors[rename(field)] ?? []), ...messages];
    }
    if (formErrors.length) errors._ = formErrors;
    const first = trpcError.cause.issues[0]?.message ?? 'Invalid input';
    return { status: 400, code: 'BAD_REQUEST', body: { message: first, errors } };
  }
  if (status >= 500) return { status, code: trpcError.code, body: { message: 'Internal server error' } };
  return { status, code: trpcError.code, body: { message: trpcError.message } };
}
