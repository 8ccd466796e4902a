/**
 * Maker and checker for a fine waiver, reopening a closed day and a receipt dated before the back-dating
 * limit: each asked by an accountant, approved by another (the same write, once), rejected with a reason,
 * refused to its maker, and refused with a 409 naming the change when its record moved on.
 */
import { auditLog, dayClosings, fineWaivers, receipts, settings } from '@fees/db';
import { NO_APPROVALS, type TApprovalSettings, type TSavePlanInput } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../auth/login-limiter';
import { today } from '../../config';
import { createContextInner } from '../../context';
import { applied, sentForApproval } from '../../test/approvals';
import { createAccount } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';
import { createCaller } from '../_app';

const h = useHarness();
const fx = useFixture(h);
const admin = () => h.caller('admin');
let ugChecker: ReturnType<typeof createCaller>;
let pgChecker: ReturnType<typeof createCaller>;

async function accountant(email: string, departmentId: number) {
  const session = await createAccount(h.db, { email, role: 'accountant', departmentId });
  return createCaller(createContextInner({ db: h.db, session, ip: '127.0.0.1', loginLimiter: new LoginLimiter() }));
}

beforeEach(async () => {
  ugChecker = await accountant('ug2@test.local', 100);
  pgChecker = await accountant('pg2@test.local', 101);
});

const turnOn = (changes: Partial<TApprovalSettings>) =>
  admin().approvals.settings.update({ ...NO_APPROVALS, ...changes });

async function auditOf(action: string) {
  return (await h.db.select().from(auditLog).where(eq(auditLog.action, action))).map((x) => x.userEmail);
}

describe('a fine waiver', () => {
  /** PG's batch charges a fine of 10.00 a day after five days' grace: by now a fine has accrued. */
  const plan = (): TSavePlanInput => ({
    depId: 101,
    batchId: fx.pg.batchId,
    fineRule: { type: 'per_day', perDayPaise: 10_00, capPaise: 500_00, graceDays: 5 },
    instalments: ['2026-06-10', '2026-09-10', '2026-12-10'].map((dueDate, i) => ({
      name: `Term ${i + 1}`,
      dueDate,
      fineRule: null,
      amounts: [{ feeHeadId: fx.heads.tuition, amountPaise: 10_000_00 }],
    })),
  });
  const waive = (amountPaise: number) => ({
    depId: 101 as const,
    studentId: fx.pg.studentId,
    amountPaise,
    reason: 'Bank holiday',
  });
  const fineNow = async () =>
    (await h.caller('pgStaff').plans.studentDues({ depId: 101, studentId: fx.pg.studentId })).fine;

  beforeEach(async () => {
    await admin().plans.save(plan());
    await turnOn({ waiver: true });
  });

  it('by an accountant waits; another accountant of the department approves it, once', async () => {
    const before = await fineNow();
    expect(before.outstanding).toBeGreaterThanOrEqual(500_00);
    const sent = sentForApproval(await h.caller('pgStaff').plans.waiveFine(waive(200_00)));
    expect(await fineNow()).toEqual(before);
    const [pending] = await pgChecker.approvals.list({ depId: 101, status: 'pending' });
    expect(pending).toMatchObject({
      operation: 'waiver',
      reason: 'Bank holiday',
      requestedByEmail: 'pg@test.local',
      mayDecide: true,
      summary: { what: expect.stringMatching(/^Waive 200\.00 of the fine of /), amountPaise: 200_00 },
    });
    expect(await refusal(h.caller('pgStaff').approvals.approve({ id: sent.requestId }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await refusal(ugChecker.approvals.approve({ id: sent.requestId }))).code).toBe('FORBIDDEN');
    expect(await pgChecker.approvals.approve({ id: sent.requestId })).toEqual({
      id: sent.requestId,
      status: 'approved',
      message: 'Fine of 200.00 waived',
    });
    expect((await fineNow()).waived).toBe(200_00);
    const rows = await h.db.select().from(fineWaivers);
    expect(rows).toEqual([expect.objectContaining({ amountPaise: 200_00, createdByEmail: 'pg2@test.local' })]);
    expect(await auditOf('approve')).toEqual(['pg2@test.local']);
  });

  it("rejected, the fine stays; an admin's waiver is never held; approved after the fine shrank is a 409", async () => {
    const first = sentForApproval(await h.caller('pgStaff').plans.waiveFine(waive(200_00)));
    expect((await refusal(pgChecker.approvals.reject({ id: first.requestId, reason: '' }))).code).toBe('BAD_REQUEST');
    await pgChecker.approvals.reject({ id: first.requestId, reason: 'The parent can pay it' });
    expect((await fineNow()).waived).toBe(0);

    const second = sentForApproval(await h.caller('pgStaff').plans.waiveFine(waive(400_00)));
    expect((await refusal(pgChecker.plans.waiveFine(waive(100_00)))).message).toMatch(/already waiting for approval/);
    const { outstanding } = await fineNow();
    applied(await admin().plans.waiveFine(waive(outstanding - 200_00)));
    expect(await refusal(pgChecker.approvals.approve({ id: second.requestId }))).toEqual({
      code: 'CONFLICT',
      message: expect.stringMatching(
        /^The fine outstanding of .+ is now 200\.00, less than this waiver of 400\.00: a payment or another waiver/,
      ),
    });
    expect((await fineNow()).outstanding).toBe(200_00);
    expect((await pgChecker.approvals.list({ depId: 101, status: 'pending' })).map((x) => x.id)).toEqual([
      second.requestId,
    ]);
  });
});

describe('reopening a closed day', () => {
  const DAY = '2025-08-01';
  const reopen = { depId: 100 as const, date: DAY, reason: 'Closed before the evening counter' };
  const closed = async () => (await h.db.select().from(dayClosings)).map((x) => x.date);

  beforeEach(async () => {
    await admin().days.close({ depId: 100, date: DAY });
    await turnOn({ reopenDay: true });
  });

  it('by an accountant waits; approved by another, the day opens', async () => {
    const sent = sentForApproval(await h.caller('ugStaff').days.reopen(reopen));
    expect(await closed()).toEqual([DAY]);
    expect((await ugChecker.approvals.list({ depId: 100, status: 'pending' }))[0]).toMatchObject({
      operation: 'reopenDay',
      summary: { what: 'Reopen 01-08-2025', date: DAY },
      reason: reopen.reason,
    });
    expect((await refusal(h.caller('ugStaff').approvals.approve({ id: sent.requestId }))).code).toBe('FORBIDDEN');
    expect((await refusal(h.caller('cashier').days.reopen(reopen))).code).toBe('FORBIDDEN');
    expect(await ugChecker.approvals.approve({ id: sent.requestId })).toMatchObject({
      message: '01-08-2025 is open again',
    });
    expect(await closed()).toEqual([]);
    expect(await auditOf('reopen_day')).toEqual(['ug2@test.local']);
  });

  it('rejected, the day stays closed; approved after it was reopened and closed again is a 409', async () => {
    const first = sentForApproval(await h.caller('ugStaff').days.reopen(reopen));
    await ugChecker.approvals.reject({ id: first.requestId, reason: 'Enter them tomorrow' });
    expect(await closed()).toEqual([DAY]);

    const second = sentForApproval(await h.caller('ugStaff').days.reopen(reopen));
    applied(await admin().days.reopen(reopen));
    const gone = await refusal(ugChecker.approvals.approve({ id: second.requestId }));
    expect(gone).toEqual({
      code: 'CONFLICT',
      message: '01-08-2025 was reopened after this request was made: reject it',
    });
    await admin().days.close({ depId: 100, date: DAY });
    const again = await refusal(ugChecker.approvals.approve({ id: second.requestId }));
    expect(again.message).toMatch(
      /^01-08-2025 was reopened and closed again at \d\d:\d\d by admin@test\.local, after this request was made$/,
    );
    expect(await closed()).toEqual([DAY]);
  });
});

describe('a receipt dated before the back-dating limit', () => {
  const OLD = '2025-08-01';
  const receipt = (paise: number, date = OLD) =>
    receiptInput(fx, {
      date,
      lines: [[fx.heads.tuition, paise]],
      backdatedReason: 'Paid in August, the form was mislaid',
    });
  const count = async () => (await h.db.select().from(receipts)).length;

  beforeEach(async () => {
    await h.db.update(settings).set({ backdateLimitDays: 62 }).where(eq(settings.id, 1));
  });

  it('is refused to an accountant while back-dated receipts are not held', async () => {
    expect((await refusal(h.caller('ugStaff').receipts.createBackdated(receipt(1_000_00)))).code).toBe('BAD_REQUEST');
    const entry = await h.caller('ugStaff').receipts.entryContext({ depId: 100, studentId: fx.ug.studentId });
    expect(entry.earlierWaits).toBe(false);
  });

  it('when held, waits unnumbered; approved by another accountant, it is numbered then', async () => {
    await turnOn({ backdated: true });
    const entry = await h.caller('ugStaff').receipts.entryContext({ depId: 100, studentId: fx.ug.studentId });
    expect(entry.earlierWaits).toBe(true);
    const written = await count();
    const key = { idempotencyKey: 'backdated-0001' };
    const sent = sentForApproval(await h.caller('ugStaff').receipts.createBackdated({ ...receipt(1_000_00), ...key }));
    expect(await h.caller('ugStaff').receipts.createBackdated({ ...receipt(1_000_00), ...key })).toEqual(sent);
    expect(await count()).toBe(written);
    // A date within the limit is made at once; one in the future is refused.
    expect(applied(await h.caller('ugStaff').receipts.createBackdated(receipt(100_00, today()))).date).toBe(today());
    expect((await refusal(h.caller('ugStaff').receipts.createBackdated(receipt(100_00, '2999-01-01')))).code).toBe(
      'BAD_REQUEST',
    );
    const [pending] = await ugChecker.approvals.list({ depId: 100, status: 'pending' });
    expect(pending).toMatchObject({
      id: sent.requestId,
      operation: 'backdated',
      summary: { what: expect.stringMatching(/^Receipt of 1000\.00 dated 01-08-2025 for /), amountPaise: 1_000_00 },
      reason: 'Paid in August, the form was mislaid',
    });
    expect((await refusal(h.caller('ugStaff').approvals.approve({ id: sent.requestId }))).code).toBe('FORBIDDEN');
    const approved = await ugChecker.approvals.approve({ id: sent.requestId });
    const made = (await h.db.select().from(receipts)).at(-1)!;
    expect(approved.message).toBe(`Receipt #000${made.number} made`);
    expect(made).toMatchObject({ date: OLD, netPaise: 1_000_00, status: 'live' });
  });

  it("waits only with the clerk's own reason, a few words long", async () => {
    await turnOn({ backdated: true });
    const message =
      'Reason for the earlier date: say in a few words (at least 3) why this receipt is dated 01-08-2025; ' +
      'the approver reads it';
    const { backdatedReason: _left, ...without } = receipt(1_000_00);
    expect(await refusal(h.caller('ugStaff').receipts.createBackdated(without))).toEqual({
      code: 'BAD_REQUEST',
      message,
    });
    const short = { ...receipt(1_000_00), backdatedReason: 'Late' };
    expect((await refusal(h.caller('ugStaff').receipts.createBackdated(short))).message).toBe(message);
    const long = { ...receipt(1_000_00), backdatedReason: 'x'.repeat(201) };
    expect((await refusal(h.caller('ugStaff').receipts.createBackdated(long))).code).toBe('BAD_REQUEST');
    // Within the limit no reason is asked.
    const { backdatedReason: _none, ...current } = receipt(100_00, today());
    expect(applied(await h.caller('ugStaff').receipts.createBackdated(current)).date).toBe(today());
  });

  it('rejected, nothing is numbered; approved after the balance was paid is a 409 naming the head', async () => {
    await turnOn({ backdated: true });
    const first = sentForApproval(await h.caller('ugStaff').receipts.createBackdated(receipt(1_000_00)));
    const written = await count();
    await ugChecker.approvals.reject({ id: first.requestId, reason: 'Wrong date' });
    expect(await count()).toBe(written);

    // The balance on Tuition Fee is 12,500.00: the request would pay it all, then an admin takes 5,000.00.
    const second = sentForApproval(await h.caller('ugStaff').receipts.createBackdated(receipt(12_500_00)));
    await admin().receipts.create(receipt(5_000_00, today()));
    const stale = await refusal(ugChecker.approvals.approve({ id: second.requestId }));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toMatch(/Tuition Fee/);
    expect(await count()).toBe(written + 1);
  });
});

describe('every department pending at once', () => {
  it("answers each served department's count and newest requests in one read", async () => {
    await admin().days.close({ depId: 100, date: '2025-08-01' });
    await admin().days.close({ depId: 101, date: '2025-08-01' });
    await turnOn({ reopenDay: true });
    const reason = 'Late entries';
    const ug = sentForApproval(await h.caller('ugStaff').days.reopen({ depId: 100, date: '2025-08-01', reason }));
    const pg = sentForApproval(await h.caller('pgStaff').days.reopen({ depId: 101, date: '2025-08-01', reason }));
    const all = await admin().approvals.pending();
    expect(all.map((d) => [d.departmentId, d.count, d.requests.map((x) => [x.id, x.mayDecide])])).toEqual([
      [100, 1, [[ug.requestId, true]]],
      [101, 1, [[pg.requestId, true]]],
    ]);
    expect((await h.caller('ugStaff').approvals.pending()).map((d) => d.departmentId)).toEqual([100]);
    expect(await h.caller('viewer').approvals.pending()).toMatchObject([{ departmentId: 100, count: 1 }]);
  });
});
