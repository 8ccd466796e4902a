import { findAdvanceHeadId, receipts, refunds, users } from '@fees/db';
import { paiseToRupeesText, type TReceiptPaymentMode } from '@fees/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../auth/login-limiter';
import { createContextInner } from '../../context';
import { createAccount } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { createCaller } from '../_app';
import { useFixture, useHarness } from '../../test/use-harness';
import { applied } from '../../test/approvals';

const DAY = '2025-08-05';
const r = paiseToRupeesText;

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);
let secondClerk: ReturnType<typeof createCaller>;
let voidedNumber: number;

type CreateInput = Parameters<ReturnType<typeof createCaller>['receipts']['create']>[0];

function receiptInput(
  fxStudent: { depId: 100 | 101; studentId: number },
  paise: number,
  headId: number,
  paymentMode: TReceiptPaymentMode,
  date = DAY,
): CreateInput {
  return {
    depId: fxStudent.depId,
    studentId: fxStudent.studentId,
    date,
    items: [{ feeHeadId: headId, particulars: 'Day book', amount: r(paise) }],
    paymentMode,
    paymentReference: paymentMode === 'cash' ? null : `REF-${paise}`,
    ...(paymentMode === 'cheque' ? { bank: 'Canara Bank', instrumentNo: `${paise}`, instrumentDate: date } : {}),
    total: r(paise),
    tax: r(0),
    net: r(paise),
    confirm: true,
  };
}

beforeAll(async () => {
  const session = await createAccount(h.db, { email: 'clerk2@test.local', role: 'accountant', departmentId: 100 });
  secondClerk = createCaller(
    createContextInner({ db: h.db, session, ip: '127.0.0.1', loginLimiter: new LoginLimiter() }),
  );
  const ug = fx.ug;
  const pg = fx.pg;
  const first = h.caller('ugStaff').receipts;
  await first.create(receiptInput(ug, 1_000_00, fx.heads.tuition, 'cash'));
  await first.create(receiptInput(ug, 250_50, fx.heads.exam, 'upi'));
  await first.create(receiptInput(ug, 2_000_00, fx.heads.tuition, 'cheque'));
  const toVoid = await first.create(receiptInput(ug, 777_00, fx.heads.tuition, 'cash'));
  await secondClerk.receipts.create(receiptInput(ug, 500_25, fx.heads.tuition, 'cash'));
  await secondClerk.receipts.create(receiptInput(ug, 3_000_00, fx.heads.tuition, 'bank_transfer'));
  await secondClerk.receipts.create(receiptInput(ug, 120_00, fx.heads.exam, 'card'));
  // Not that day, or not that department: left out of UG's day book.
  await first.create(receiptInput(ug, 999_00, fx.heads.tuition, 'cash', '2025-08-06'));
  await h.caller('pgStaff').receipts.create(receiptInput(pg, 4_000_00, fx.heads.tuition, 'cash'));
  await h.caller('admin').receipts.void({ number: toVoid.number, reason: 'Wrong entry', version: 1 });
  voidedNumber = toVoid.number;
  // An advance paid in cash, 300.00 of it settled onto the Exam Fee, 700.00 refunded (and a refund voided).
  await first.create(receiptInput(ug, 2_000_00, (await findAdvanceHeadId(h.db))!, 'cash'));
  await secondClerk.receipts.create({ ...receiptInput(ug, 300_00, fx.heads.exam, 'advance'), paymentReference: null });
  const refund = (amount: string, paymentMode: 'cash' | 'upi') => ({
    depId: 100 as const,
    studentId: ug.studentId,
    date: DAY,
    amount,
    paymentMode,
    paymentReference: paymentMode === 'cash' ? null : 'UPI-REFUND',
    reason: 'Fee paid twice',
    confirm: true,
  });
  await h.caller('ugStaff').refunds.create(refund('500.00', 'cash'));
  await secondClerk.refunds.create(refund('200.00', 'upi'));
  const withdrawn = applied(await h.caller('ugStaff').refunds.create(refund('300.00', 'cash')));
  await h.caller('ugStaff').refunds.void({ number: withdrawn.number, reason: 'Parent came back' });
});

/** The day book as summed from the raw receipts and users tables. */
async function expected(depId: number | undefined) {
  const all = (await h.db.select().from(receipts)).filter(
    (x) => x.date === DAY && (depId === undefined || x.departmentId === depId),
  );
  const accounts = await h.db.select().from(users);
  const emails = new Map(accounts.map((u) => [u.id, u.email]));
  const names = new Map(accounts.map((u) => [u.id, u.name]));
  const live = all.filter((x) => x.status === 'live');
  const sumOf = (rows: typeof live, mode?: string) =>
    rows.filter((x) => mode === undefined || x.paymentMode === mode).reduce((s, x) => s + x.netPaise, 0);
  const clerks = [...new Set(live.map((x) => x.createdBy))];
  const paidOut = (await h.db.select().from(refunds)).filter(
    (x) => x.date === DAY && x.status === 'live' && (depId === undefined || x.departmentId === depId),
  );
  return {
    byUser: clerks
      .map((id) => {
        const mine = live.filter((x) => x.createdBy === id);
        return {
          userId: id,
          email: emails.get(id!) ?? null,
          name: names.get(id!) ?? null,
          receipts: mine.length,
          totalPaise: sumOf(mine),
          byModePaise: {
            cash: sumOf(mine, 'cash'),
            upi: sumOf(mine, 'upi'),
            cheque: sumOf(mine, 'cheque'),
            bank: sumOf(mine, 'bank_transfer'),
            card: sumOf(mine, 'card'),
            online: sumOf(mine, 'online'),
            advance: sumOf(mine, 'advance'),
          },
        };
      })
      .sort((a, b) => (a.email ?? '').localeCompare(b.email ?? '')),
    voided: all
      .filter((x) => x.status === 'voided')
      .map((x) => ({ number: x.number, netPaise: x.netPaise, voidedByEmail: emails.get(x.voidedBy!) })),
    refunds: paidOut.map((x) => [x.number, x.amountPaise, x.paymentMode]),
    cashToHandOverPaise:
      sumOf(live, 'cash') - paidOut.filter((x) => x.paymentMode === 'cash').reduce((sum, x) => sum + x.amountPaise, 0),
  };
}

describe('reports.dayBook', () => {
  it("groups a department's live receipts of the day by clerk and mode, equal to the raw sums", async () => {
    const book = await h.caller('ugStaff').reports.dayBook({ depId: 100, date: DAY });
    const want = await expected(100);
    expect(book.date).toBe(DAY);
    expect(book.byUser).toEqual(want.byUser);
    expect(book.byUser.map((u) => [u.email, u.receipts, u.totalPaise])).toEqual([
      ['clerk2@test.local', 4, 3_920_25],
      ['ug@test.local', 4, 5_250_50],
    ]);
    expect(book.byUser[0]?.byModePaise.advance).toBe(300_00);
    for (const user of book.byUser)
      expect(Object.values(user.byModePaise).reduce((s, v) => s + v, 0)).toBe(user.totalPaise);
    expect(book.voided).toEqual([
      expect.objectContaining({
        number: voidedNumber,
        netPaise: 777_00,
        voidedByEmail: 'admin@test.local',
        departmentId: 100,
      }),
    ]);
    expect(book.voided.map(({ number, netPaise, voidedByEmail }) => ({ number, netPaise, voidedByEmail }))).toEqual(
      want.voided,
    );
    expect(book.refunds.map((x) => [x.number, x.amountPaise, x.paymentMode])).toEqual(want.refunds);
    expect(book.refunds.map((x) => [x.number, x.admissionNo, x.amountPaise, x.paymentMode, x.createdByEmail])).toEqual([
      [1, 'UG-001', 500_00, 'cash', 'ug@test.local'],
      [2, 'UG-001', 200_00, 'upi', 'clerk2@test.local'],
    ]);
    expect(book.cashRefundedPaise).toBe(500_00);
    expect(book.cashToHandOverPaise).toBe(want.cashToHandOverPaise);
    expect(book.cashToHandOverPaise).toBe(3_500_25 - 500_00);
  });

  it('gives an admin every department at once', async () => {
    const book = await h.caller('admin').reports.dayBook({ date: DAY });
    const want = await expected(undefined);
    expect(book.byUser).toEqual(want.byUser);
    expect(book.byUser.map((u) => u.email)).toContain('pg@test.local');
    expect(book.cashToHandOverPaise).toBe(want.cashToHandOverPaise);
    expect(book.cashToHandOverPaise).toBe(7_500_25 - 500_00);
  });

  it("refuses another department's staff, and every department to staff", async () => {
    expect(await refusal(h.caller('pgStaff').reports.dayBook({ depId: 100, date: DAY }))).toEqual({
      code: 'FORBIDDEN',
      message: 'This belongs to another department',
    });
    expect(await refusal(h.caller('ugStaff').reports.dayBook({ date: DAY }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Administrators only',
    });
    expect((await refusal(h.caller('ugStaff').reports.dayBook({ depId: 100, date: '2025-02-30' }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('shows an empty day as empty', async () => {
    const book = await h.caller('admin').reports.dayBook({ depId: 102, date: DAY });
    expect(book).toMatchObject({ byUser: [], voided: [], refunds: [], cashToHandOverPaise: 0 });
  });
});
