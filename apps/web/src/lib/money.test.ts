import { describe, expect, it } from 'vitest';
import { formatRupees } from './money';

describe('formatRupees', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [100, '1.00'],
    [12_345_678, '1,23,456.78'],
    [12_500_050, '1,25,000.50'],
    [99_99_99_999_99, '99,99,99,999.99'],
  ])('%i paise -> %s', (paise, text) => expect(formatRupees(paise)).toBe(text));
});
