/**
 * Maker and checker through createCaller: each operation that can wait for a second person is asked,
 * approved, rejected, refused to its maker and refused when its record moved on, on a fresh database.
 */
import { auditLog, receipts, row } from '@fees/db';
import { ADVANCE_HEAD, NO_APPROVALS, paiseToRupeesText, type TApprovalSettings } from '@fees/validation';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../auth/login-limiter';
import { createContextInner } from '../../context';
import { applied, sentForApproval } from '../../test/approvals';
import { createAccount } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';
import { createCaller } from '../_app';

const r = paiseToRupeesText;
const h = useHarness();
const fx = useFixture(h);
/** A second accountant of UG: the checker of the first one's requests. */
let checker: ReturnType<typeof createCaller>;

beforeEach(async () => {
  const session = await createAccount(h.db, { email: 'ug2@test.local', role: 'accountant', departmentId: 100 });
  checker = createCaller(createContextInner({ db: h.db, session, ip: '127.0.0.1', loginLimiter: new LoginLimiter() }));
});

const maker = () => h.caller('ugStaff');
const admin = () => h.caller('admin');

async function turnOn(changes: Partial<TApprovalSettings>) {
  await admin().approvals.settings.update({ ...NO_APPROVALS, ...changes });
}

async function receiptRow(number: number) {
  return (await h.db.select().from(receipts).where(eq(receipts.number, number)))[0]!;
}

async function auditOf(action: string) {
  const rows = await h.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.map((x) => ({ user: x.userEmail, entity: x.entity, after: JSON.parse(String(x.after)) }));
}

const voidInput = () => ({ number: fx.ug.receiptNumber, version: 1, reason: 'Entered for the wrong student' });

describe('settings', () => {
  it('are all off until an admin turns them on, and the change is audited', async () => {
    expect(await admin().approvals.settings.get()).toEqual(NO_APPROVALS);
    expect(applied(await maker().receipts.void(voidInput())).status).toBe('voided');
    await turnOn({ void: true, discountAbovePaise: 5_000_00 });
    expect(await admin().approvals.settings.get()).toEqual({
      ...NO_APPROVALS,
      void: true,
      discountAbovePaise: 5_000_00,
    });
    const [change] = await auditOf('update');
    expect(change).toMatchObject({ user: 'admin@test.local', entity: 'approval_settings' });
    expect((await refusal(maker().approvals.settings.update(NO_APPROVALS))).code).toBe('FORBIDDEN');
    const bad = await refusal(admin().approvals.settings.update({ ...NO_APPROVALS, discountAbovePaise: -1 }));
    expect(bad).toEqual({ code: 'BAD_REQUEST', message: 'Must not be negative' });
  });
});

describe('void of a receipt', () => {
  beforeEach(() => turnOn({ void: true }));

  it('by staff becomes a request; the receipt is unchanged until another accountant approves', async () => {
    const sent = sentForApproval(await maker().receipts.void(voidInput()));
    expect(sent.message).toBe('Sent for approval');
    expect(await receiptRow(fx.ug.receiptNumber)).toMatchObject({ status: 'live', version: 1 });
    const [pending] = await checker.approvals.list({ depId: 100, status: 'pending' });
    expect(pending).toMatchObject({
      id: sent.requestId,
      operation: 'void',
      status: 'pending',
      reason: 'Entered for the wrong student',
      requestedByEmail: 'ug@test.local',
      mayDecide: true,
      summary: {
        what: `Void receipt #000${fx.ug.receiptNumber}`,
        receiptNumber: fx.ug.receiptNumber,
        amountPaise: 10_000_00,
        studentName: expect.any(String),
        admissionNo: fx.ug.admissionNo,
      },
    });
    // The maker sees it too, without the buttons; another department does not.
    expect((await maker().approvals.list({ depId: 100 }))[0]!.mayDecide).toBe(false);
    expect((await refusal(h.caller('pgStaff').approvals.list({ depId: 100 }))).code).toBe('FORBIDDEN');

    const approved = await checker.approvals.approve({ id: sent.requestId });
    expect(approved).toEqual({
      id: sent.requestId,
      status: 'approved',
      message: `Receipt #000${fx.ug.receiptNumber} voided`,
    });
    expect(await receiptRow(fx.ug.receiptNumber)).toMatchObject({ status: 'voided', version: 2 });
    const [decided] = await maker().approvals.list({ depId: 100, status: 'decided' });
    expect(decided).toMatchObject({ status: 'approved', decidedByEmail: 'ug2@test.local' });
    const [audit] = await auditOf('approve');
    expect(audit).toMatchObject({
      user: 'ug2@test.local',
      entity: 'approval_request',
      after: {
        operation: 'void',
        receiptNumber: fx.ug.receiptNumber,
        requestedBy: { email: 'ug@test.local' },
        decidedBy: { email: 'ug2@test.local' },
      },
    });
    expect(await auditOf('void')).toEqual([expect.objectContaining({ user: 'ug2@test.local', entity: 'receipt' })]);
    // Decided once.
    expect(await refusal(admin().approvals.approve({ id: sent.requestId }))).toEqual({
      code: 'CONFLICT',
      message: `Request ${sent.requestId} was already approved by ug2@test.local`,
    });
  });

  it('is refused to its maker (403) and to another department, and a second request for it waits', async () => {
    const sent = sentForApproval(await maker().receipts.void(voidInput()));
    expect(await refusal(maker().approvals.approve({ id: sent.requestId }))).toEqual({
      code: 'FORBIDDEN',
      message: 'You made this request: another accountant or an administrator must decide it',
    });
    expect((await refusal(maker().approvals.reject({ id: sent.requestId, reason: 'No' }))).code).toBe('FORBIDDEN');
    expect((await refusal(h.caller('pgStaff').approvals.approve({ id: sent.requestId }))).code).toBe('FORBIDDEN');
    expect((await refusal(checker.receipts.void(voidInput()))).message).toBe(
      `Void receipt #000${fx.ug.receiptNumber}: already waiting for approval (request ${sent.requestId})`,
    );
    expect((await refusal(checker.approvals.approve({ id: 999 }))).code).toBe('NOT_FOUND');
    expect(await receiptRow(fx.ug.receiptNumber)).toMatchObject({ status: 'live' });
  });

  it('rejected with a reason leaves the receipt as it was', async () => {
    const sent = sentForApproval(await maker().receipts.void(voidInput()));
    expect((await refusal(checker.approvals.reject({ id: sent.requestId, reason: ' ' }))).code).toBe('BAD_REQUEST');
    expect(await checker.approvals.reject({ id: sent.requestId, reason: 'The parent paid this one' })).toEqual({
      id: sent.requestId,
      status: 'rejected',
      message: 'Request rejected',
    });
    expect(await receiptRow(fx.ug.receiptNumber)).toMatchObject({ status: 'live', version: 1 });
    const [decided] = await maker().approvals.list({ depId: 100, status: 'rejected' });
    expect(decided).toMatchObject({ decisionReason: 'The parent paid this one', decidedByEmail: 'ug2@test.local' });
    expect((await auditOf('reject'))[0]).toMatchObject({
      user: 'ug2@test.local',
      after: { requestedBy: { email: 'ug@test.local' }, decisionReason: 'The parent paid this one' },
    });
    expect((await refusal(admin().approvals.approve({ id: sent.requestId }))).code).toBe('CONFLICT');
  });

  it('approved after the receipt changed is a 409 naming the change, and the request still waits', async () => {
    const sent = sentForApproval(await maker().receipts.void(voidInput()));
    // An admin's own void is never held.
    expect(applied(await admin().receipts.void(voidInput())).status).toBe('voided');
    const stale = await refusal(checker.approvals.approve({ id: sent.requestId }));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toMatch(
      new RegExp(
        `^Receipt #000${fx.ug.receiptNumber} was voided at \\d\\d:\\d\\d by admin@test.local, ` +
          'after this request was made: reject it and ask again$',
      ),
    );
    expect((await checker.approvals.list({ depId: 100, status: 'pending' })).map((x) => x.id)).toEqual([
      sent.requestId,
    ]);
    await checker.approvals.reject({ id: sent.requestId, reason: 'Already voided' });
  });

  it('approved by two people at once is made once', async () => {
    const sent = sentForApproval(await maker().receipts.void(voidInput()));
    const answers = await Promise.allSettled([
      checker.approvals.approve({ id: sent.requestId }),
      admin().approvals.approve({ id: sent.requestId }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await auditOf('void')).toHaveLength(1);
    expect(await auditOf('approve')).toHaveLength(1);
    expect(await receiptRow(fx.ug.receiptNumber)).toMatchObject({ status: 'voided', version: 2 });
  });
});

describe('refund from the advance', () => {
  let advanceHead: number;

  beforeEach(async () => {
    advanceHead = (await row<{ id: number }>(h.db, sql`SELECT id FROM fee_heads WHERE name = ${ADVANCE_HEAD}`))!.id;
    await maker().receipts.create({
      depId: 100,
      studentId: fx.ug.studentId,
      date: '2025-08-01',
      items: [{ feeHeadId: advanceHead, amount: r(2_000_00) }],
      paymentMode: 'cash',
      total: r(2_000_00),
      tax: '0.00',
      net: r(2_000_00),
      confirm: true,
    });
    await turnOn({ refund: true });
  });

  const refund = (amountPaise: number) =>
    ({
      depId: 100,
      studentId: fx.ug.studentId,
      date: '2025-08-02',
      amount: r(amountPaise),
      paymentMode: 'cash',
      reason: 'Leaving the college',
      confirm: true,
    }) as const;
  const advanceNow = async () =>
    (await maker().receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId })).advancePaise;

  it('by staff waits; approved by another accountant, the voucher is made then', async () => {
    const sent = sentForApproval(
      await maker().refunds.create({ ...refund(1_500_00), idempotencyKey: 'refund-k-0001' }),
    );
    // The same key again answers the same request.
    expect(await maker().refunds.create({ ...refund(1_500_00), idempotencyKey: 'refund-k-0001' })).toEqual(sent);
    expect(await advanceNow()).toBe(2_000_00);
    const [pending] = await checker.approvals.list({ depId: 100, status: 'pending' });
    expect(pending!.summary).toMatchObject({
      what: expect.stringMatching(/^Refund 1500.00 to /),
      amountPaise: 1_500_00,
    });
    expect(await refusal(maker().approvals.approve({ id: sent.requestId }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await checker.approvals.approve({ id: sent.requestId })).toMatchObject({
      status: 'approved',
      message: 'Refund R1 made',
    });
    expect(await advanceNow()).toBe(500_00);
    expect((await maker().refunds.byNumber({ number: 1 })).amountPaise).toBe(1_500_00);
  });

  it('rejected leaves the advance; approved after the advance was spent is a 409', async () => {
    const first = sentForApproval(await maker().refunds.create(refund(1_500_00)));
    await checker.approvals.reject({ id: first.requestId, reason: 'Parent wants it kept' });
    expect(await advanceNow()).toBe(2_000_00);

    const second = sentForApproval(await maker().refunds.create(refund(1_500_00)));
    applied(await admin().refunds.create(refund(1_000_00)));
    expect(await refusal(checker.approvals.approve({ id: second.requestId }))).toEqual({
      code: 'CONFLICT',
      message: `The refund of ${r(1_500_00)} is more than the advance of ${r(1_000_00)}`,
    });
    expect(await advanceNow()).toBe(1_000_00);
    expect((await checker.approvals.list({ depId: 100, status: 'pending' })).map((x) => x.id)).toEqual([
      second.requestId,
    ]);
  });
});
