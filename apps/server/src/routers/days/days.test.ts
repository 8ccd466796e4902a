import { auditLog, receipts } from '@fees/db';
import { tableContents } from '@fees/db/testing';
import { formatDate } from '@fees/validation';
import { addDays } from '@fees/money';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { today } from '../../config';
import { fieldRefusal, refusal } from '../../test/refusal';
import { receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);

const DAY = '2025-08-01';

const ugReceipt = (date: string, paise: number, depId: 100 | 101 = 100) =>
  receiptInput(fx, { of: depId === 100 ? 'ug' : 'pg', date, lines: [[fx.heads.tuition, paise]] });

const closedFor = (ending: string) =>
  new RegExp(`^This day is closed: 01-08-2025 was closed by admin@test\\.local at \\d\\d:\\d\\d\\. ${ending}$`);

describe('days.close', () => {
  it('is for admins unless the setting lets staff close their own day; a day closes once', async () => {
    expect(await refusal(h.caller('ugStaff').days.close({ depId: 100, date: DAY }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only an administrator can close a day',
    });
    const closed = await h.caller('admin').days.close({ depId: 100, date: DAY });
    expect(closed).toMatchObject({
      departmentId: 100,
      date: DAY,
      closedByEmail: 'admin@test.local',
      message: '01-08-2025 is closed',
    });
    expect(await refusal(h.caller('admin').days.close({ depId: 100, date: DAY }))).toEqual({
      code: 'CONFLICT',
      message: '01-08-2025 was already closed by admin@test.local',
    });

    await h.caller('admin').admin.settings.update({ staffMayCloseDay: true });
    expect((await h.caller('admin').admin.settings.get()).staffMayCloseDay).toBe(true);
    await h.caller('ugStaff').days.close({ depId: 100, date: '2025-08-02' });
    expect((await refusal(h.caller('pgStaff').days.close({ depId: 100, date: '2025-08-03' }))).code).toBe('FORBIDDEN');
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, 'close_day'));
    expect(audit.map((x) => [x.userEmail, x.entityId, x.departmentId])).toEqual([
      ['admin@test.local', '100/2025-08-01', 100],
      ['ug@test.local', '100/2025-08-02', 100],
    ]);
  });
});

describe('the day to close or reopen', () => {
  it('is a day from 2000 to today: earlier or later is a 400 naming the date, and nothing is written', async () => {
    const range = `Enter a date from 01-01-2000 to ${formatDate(today())}`;
    await h.caller('admin').days.close({ depId: 100, date: DAY });
    const before = await tableContents(h.db);
    for (const date of ['1899-12-31', '1999-12-31', addDays(today(), 1), '2999-01-01']) {
      for (const call of [
        h.caller('admin').days.close({ depId: 100, date }),
        h.caller('admin').days.reopen({ depId: 100, date, reason: 'Typing slip' }),
      ]) {
        expect(await fieldRefusal(call)).toMatchObject({ code: 'BAD_REQUEST', fields: { date: range } });
      }
    }
    expect(await tableContents(h.db)).toBe(before);
    expect(await h.caller('admin').days.close({ depId: 100, date: '2000-01-01' })).toMatchObject({
      date: '2000-01-01',
    });
    expect(await h.caller('admin').days.close({ depId: 100, date: today() })).toMatchObject({ date: today() });
  });
});

describe('a closed day', () => {
  it("refuses staff's receipts, edits and voids of that date and department; an admin changes it with a reason, audited", async () => {
    const before = await h.caller('ugStaff').receipts.create(ugReceipt(DAY, 1_000_00));
    const dayBefore = await h.caller('ugStaff').receipts.create(ugReceipt('2025-07-31', 500_00));
    await h.caller('admin').days.close({ depId: 100, date: DAY });
    const count = async () => (await h.db.select().from(receipts)).length;
    const written = await count();

    const staff = h.caller('ugStaff').receipts;
    const staffRefusal = {
      code: 'CONFLICT',
      message: expect.stringMatching(closedFor('Only an administrator can change it.')),
    };
    expect(await refusal(staff.create(ugReceipt(DAY, 100_00)))).toEqual(staffRefusal);
    expect(await refusal(staff.update({ ...ugReceipt(DAY, 900_00), number: before.number, version: 1 }))).toEqual(
      staffRefusal,
    );
    expect(await refusal(staff.update({ ...ugReceipt(DAY, 500_00), number: dayBefore.number, version: 1 }))).toEqual(
      staffRefusal,
    );
    expect(await refusal(staff.void({ number: before.number, version: 1, reason: 'Wrong student' }))).toEqual(
      staffRefusal,
    );
    expect(await count()).toBe(written);

    // Other days and other departments stay open.
    await staff.create(ugReceipt('2025-08-02', 100_00));
    await h.caller('pgStaff').receipts.create(ugReceipt(DAY, 100_00, 101));

    const admin = h.caller('admin').receipts;
    expect(await refusal(admin.update({ ...ugReceipt(DAY, 900_00), number: before.number, version: 1 }))).toEqual({
      code: 'CONFLICT',
      message: expect.stringMatching(closedFor('Give a reason to change it.')),
    });
    expect(
      (
        await refusal(
          admin.update({ ...ugReceipt(DAY, 900_00), number: before.number, version: 1, closedDayReason: 'x' }),
        )
      ).message,
    ).toBe('Give a reason for changing a closed day (3 to 200 characters)');
    const edited = await admin.update({
      ...ugReceipt(DAY, 900_00),
      number: before.number,
      version: 1,
      closedDayReason: 'Cashier typed 1000 for 900',
    });
    expect(edited.totalPaise).toBe(900_00);
    const late = await admin.create({ ...ugReceipt(DAY, 50_00), closedDayReason: 'Late entry of a counter receipt' });
    await admin.void({ number: late.number, version: 1, reason: 'Entered twice' });
    const changes = await h.db.select().from(auditLog).where(eq(auditLog.action, 'closed_day_change'));
    expect(
      changes.map((x) => [
        x.userEmail,
        x.departmentId,
        x.entityId,
        JSON.parse(x.after!).change,
        JSON.parse(x.after!).reason,
      ]),
    ).toEqual([
      ['admin@test.local', 100, '100/2025-08-01', `edit receipt #000${before.number}`, 'Cashier typed 1000 for 900'],
      ['admin@test.local', 100, '100/2025-08-01', 'create a receipt', 'Late entry of a counter receipt'],
      ['admin@test.local', 100, '100/2025-08-01', `void receipt #000${late.number}`, 'Entered twice'],
    ]);

    const book = await h.caller('ugStaff').reports.dayBook({ depId: 100, date: DAY });
    expect(book).toMatchObject({
      closed: true,
      closedBy: 'admin@test.local',
      closings: [expect.objectContaining({ departmentId: 100, closedByEmail: 'admin@test.local' })],
    });
    expect(book.byUser.map((u) => [u.email, u.totalPaise])).toEqual([['ug@test.local', 900_00]]);
    expect(await h.caller('pgStaff').reports.dayBook({ depId: 101, date: DAY })).toMatchObject({
      closed: false,
      closedBy: null,
      closings: [],
    });
    expect(await h.caller('admin').reports.dayBook({ date: DAY })).toMatchObject({ closed: false, closedBy: null });
  });
});

describe('days.reopen', () => {
  it('lets an admin reopen a closed day with a reason (audited); staff may then write that date again', async () => {
    const before = await h.caller('ugStaff').receipts.create(ugReceipt(DAY, 1_000_00));
    await h.caller('admin').days.close({ depId: 100, date: DAY });
    const reopen = { depId: 100 as const, date: DAY, reason: 'Closed before the evening counter' };

    expect((await refusal(h.caller('cashier').days.reopen(reopen))).code).toBe('FORBIDDEN');
    expect((await refusal(h.caller('admin').days.reopen({ ...reopen, reason: 'x' }))).message).toBe(
      'Give a reason for reopening the day (3 to 200 characters)',
    );
    expect(await refusal(h.caller('admin').days.reopen({ ...reopen, date: '2025-08-02' }))).toEqual({
      code: 'CONFLICT',
      message: '02-08-2025 is not closed',
    });
    expect((await h.caller('ugStaff').reports.dayBook({ depId: 100, date: DAY })).closed).toBe(true);

    expect(await h.caller('admin').days.reopen(reopen)).toEqual({
      departmentId: 100,
      date: DAY,
      message: '01-08-2025 is open again',
    });
    expect(await h.caller('ugStaff').reports.dayBook({ depId: 100, date: DAY })).toMatchObject({
      closed: false,
      closedBy: null,
      closings: [],
      letterhead: { institutionName: 'Arts and Science College', hasLogo: false },
    });
    expect((await h.caller('admin').reports.dayBook({ date: DAY })).letterhead).toBeNull();
    const edited = await h
      .caller('ugStaff')
      .receipts.update({ ...ugReceipt(DAY, 900_00), number: before.number, version: 1 });
    expect(edited.totalPaise).toBe(900_00);
    expect(await refusal(h.caller('admin').days.reopen(reopen))).toEqual({
      code: 'CONFLICT',
      message: '01-08-2025 is not closed',
    });

    const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, 'reopen_day'));
    expect(
      audit.map((x) => [
        x.userEmail,
        x.departmentId,
        x.entityId,
        JSON.parse(x.before!).closedByEmail,
        JSON.parse(x.after!).reason,
      ]),
    ).toEqual([['admin@test.local', 100, '100/2025-08-01', 'admin@test.local', 'Closed before the evening counter']]);
    // The day can be closed again afterwards.
    expect(
      await h
        .caller('ugStaff')
        .days.close({ depId: 100, date: DAY })
        .catch((e: Error) => e.message),
    ).toBe('Only an administrator can close a day');
    expect((await h.caller('admin').days.close({ depId: 100, date: DAY })).message).toBe('01-08-2025 is closed');
  });
});
