/** Calendar arithmetic on yyyy-MM-dd dates, in whole days, free of time zones. */

const DAY_MS = 86_400_000;

// Reports turn the same few thousand dates over and over (per student and instalment): remembered.
const dayNumbers = new Map<string, number>();
const dates = new Map<number, string>();

/** Days since 1970-01-01 for a yyyy-MM-dd date. */
export function dayNumber(date: string): number {
  let day = dayNumbers.get(date);
  if (day === undefined) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    day = Date.UTC(y, m - 1, d) / DAY_MS;
    if (dayNumbers.size < 100_000) dayNumbers.set(date, day);
  }
  return day;
}

export function fromDayNumber(day: number): string {
  let date = dates.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dates.size < 100_000) dates.set(day, date);
  }
  return date;
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Days from a to b (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** The same day of the month `months` later, clamped to the month's end (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromDayNumber(Date.UTC(year, month, Math.min(d, lastDay)) / DAY_MS);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "July 2026" for 2026-07-10. */
export function monthName(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}
