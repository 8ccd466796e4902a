import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FailureAlert } from './FailureAlert';

/** Why a screen shows no rows: what to do first, or that nothing matched what was asked. */
export interface Reason {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
}

/** The part of a query a report screen reads (useQuery's result fits). */
interface ReportQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The states every report and list screen shares, in one order: loading, a failure with Try again,
 * nothing found (a reason), and only then the data itself. A screen still waiting for what it needs
 * (a course, the dates) shows an EmptyState with what to do instead.
 */
export function ReportStates<T>({
  query,
  loadingLabel = 'Loading report...',
  errorTitle = 'The report could not be loaded',
  empty,
  refreshInPlace = false,
  children,
}: {
  query: ReportQuery<T>;
  loadingLabel?: string;
  errorTitle?: string;
  /** Why the answer has nothing to show; nothing when it has. */
  empty?: (data: T) => Reason | false | null | undefined;
  /** A list keeps its rows on screen while it reloads (after a change); a report shows the loader on every search. */
  refreshInPlace?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isFetching && !(refreshInPlace && query.data !== undefined)) return <LoadingState label={loadingLabel} />;
  if (query.isError) return <ErrorState error={query.error} title={errorTitle} retry={() => void query.refetch()} />;
  if (query.data === undefined) return null;
  const reason = empty?.(query.data);
  return reason ? <EmptyState reason={reason} /> : children(query.data);
}

export function LoadingState({ label = 'Loading report...' }: { label?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** A failed load in red, with a way to ask again. */
export function ErrorState({
  error,
  title = 'The report could not be loaded',
  retry,
}: {
  error: unknown;
  title?: string;
  retry: () => void;
}) {
  return (
    <Stack gap="xs" align="flex-start">
      <FailureAlert error={error} title={title} w="100%" />
      <Button variant="light" size="xs" leftSection={<IconRefresh size={14} />} onClick={retry} className="no-print">
        Try again
      </Button>
    </Stack>
  );
}

/** A clear empty state: what was asked, and why there is nothing. */
export function EmptyState({ reason }: { reason: Reason }) {
  return (
    <Alert color="gray" variant="light" icon={reason.icon} title={reason.title}>
      {reason.text}
    </Alert>
  );
}

/** A course report before a course is chosen: `text` says what it will show once one is. */
export function ChooseCourseState({ text }: { text: string }) {
  return <EmptyState reason={{ icon: <IconSearch />, title: 'Choose a course', text }} />;
}
