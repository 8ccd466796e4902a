import { addDays, addMonths } from '@fees/money';
import { describe, expect, it } from 'vitest';
import {
  rawInputRefusal,
  ZAmount,
  ZAmountOrZero,
  ZBirthDate,
  ZDate,
  ZDayBookDate,
  ZDateRange,
  ZDepId,
  ZEmail,
  ZId,
  ZOptionalPhone,
  indianPhone,
  ZAdmissionDate,
} from './common';
import { localToday, parseRupeesToPaise } from './format';
import { MAX_INPUT_DEPTH } from './limits';
import { MSG } from './messages';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues[0]?.message;

describe('ZAmount (rupees text -> paise)', () => {
  it.each([
    ['10.00', 1000],
    ['10', 1000],
    ['0.5', 50],
    ['1250.75', 125075],
    [10.5, 1050],
  ])('accepts %s as %i paise', (input, paise) => expect(ZAmount.parse(input)).toBe(paise));

  it.each([
    ['0', MSG.required],
    ['', MSG.required],
    ['10.001', MSG.amountFormat],
    ['-1', MSG.amountFormat],
    ['abc', MSG.amountFormat],
    ['1e3', MSG.amountFormat],
    ['999999999999', MSG.amountTooLarge],
  ])('refuses %j with %j', (input, message) => expect(firstMessage(ZAmount.safeParse(input))).toBe(message));

  it.each([true, '0x10', '0b11', '1e1', [5], -1, '1e+3', ' 0x1 ', 1e21, Number.NaN])(
    'refuses %j: never hex, exponent, boolean or an array',
    (input) => expect(ZAmount.safeParse(input).success).toBe(false),
  );

  it('allows zero where a nil amount makes sense', () => expect(ZAmountOrZero.parse('0')).toBe(0));
  it('parses without floating point error', () => expect(parseRupeesToPaise('0.29')).toBe(29));
});

describe('dates and emails', () => {
  it('accepts yyyy-MM-dd real dates only', () => {
    expect(ZDate.safeParse('2026-02-28').success).toBe(true);
    expect(firstMessage(ZDate.safeParse('2026-02-30'))).toBe(MSG.invalidDate);
    expect(firstMessage(ZDate.safeParse(''))).toBe(MSG.required);
  });
  it('a range may be one day; from after to is refused', () => {
    expect(ZDateRange.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(firstMessage(ZDateRange.safeParse({ from: '2026-01-02', to: '2026-01-01' }))).toBe(MSG.dateRangeOrder);
  });
  it('plausible ranges: birth in the last hundred years, admission and day book days not after today', () => {
    const today = localToday();
    const earliestBirth = addMonths(today, -1200);
    expect(ZBirthDate.safeParse(earliestBirth).success).toBe(true);
    expect(ZBirthDate.safeParse(addDays(earliestBirth, -1)).success).toBe(false);
    expect(ZBirthDate.safeParse('1899-12-31').success).toBe(false);
    expect(ZAdmissionDate.safeParse(today).success).toBe(true);
    expect(ZAdmissionDate.safeParse(addDays(today, 1)).success).toBe(false);
    expect(ZDayBookDate.safeParse('2000-01-01').success).toBe(true);
    expect(ZDayBookDate.safeParse('1999-12-31').success).toBe(false);
    expect(ZDayBookDate.safeParse(addDays(today, 1)).success).toBe(false);
  });
  it('an Indian phone is 10 digits, +91 or 0 in front and spaces allowed, kept as the 10 digits', () => {
    for (const typed of ['9846012345', '+91 98460 12345', '+919846012345', '09846012345', '0 984 601 2345'])
      expect(indianPhone(typed), typed).toBe('9846012345');
    for (const typed of ['98abc12345', '984601234', '98460123456', '+92 9846012345', '91 9846012345', '98460-12345'])
      expect(indianPhone(typed), typed).toBeNull();
    expect(ZOptionalPhone.parse('  ')).toBeNull();
    expect(ZOptionalPhone.parse(undefined)).toBeNull();
    expect(firstMessage(ZOptionalPhone.safeParse('98abc12345'))).toBe(MSG.invalidPhone);
  });
  it('lower-cases emails and accepts the generated admin@localhost', () => {
    expect(ZEmail.parse(' Admin@LOCALHOST ')).toBe('admin@localhost');
    expect(firstMessage(ZEmail.safeParse('not-an-email'))).toBe(MSG.invalidEmail);
    expect(firstMessage(ZEmail.safeParse(`${'a'.repeat(95)}@x.com`))).toBe(MSG.maxChars(100));
  });
});

describe('ids are exact', () => {
  it.each([5, 1, 2 ** 31 - 1])('accepts %j', (input) => expect(ZId.parse(input)).toBe(input));

  it.each([
    true,
    false,
    '5',
    '0012',
    '0x10',
    '0b11',
    '1e1',
    [5],
    1.5,
    -1,
    0,
    '',
    ' 5',
    '+5',
    '-1',
    '5.0',
    2 ** 31,
    2 ** 53,
    '99999999999999999999',
    null,
    {},
  ])('refuses %j with the field message', (input) => expect(firstMessage(ZId.safeParse(input))).toBe(MSG.required));

  it('a department id is one of the six, exactly', () => {
    expect(ZDepId.parse(101)).toBe(101);
    expect(ZDepId.safeParse('101').success).toBe(false);
    expect(ZDepId.safeParse(true).success).toBe(false);
    expect(ZDepId.safeParse('0x64').success).toBe(false);
    expect(ZDepId.safeParse(99).success).toBe(false);
  });
});

describe('what no raw input may hold', () => {
  const nul = (input: unknown) => {
    const refusal = rawInputRefusal(input);
    if (refusal) expect(refusal.message).toBe(MSG.nulCharacter);
    return refusal?.path ?? null;
  };

  it('a NUL character is found by its path: in a field, an array item, a nested object or a key; nowhere else', () => {
    expect(nul({ name: 'Anjali', address: 'Road' })).toBeNull();
    expect(nul({ name: 'An\u0000jali' })).toEqual(['name']);
    expect(nul({ items: [{ particulars: 'ok' }, { particulars: '\u0000' }] })).toEqual(['items', 1, 'particulars']);
    expect(nul({ a: { b: ['x', 'y\u0000'] } })).toEqual(['a', 'b', 1]);
    expect(nul({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(nul('\u0000')).toEqual([]);
    expect(nul(undefined)).toBeNull();
    expect(nul({ n: 5, b: true, z: null })).toBeNull();
    expect(nul({ first: ['\u0000'], second: '\u0000' })).toEqual(['first', 0]);
  });

  it(`nesting deeper than ${MAX_INPUT_DEPTH} levels is refused where it passes the limit, however deep it goes`, () => {
    const nested = (levels: number, inside: unknown = 'x') => {
      let value = inside;
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expect(rawInputRefusal({ x: nested(MAX_INPUT_DEPTH - 1) })).toBeNull();
    expect(rawInputRefusal({ x: nested(MAX_INPUT_DEPTH) })).toEqual({
      path: ['x', ...Array(MAX_INPUT_DEPTH - 1).fill(0)],
      message: MSG.nestedTooDeep,
    });
    // Far past what a recursive walk survives (a stack overflow was a 500), and the NUL below the limit unread.
    expect(rawInputRefusal({ depId: 100, x: nested(200_000, '\u0000') })?.message).toBe(MSG.nestedTooDeep);
  });
});
