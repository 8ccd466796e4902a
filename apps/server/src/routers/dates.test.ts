import { sql } from 'drizzle-orm';
import { row } from '@fees/db';
import { MSG } from '@fees/validation';
import { addDays, addMonths } from '@fees/money';
import { TRPCError } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { today } from '../config';
import type { Fixture } from '../test/fixture';
import type { Harness } from '../test/harness';
import { accessRules } from '../test/access/rules';
import { useFixture, useHarness } from '../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
beforeEach(async () => {
  // The app's default; the fixture itself reaches back to its 2025 receipts.
  await h.caller('admin').admin.settings.update({ backdateLimitDays: 62 });
});

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const { code, message, cause } = error as TRPCError;
  // Invalid input reads as its first field message, as the client shows it.
  return { code, message: cause instanceof ZodError ? (cause.issues[0]?.message ?? message) : message };
}

const shown = (iso: string) => iso.split('-').reverse().join('-');
const receiptCount = () => row(h.db, sql`SELECT COUNT(*) AS n FROM receipts`);
const exam = accessRules['receipts.create']?.input as (fx: Fixture, h: Harness) => Record<string, unknown>;
const receiptOn = (date: string) => ({ ...exam(fx, h), date }) as never;

describe('receipt dates', () => {
  it('staff may date a receipt from today back to the limit, and no further either way', async () => {
    const ug = h.caller('ugStaff');
    const day = today();
    const earliest = addDays(day, -62);
    expect((await ug.receipts.entryContext({ depId: 100, studentId: fx.ug.studentId })).earliestDate).toBe(earliest);

    const before = await receiptCount();
    expect(await refusal(ug.receipts.create(receiptOn(addDays(day, 1))))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.receiptDateFuture,
    });
    expect(await refusal(ug.receipts.create(receiptOn(addDays(earliest, -1))))).toEqual({
      code: 'BAD_REQUEST',
      message: `The receipt date cannot be more than 62 days back (before ${shown(earliest)}); an administrator can post older receipts`,
    });
    expect(await refusal(ug.receipts.create(receiptOn('0001-01-01')))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await receiptCount()).toEqual(before);

    expect((await ug.receipts.create(receiptOn(earliest))).date).toBe(earliest);
    await ug.receipts.update({ ...(accessRules['receipts.update']?.input?.(fx, h) as object), date: day } as never);
  });

  it('an admin may post older receipts, never future ones nor before 1950', async () => {
    const admin = h.caller('admin');
    expect((await admin.receipts.entryContext({ depId: 100, studentId: fx.ug.studentId })).earliestDate).toBe(
      '1950-01-01',
    );
    expect((await admin.receipts.create(receiptOn(addDays(today(), -400)))).date).toBe(addDays(today(), -400));
    expect(await refusal(admin.receipts.create(receiptOn(addDays(today(), 1))))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.receiptDateFuture,
    });
    expect((await refusal(admin.receipts.create(receiptOn('1949-12-31')))).code).toBe('BAD_REQUEST');
  });

  it('an edit keeps an old receipt date, but cannot move it out of the limit', async () => {
    const ug = h.caller('ugStaff');
    const edit = accessRules['receipts.update']?.input?.(fx, h) as Record<string, unknown>;
    expect(edit.date).toBe('2025-07-01');
    await ug.receipts.update({ ...edit, phone: '9847044444' } as never);
    const moved = await refusal(ug.receipts.update({ ...edit, date: '2025-06-30' } as never));
    expect(moved.code).toBe('BAD_REQUEST');
    expect(await row(h.db, sql`SELECT date, phone FROM receipts WHERE number = ${fx.ug.receiptNumber}`)).toEqual({
      date: '2025-07-01',
      phone: '9847044444',
    });
  });

  it('the limit is an admin setting', async () => {
    const admin = h.caller('admin');
    expect((await admin.admin.settings.get()).backdateLimitDays).toBe(62);
    await admin.admin.settings.update({ backdateLimitDays: 10 });
    const ug = h.caller('ugStaff');
    expect((await refusal(ug.receipts.create(receiptOn(addDays(today(), -11))))).message).toContain(
      'more than 10 days back',
    );
    expect((await ug.receipts.create(receiptOn(addDays(today(), -10)))).date).toBe(addDays(today(), -10));
    for (const bad of [-1, 3651, '10', '1e1', true, 1.5]) {
      expect(await refusal(admin.admin.settings.update({ backdateLimitDays: bad as never }))).toEqual({
        code: 'BAD_REQUEST',
        message: MSG.backdateLimit,
      });
    }
    expect((await admin.admin.settings.get()).backdateLimitDays).toBe(10);
    expect((await refusal(h.caller('ugStaff').admin.settings.update({ backdateLimitDays: 999 }))).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('admission dates: 1950 to today', () => {
  it('students.create admissionDate', async () => {
    const input = (admissionDate: string) =>
      ({
        ...(accessRules['students.create']?.input?.(fx, h) as object),
        admissionDate,
        dateOfBirth: '1940-01-01',
      }) as never;
    const students = () => row(h.db, sql`SELECT COUNT(*) AS n FROM students`);
    const before = await students();
    for (const date of ['1949-12-31', '0001-01-01', addDays(today(), 1), '9999-12-31']) {
      expect(await refusal(h.caller('admin').students.create(input(date)))).toEqual({
        code: 'BAD_REQUEST',
        message: MSG.dateRange('1950-01-01', today()),
      });
    }
    expect(await students()).toEqual(before);
    await h.caller('admin').students.create(input(today()));
  });
});

describe('batch and fee structure dates: 1950 to ten years after today', () => {
  const latest = () => addMonths(today(), 120);
  const rangeMessage = () => MSG.dateRange('1950-01-01', latest());
  const cases = [
    { procedure: 'batches.create', field: 'startDate' },
    { procedure: 'batches.create', field: 'endDate' },
    { procedure: 'fees.structures.create', field: 'startDate' },
    { procedure: 'fees.structures.create', field: 'endDate' },
  ];

  it.each(cases)('$procedure $field', async ({ procedure, field }) => {
    const input = (date: string) => {
      const base = accessRules[procedure]?.input?.(fx, h) as Record<string, unknown>;
      // Keep the pair in order so only the range speaks.
      return field === 'startDate'
        ? { ...base, startDate: date, endDate: latest() }
        : { ...base, [field]: date, ...(field === 'endDate' ? { startDate: '1950-01-01' } : {}) };
    };
    // biome-ignore lint/suspicious/noExplicitAny: walking the caller by a dotted path
    const call = procedure.split('.').reduce<any>((node, key) => node[key], h.caller('admin'));
    const tables = () =>
      row(h.db, sql`SELECT (SELECT COUNT(*) FROM batches) + (SELECT COUNT(*) FROM fee_structures) AS n`);
    const before = await tables();
    for (const date of ['1949-12-31', '0001-01-01', addDays(latest(), 1), '9999-12-31']) {
      expect(await refusal(call(input(date)))).toEqual({ code: 'BAD_REQUEST', message: rangeMessage() });
    }
    expect(await tables()).toEqual(before);
    await call(input(field === 'startDate' ? '1950-01-01' : latest()));
  });
});
