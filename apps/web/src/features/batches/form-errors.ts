import { fieldErrors } from '../../lib/trpc';

/** The server's per-field messages (shared zod schemas) as form errors: the first message of each field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error))
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0]!]),
  );
}
