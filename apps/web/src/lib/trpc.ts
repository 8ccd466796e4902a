import type { AppRouter } from '@fees/server';
import { MAX_BATCH_CALLS } from '@fees/validation';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCContext } from '@trpc/tanstack-react-query';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Calls the server refuses inside a batch (each sign-in is judged alone; an import is costly). */
const UNBATCHED = new Set(['auth.login', 'auth.departmentLogin', 'students.importPreview', 'students.importCommit']);

export function createApiClient() {
  const fetchWithCookies: typeof fetch = (url, options) => fetch(url, { ...options, credentials: 'include' });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => UNBATCHED.has(op.path),
        true: httpLink({ url: '/trpc', fetch: fetchWithCookies }),
        false: httpBatchLink({ url: '/trpc', maxItems: MAX_BATCH_CALLS, fetch: fetchWithCookies }),
      }),
    ],
  });
}

export type ApiError = TRPCClientError<AppRouter>;

/** What each procedure answers, as the server declares it: `RouterOutputs['students']['byId']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof TRPCClientError;
}

/** The server's human message for a failed call (shown to the user as it is). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}

/** Field messages from the shared zod schemas, when the server refused input. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (isApiError(error)) return (error.data?.fieldErrors as Record<string, string[]> | null) ?? {};
  return {};
}

/** The server's per-field messages as form errors: the first message of each field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error))
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0]!]),
  );
}
