import { clockTime, formatDate, isoDate, localToday } from '@fees/validation';

/** Dates on the screens: the shared helpers of @fees/validation (yyyy-MM-dd stored, dd-MM-yyyy shown). */
export { formatDate };

/** Today in the browser's local time as yyyy-MM-dd. */
export const todayIso = (): string => localToday();

/** A Date (from a date picker) -> yyyy-MM-dd, or '' when empty. */
export function toIsoDate(value: Date | string | null | undefined): string {
  if (!value) return '';
  return typeof value === 'string' ? value.slice(0, 10) : isoDate(value);
}

/** An instant (ISO timestamp, UTC) as dd-MM-yyyy HH:mm in the browser's time. */
export function formatInstant(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(isoDate(d))} ${clockTime(d)}`;
}
