import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { isRouteErrorResponse, useLocation, useMatches, useRouteError } from 'react-router';
import { DEPARTMENTS } from '../lib/departments';

/** Letters and digits that cannot be misread over the phone (no 0/O, 1/I/L). */
const REF_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newRef(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => REF_ALPHABET[b % REF_ALPHABET.length]).join('');
}

/** The dashboard of the part of the app the screen belongs to: a department's, the admin's, or home. */
function dashboardOf(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  if (first === 'admin') return '/admin';
  if (first === 'dhi') return '/hic';
  return DEPARTMENTS.some((d) => d.prefix === first) ? `/${first}` : '/';
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}` };
  return { message: String(error) };
}

/** The screen's path with its parameters named, not their values: admission numbers stay out of the log. */
function routeOf(pathname: string, params: Record<string, string | undefined>): string {
  let route = pathname;
  for (const [name, value] of Object.entries(params)) {
    if (value) route = route.replace(`/${encodeURIComponent(value)}`, `/:${name}`).replace(`/${value}`, `/:${name}`);
  }
  return route;
}

/**
 * What any screen shows when it breaks (every route's ErrorBoundary): a plain sentence with a ref and
 * the way back to the dashboard, never the error itself. The error goes to the server's log with the
 * same ref, so the clerk's "ref ..." finds it there.
 */
export function ScreenError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const matches = useMatches();
  const ref = useMemo(() => (error === undefined ? '' : newRef()), [error]);
  const params = matches.at(-1)?.params ?? {};
  const route = routeOf(pathname, params);

  useEffect(() => {
    const { message, stack } = describe(error);
    void fetch('/api/screen-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ref,
        path: route.slice(0, 500),
        message: message.slice(0, 1000),
        ...(stack ? { stack: stack.slice(0, 4000) } : {}),
      }),
      keepalive: true,
    }).catch(() => undefined);
  }, [error, ref, route]);

  return (
    <Stack maw={560} mx="auto" my="xl" p="md">
      <Alert color="red" icon={<IconAlertTriangle />} role="alert" title="This screen could not be shown">
        <Text size="sm">Something went wrong on this screen (ref {ref})</Text>
        <Text size="sm" c="dimmed" mt="xs">
          Nothing you saved before is lost. If it happens again, tell the office this ref.
        </Text>
      </Alert>
      <Button component="a" href={dashboardOf(pathname)} variant="light" w="fit-content">
        Back to the dashboard
      </Button>
    </Stack>
  );
}
