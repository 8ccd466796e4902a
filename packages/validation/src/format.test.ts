import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  clockTime,
  formatDate,
  formatRupees,
  isoDate,
  isRealDate,
  parseShownDate,
  receiptLabel,
} from './format';

describe('format', () => {
  it('shows money in rupees with Indian grouping', () => {
    expect(formatRupees(12_500_050)).toBe('1,25,000.50');
    expect(formatRupees(1)).toBe('0.01');
    expect(formatRupees(0)).toBe('0.00');
    expect(formatRupees(-12_345)).toBe('-123.45');
    expect(formatRupees(99_99_99_999_99)).toBe('99,99,99,999.99');
  });

  it('shows and reads dates', () => {
    expect(formatDate('2026-11-21')).toBe('21-11-2026');
    expect(formatDate('2026-11-21T10:00:00Z', '/')).toBe('21/11/2026');
    expect(formatDate(null)).toBe('');
    expect(parseShownDate('1/7/2026')).toBe('2026-07-01');
    expect(parseShownDate(' 21.11.2026 ')).toBe('2026-11-21');
    expect(parseShownDate('2026-11-21')).toBeNull();
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2026-1-05')).toBe(false);
    expect(isRealDate('2026-01-05T00:00')).toBe(false);
    expect(isoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(calendarDate(2007, 3, 9)).toBe('2007-03-09');
    expect(calendarDate(2027, 2, 30)).toBe('2027-02-28');
    expect(calendarDate(2028, 2, 30)).toBe('2028-02-29');
    expect(calendarDate(2100, 2, 29)).toBe('2100-02-28');
    expect(calendarDate(2026, 4, 31)).toBe('2026-04-30');
    expect(calendarDate(2026, 12, 31)).toBe('2026-12-31');
    expect(clockTime(new Date(2026, 0, 5, 9, 7))).toBe('09:07');
  });

  it('labels a receipt', () => {
    expect(receiptLabel(12)).toBe('#00012');
  });
});

describe('isRealDate', () => {
  it('agrees with the calendar for every month and day number of 1899-2101', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const wrong: string[] = [];
    for (let year = 1899; year <= 2101; year++)
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const iso = `${year}-${two(month)}-${two(day)}`;
          const date = new Date(Date.UTC(year, month - 1, day));
          const exists = month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
          if (isRealDate(iso) !== exists) wrong.push(iso);
        }
    expect(wrong).toEqual([]);
  });
});
