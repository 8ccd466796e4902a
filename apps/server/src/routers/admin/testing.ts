/** Helpers for this folder's tests: what a refused call said. */
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

export interface Refusal {
  code: string;
  message: string;
  /** Field path -> first message, when the input schema refused the call. */
  fields: Record<string, string>;
}

export async function refusal(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const fields: Record<string, string> = {};
    if (error.cause instanceof ZodError) {
      for (const issue of error.cause.issues) fields[issue.path.join('.')] ??= issue.message;
    }
    return { code: error.code, message: error.message, fields };
  }
  throw new Error('expected a refusal');
}
