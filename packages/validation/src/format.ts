/**
 * The one set of small formatting helpers web, server and tools share: calendar dates (stored
 * yyyy-MM-dd, shown dd-MM-yyyy), money shown in rupees with Indian grouping, and the receipt label.
 */
import { ratePercentText } from '@fees/money';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A Date's calendar day in the local time zone (the server's TZ, the browser's own) as yyyy-MM-dd. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/**
 * yyyy-MM-dd of a year, a month (1-12) and a day; a day past the month's end is its last day ("the 30th" of
 * February is the 28th or 29th), so a date built from a rule ("due on the 30th") always names a real day.
 */
export function calendarDate(year: number, month: number, day: number): string {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad2(month)}-${pad2(Math.min(day, lastDay))}`;
}

/** A Date's time of day in the local time zone as HH:mm (24 hours). */
export function clockTime(date: Date): string {
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** The earliest admission, batch, fee structure or receipt date anyone may enter. */
export const EARLIEST_DATE = '1950-01-01';

/** Today as yyyy-MM-dd in the local time zone. */
export function localToday(now: Date = new Date()): string {
  return isoDate(now);
}

/**
 * yyyy-MM-dd names a day that exists (no 31-02). Counted from the digits: every receipt's dates pass
 * here, and parsing a Date and printing it back took some 7 µs a call.
 */
export function isRealDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  const day = Number(iso.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** yyyy-MM-dd (or the date part of a timestamp) as shown: dd-MM-yyyy, or dd/MM/yyyy with '/'; '' for none. */
export function formatDate(iso: string | null | undefined, separator: '-' | '/' = '-'): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return [d, m, y].join(separator);
}

/**
 * A date as people type it, dd-MM-yyyy, dd/MM/yyyy or dd.MM.yyyy (day and month may have one digit),
 * as yyyy-MM-dd; null when the text has another form. Whether the day exists is isRealDate's question.
 */
export function parseShownDate(text: string): string | null {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : null;
}

const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12500050 paise -> "1,25,000.50" (Indian digit grouping), for the screens and printouts. */
export function formatRupees(paise: number): string {
  return RUPEES.format(paise / 100);
}

/** '#000' followed by the number, as every receipt shows it. */
export function receiptLabel(number: number | string): string {
  return `#000${number}`;
}

/** Shown on vouchers and in lists: R followed by the number. */
export function refundLabel(number: number): string {
  return `R${number}`;
}

const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/**
 * Parses rupees written as text ("1250", "1250.5", "1250.50") into integer paise without floating
 * point. Returns null for anything that is not digits with up to 2 decimals.
 */
export function parseRupeesToPaise(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT_PATTERN.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise as plain rupees text with 2 decimals ("125000.50"): CSV and the REST wire. */
export function paiseToRupeesText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The row of one rate under a receipt's total: "GST 18% on 3,333.58". */
export function gstRateText(rate: { rateBasisPoints: number; taxablePaise: number }): string {
  return `GST ${ratePercentText(rate.rateBasisPoints)}% on ${formatRupees(rate.taxablePaise)}`;
}
