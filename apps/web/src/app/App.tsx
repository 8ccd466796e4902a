import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { clearSignIn } from '../lib/session-storage';
import { createApiClient, isApiError, TRPCProvider } from '../lib/trpc';
import { router } from './router';
import { theme } from './theme';

// The toasts' container (and its transitions) loads after the first screen; a toast shown before it
// mounts waits in the store and appears with it.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Any 401 means the server session is gone: clear the stored sign-in and go home. */
function onApiError(error: unknown): void {
  if (
    isApiError(error) &&
    error.data?.httpStatus === 401 &&
    error.data?.path !== 'auth.login' &&
    error.data?.path !== 'auth.departmentLogin'
  ) {
    clearSignIn();
    void router.navigate('/', { replace: true });
  }
}

function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    // After any write every list on screen is refetched and every cached one is marked stale: a clerk
    // never sees a total or a count from before their own change.
    mutationCache: new MutationCache({ onError: onApiError, onSuccess: () => client.invalidateQueries() }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !isApiError(error) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
  });
  return client;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createApiClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <Suspense fallback={null}>
            <Notifications position="top-right" />
          </Suspense>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
