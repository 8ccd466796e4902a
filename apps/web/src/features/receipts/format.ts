import { formatDate, toIsoDate } from '../../lib/dates';

/** A stored UTC timestamp (voided at, created at) as the local calendar date, dd-MM-yyyy. */
export function formatLocalDate(timestamp: string | null): string {
  return timestamp ? formatDate(toIsoDate(new Date(timestamp))) : '';
}
