import { describe, expect, it } from 'vitest';
import { amountInWords } from './words';

describe('amountInWords (Indian system)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees Zero and One Paise Only'],
    [100, 'Rupees One Only'],
    [1500, 'Rupees Fifteen Only'],
    [9999, 'Rupees Ninety-Nine and Ninety-Nine Paise Only'],
    [10000, 'Rupees One Hundred Only'],
    [100000, 'Rupees One Thousand Only'],
    [1_00_000_00, 'Rupees One Lakh Only'],
    [12_500_050, 'Rupees One Lakh Twenty-Five Thousand and Fifty Paise Only'],
    [12_34_567_50, 'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Fifty Paise Only'],
    [
      99_99_99_999_99,
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
  ])('%i paise', (paise, words) => expect(amountInWords(paise)).toBe(words));
});
