/** What a refused call said, for the procedure tests (createCaller skips the HTTP error formatter). */
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

async function refused(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * The code and message a client would see: a validation failure's message is taken as the
 * formatter takes it, the first issue.
 */
export async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await refused(call);
  const message = error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? error.message) : error.message;
  return { code: error.code, message };
}

export interface FieldRefusal {
  code: string;
  message: string;
  /** Field path -> first message, when the input schema refused the call. */
  fields: Record<string, string>;
}

/** The code, the error's own message and, for a validation failure, the first message per field. */
export async function fieldRefusal(call: Promise<unknown>): Promise<FieldRefusal> {
  const error = await refused(call);
  const fields: Record<string, string> = {};
  if (error.cause instanceof ZodError) {
    for (const issue of error.cause.issues) fields[issue.path.join('.')] ??= issue.message;
  }
  return { code: error.code, message: error.message, fields };
}
