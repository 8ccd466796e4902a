/** The receipt register (receipts.list) and the duplicate print's audit row (receipts.printDuplicate). */
import { auditLog } from '@fees/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldRefusal, refusal } from '../../test/refusal';
import { receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);

const examReceipt = (date: string, paise: number, mode: 'cash' | 'upi' = 'cash') =>
  receiptInput(fx, {
    date,
    lines: [[fx.heads.exam, paise]],
    paymentMode: mode,
    paymentReference: mode === 'upi' ? 'UTR 77' : null,
    allowOverpayment: true,
  });

const numbers = { cash1: 0, upi: 0, cash2: 0, byAdmin: 0 };

beforeAll(async () => {
  const ug = h.caller('ugStaff').receipts;
  numbers.cash1 = (await ug.create(examReceipt('2025-09-01', 100_00))).number;
  numbers.upi = (await ug.create(examReceipt('2025-09-02', 200_00, 'upi'))).number;
  numbers.cash2 = (await ug.create(examReceipt('2025-09-02', 300_00))).number;
  numbers.byAdmin = (await h.caller('admin').receipts.create(examReceipt('2025-09-03', 400_00))).number;
  await ug.void({ number: numbers.cash2, reason: 'Typed twice' });
});

const list = (input: Record<string, unknown>) =>
  h.caller('ugStaff').receipts.list({ depId: 100, from: '2025-09-01', to: '2025-09-30', ...input } as never);

describe('receipts.list', () => {
  it('lists the receipts between the dates newest first, with count, live net and the clerks who took them', async () => {
    const page = await list({});
    expect(page.rows.map((r) => r.number)).toEqual([numbers.byAdmin, numbers.cash2, numbers.upi, numbers.cash1]);
    expect(page).toMatchObject({ count: 4, liveNetPaise: 700_00, page: 1, pages: 1 });
    expect(page.rows[1]).toMatchObject({
      number: numbers.cash2,
      date: '2025-09-02',
      status: 'voided',
      netPaise: 300_00,
      paymentMode: 'cash',
      admissionNo: fx.ug.admissionNo,
      clerkEmail: 'ug@test.local',
    });
    expect(page.clerks.map((c) => c.email)).toEqual(['admin@test.local', 'ug@test.local']);
  });

  it('narrows by mode, clerk, student and status', async () => {
    expect((await list({ paymentMode: 'upi' })).rows.map((r) => r.number)).toEqual([numbers.upi]);
    const admin = (await list({})).clerks.find((c) => c.email === 'admin@test.local')!;
    expect((await list({ clerkId: admin.id })).rows.map((r) => r.number)).toEqual([numbers.byAdmin]);
    expect((await list({ status: 'voided' })).rows.map((r) => r.number)).toEqual([numbers.cash2]);
    expect((await list({ status: 'live' })).count).toBe(3);
    expect((await list({ student: fx.ug.admissionNo.toLowerCase() })).count).toBe(4);
    expect((await list({ student: 'nobody of that name' })).rows).toEqual([]);
    expect((await list({ from: '2025-09-02', to: '2025-09-02' })).count).toBe(2);
  });

  it('pages on the server', async () => {
    const first = await list({ pageSize: 3 });
    const second = await list({ pageSize: 3, page: 2 });
    expect(first).toMatchObject({ count: 4, pages: 2 });
    expect(first.rows).toHaveLength(3);
    expect(second.rows.map((r) => r.number)).toEqual([numbers.cash1]);
    expect((await list({ pageSize: 3, page: 5 })).rows).toEqual([]);
  });

  it('refuses bad filters with a 400 naming the field, and another department with a 403', async () => {
    const refused = async (input: Record<string, unknown>, field: string) => {
      const answer = await fieldRefusal(list(input));
      expect(answer.code).toBe('BAD_REQUEST');
      expect(Object.keys(answer.fields)).toEqual([field]);
    };
    await refused({ from: '2025-09-30', to: '2025-09-01' }, 'to');
    await refused({ paymentMode: 'barter' }, 'paymentMode');
    await refused({ status: 'deleted' }, 'status');
    await refused({ page: 0 }, 'page');
    await refused({ clerkId: '3' }, 'clerkId');
    const other = h.caller('pgStaff').receipts.list({ depId: 100, from: '2025-09-01', to: '2025-09-30' });
    expect(await refusal(other)).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('receipts.printDuplicate', () => {
  const reprints = (number: number) =>
    h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reprint'), eq(auditLog.entityId, String(number))));

  it("gives today's date for the paper and writes who printed it to the audit log", async () => {
    const printed = await h.caller('ugStaff').receipts.printDuplicate({ number: numbers.upi });
    expect(printed.number).toBe(numbers.upi);
    expect(printed.printedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const rows = await reprints(numbers.upi);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userEmail: 'ug@test.local', departmentId: 100, admissionNo: fx.ug.admissionNo });
    expect(JSON.parse(rows[0]!.after!)).toMatchObject({ printedOn: printed.printedOn });
  });

  it('refuses an unknown number (404) and another department (403), writing nothing', async () => {
    expect(await refusal(h.caller('ugStaff').receipts.printDuplicate({ number: 987654 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Receipt #000987654 does not exist',
    });
    expect(await refusal(h.caller('pgStaff').receipts.printDuplicate({ number: numbers.cash1 }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await reprints(numbers.cash1)).toEqual([]);
    expect(await reprints(987654)).toEqual([]);
  });
});

describe('a receipt paid in two modes', () => {
  it('is found under each of its modes', async () => {
    const { paymentMode: _one, paymentReference: _ref, ...single } = examReceipt('2025-10-05', 150_00);
    const split = await h.caller('ugStaff').receipts.create({
      ...single,
      payments: [
        { paymentMode: 'cash', amount: '100.00' },
        { paymentMode: 'upi', amount: '50.00', paymentReference: 'UTR 90' },
      ],
    });
    const october = { from: '2025-10-01', to: '2025-10-31' };
    expect((await list({ ...october, paymentMode: 'cash' })).rows.map((r) => r.number)).toEqual([split.number]);
    expect((await list({ ...october, paymentMode: 'upi' })).rows.map((r) => r.number)).toEqual([split.number]);
    expect((await list({ ...october, paymentMode: 'cheque' })).rows).toEqual([]);
  });
});
