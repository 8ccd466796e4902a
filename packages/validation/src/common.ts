import { addMonths, MAX_PAISE } from '@fees/money';
import { z } from 'zod';
import { EARLIEST_DATE, isRealDate, localToday, parseRupeesToPaise } from './format';
import { MAX_INPUT_DEPTH } from './limits';
import { MSG } from './messages';
import { DEPARTMENT_IDS, type DepartmentId } from './reference';

function amountSchema(options: { allowZero: boolean }) {
  return z.union([z.string(), z.number()], { error: MSG.required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: MSG.required });
      return z.NEVER;
    }
    const paise = parseRupeesToPaise(text);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message: MSG.amountFormat });
      return z.NEVER;
    }
    if (paise > MAX_PAISE) {
      ctx.addIssue({ code: 'custom', message: MSG.amountTooLarge });
      return z.NEVER;
    }
    if (!options.allowZero && paise === 0) {
      ctx.addIssue({ code: 'custom', message: MSG.required });
      return z.NEVER;
    }
    return paise;
  });
}

/** A money amount typed in rupees (text or number), > 0, up to 2 decimals; parses to integer paise. */
export const ZAmount = amountSchema({ allowZero: false });
/** As ZAmount but 0 is allowed (a discount or adjustment may be nil). */
export const ZAmountOrZero = amountSchema({ allowZero: true });

/** A required text field, trimmed, with a maximum length and its message. */
export function requiredText(max: number, maxMessage: string = MSG.maxChars(max)) {
  return z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, maxMessage);
}

/** An optional text field: empty text becomes null. */
export function optionalText(max: number, maxMessage: string = MSG.maxChars(max)) {
  return z
    .string()
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** The latest admission, batch or fee structure date: ten years after today. */
export function latestRecordDate(today: string = localToday()): string {
  return addMonths(today, 120);
}

/** A calendar date as sent: yyyy-MM-dd. */
export const ZDate = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), MSG.invalidDate);

/** A real date from `earliest` to `latest` (each worked out when a value is checked: "today" moves). */
export function dateWithin(earliest: () => string, latest: () => string) {
  return ZDate.superRefine((v, ctx) => {
    const [from, to] = [earliest(), latest()];
    if (/^\d{4}-\d{2}-\d{2}$/.test(v) && (v < from || v > to)) {
      ctx.addIssue({ code: 'custom', message: MSG.dateRange(from, to) });
    }
  });
}

/** A batch or fee structure date: a real date from 1950 to ten years after today. */
export const ZRecordDate = dateWithin(
  () => EARLIEST_DATE,
  () => latestRecordDate(),
);

/** An admission date: a real date from 1950 to today (nobody is admitted ahead of time). */
export const ZAdmissionDate = dateWithin(
  () => EARLIEST_DATE,
  () => localToday(),
);

/** The earliest date of birth: a hundred years before today. */
export function earliestBirthDate(today: string = localToday()): string {
  return addMonths(today, -1200);
}

/** A date of birth: a real date in the last hundred years, not after today. */
export const ZBirthDate = dateWithin(
  () => earliestBirthDate(),
  () => localToday(),
);

/** The first day the day book closes or reopens: no receipt of this app is older. */
export const EARLIEST_DAY_BOOK_DATE = '2000-01-01';

/** A day of the day book to close or reopen: a real date from 2000 to today. */
export const ZDayBookDate = dateWithin(
  () => EARLIEST_DAY_BOOK_DATE,
  () => localToday(),
);

/**
 * An Indian phone number: 10 digits, with +91 or 0 in front if one likes and spaces anywhere. Stored in one
 * form, the bare 10 digits (as the screens and the REST wire show it).
 */
export function indianPhone(text: string): string | null {
  const digits = text.replace(/ /g, '');
  const match = /^(?:\+91|0)?(\d{10})$/.exec(digits);
  return match ? match[1]! : null;
}

/** An optional phone (see indianPhone): empty becomes null. */
export const ZOptionalPhone = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const phone = indianPhone(v);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidPhone });
      return z.NEVER;
    }
    return phone;
  });

/** An email address; deliberately loose (admin@localhost is the generated first admin). */
export const ZEmail = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(100, MSG.maxChars(100))
  .regex(/^[^\s@]+@[^\s@]+$/, MSG.invalidEmail)
  .transform((v) => v.toLowerCase());

/**
 * The largest id, receipt number or version either engine stores: PostgreSQL's `integer` columns end
 * here (SQLite's go further). A larger one names no record, and is refused before a query could fail on it.
 */
export const MAX_RECORD_INTEGER = 2_147_483_647;

/**
 * A positive whole number, exactly: a JSON integer up to MAX_RECORD_INTEGER. Nothing is coerced: "100",
 * true, "0x10", "1e1", [5], 1.5 and -1 are refused with the field's message. The REST adapter turns the
 * decimal digits of a query string or path parameter into integers before this runs; forms convert their
 * Select values once (web lib/ids).
 */
export function positiveInteger(message: string) {
  return z.int({ error: message }).positive(message).max(MAX_RECORD_INTEGER, message);
}

/** A record id or receipt number (see positiveInteger). */
export const ZId = positiveInteger(MSG.required);

/**
 * The version of a record as the screen loaded it. Sent, an edit or void of a record changed since is
 * refused (409); left out (the legacy REST paths), the last write wins.
 */
export const ZVersion = positiveInteger(MSG.required).optional();

/** One of the six department ids (100-105), as ZId accepts them. */
export const ZDepId = ZId.refine(
  (v): v is DepartmentId => (DEPARTMENT_IDS as readonly number[]).includes(v),
  MSG.required,
).transform((v) => v as DepartmentId);

/** A checkbox the user must tick (Confirm, terms): true, or 'true'/'on'/1 from older clients. */
export const ZMustConfirm = z
  .union([z.boolean(), z.string(), z.number()], { error: MSG.required })
  .refine((v) => v === true || v === 'true' || v === 'on' || v === 1 || v === '1', MSG.required)
  .transform(() => true as const);

/** A from/to date pair; the to date may equal the from date. */
export const ZDateRange = z
  .object({ from: ZDate, to: ZDate })
  .refine((r) => r.from <= r.to, { message: MSG.dateRangeOrder, path: ['to'] });

export interface RawInputRefusal {
  /** Where, as a path of keys (empty: the input itself). */
  path: Array<string | number>;
  message: string;
}

interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | null;
  /** Containers around the value: 0 for the input itself. */
  depth: number;
}

function pathOf(visit: Visit): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * What no call's raw input may hold, checked once for every procedure before its own schema; null when
 * the input is clear:
 * - objects and arrays nested more than MAX_INPUT_DEPTH deep: no form comes near, and a walk through
 *   thousands of levels would hold the server;
 * - a NUL character (U+0000) in a string or a key: PostgreSQL's text cannot hold one (SQLite's can),
 *   and nobody types one (a file saved as UTF-16 is full of them).
 * The walk keeps its own stack (no recursion) and never goes below MAX_INPUT_DEPTH; the first problem
 * in the input's order is the one named.
 */
export function rawInputRefusal(input: unknown): RawInputRefusal | null {
  const stack: Visit[] = [{ value: input, key: '', parent: null, depth: 0 }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path: pathOf(visit), message: MSG.nulCharacter };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth === MAX_INPUT_DEPTH) return { path: pathOf(visit), message: MSG.nestedTooDeep };
    const children: Visit[] = [];
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries())
        children.push({ value: item, key: index, parent: visit, depth: depth + 1 });
    } else {
      for (const [key, item] of Object.entries(value)) {
        const child = { value: item, key, parent: visit, depth: depth + 1 };
        if (key.includes('\u0000')) return { path: pathOf(child), message: MSG.nulCharacter };
        children.push(child);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}
