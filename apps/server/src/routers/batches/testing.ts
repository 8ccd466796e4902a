import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

/**
 * The code and message a client would see for a refused call. createCaller skips the HTTP error
 * formatter, so a validation failure's message is taken as the formatter takes it: the first issue.
 */
export async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const message = error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? error.message) : error.message;
    return { code: error.code, message };
  }
  throw new Error('expected a refusal');
}
