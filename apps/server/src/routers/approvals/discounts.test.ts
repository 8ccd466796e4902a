/**
 * Discounts are the accountants' of their departments; with a threshold set, a larger one by anyone but an
 * admin waits for a second person: asked, approved (the same write, once), rejected with a reason, refused
 * to its maker, and refused with a 409 naming the change when the discount moved on. Below the threshold,
 * or lowering one, nothing waits.
 */
import { discounts, messages } from '@fees/db';
import { NO_APPROVALS, type TCreateDiscountInput, type TUpdateDiscountInput } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../auth/login-limiter';
import { createContextInner } from '../../context';
import { useChannels } from '../../domain/messages/channels';
import { emailChannel } from '../../domain/messages/channels/email';
import { applied, sentForApproval } from '../../test/approvals';
import { createAccount } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';
import { createCaller } from '../_app';

const h = useHarness();
const fx = useFixture(h);
const admin = () => h.caller('admin');
const maker = () => h.caller('ugStaff');
let checker: ReturnType<typeof createCaller>;

beforeEach(async () => {
  const session = await createAccount(h.db, { email: 'ug2@test.local', role: 'accountant', departmentId: 100 });
  checker = createCaller(createContextInner({ db: h.db, session, ip: '127.0.0.1', loginLimiter: new LoginLimiter() }));
});
afterEach(() => useChannels([]));

const NOTE = 'Sibling in the PG department';

/** A discount on the Exam Fee (1,500.00, none yet) of UG's student. */
const onExam = (discount: string, note: string | null = NOTE): TCreateDiscountInput =>
  ({
    depId: 100,
    courseId: fx.ug.courseId,
    batchId: fx.ug.batchId,
    studentId: fx.ug.studentId,
    feeHeadId: fx.heads.exam,
    discount,
    adjustment: '0',
    note,
    confirm: true,
  }) as unknown as TCreateDiscountInput;

/** The Tuition Fee's discount of the fixture (2,000.00 and 500.00 today) set to these amounts. */
const tuitionTo = (discount: string, version?: number): TUpdateDiscountInput =>
  ({
    depId: 100,
    id: fx.ug.discountId,
    courseId: fx.ug.courseId,
    batchId: fx.ug.batchId,
    studentId: fx.ug.studentId,
    feeHeadId: fx.heads.tuition,
    discount,
    adjustment: '500',
    note: 'Merit, second year running',
    confirm: true,
    ...(version === undefined ? {} : { version }),
  }) as unknown as TUpdateDiscountInput;

const balanceOf = async (feeHeadId: number) =>
  (await admin().receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId })).rows.find(
    (x) => x.feeHeadId === feeHeadId,
  )?.balancePaise;
const examDiscounts = () => h.db.select().from(discounts).where(eq(discounts.feeHeadId, fx.heads.exam));

describe('discounts for accountants', () => {
  it("are their own departments' to list, give, change and remove; never a cashier's or a viewer's", async () => {
    expect((await maker().discounts.list({ depId: 100 })).map((d) => d.id)).toEqual([fx.ug.discountId]);
    const saved = applied(await maker().discounts.create(onExam('200')));
    expect(saved).toMatchObject({ Result: 'SAVED' });
    expect((await maker().discounts.byId({ id: saved.id })).discountPaise).toBe(200_00);
    for (const who of ['cashier', 'viewer'] as const) {
      expect((await refusal(h.caller(who).discounts.list({ depId: 100 }))).code).toBe('FORBIDDEN');
      expect((await refusal(h.caller(who).discounts.create(onExam('100')))).code).toBe('FORBIDDEN');
    }
    const pg = h.caller('pgStaff');
    expect((await refusal(pg.discounts.byId({ id: saved.id }))).code).toBe('FORBIDDEN');
    expect((await refusal(pg.discounts.remove({ id: saved.id }))).code).toBe('FORBIDDEN');
    // Another department's discount cannot be edited by naming one's own department.
    expect((await refusal(pg.discounts.update({ ...tuitionTo('100'), depId: 101 }))).code).toBe('FORBIDDEN');
    expect(await maker().discounts.remove({ id: saved.id })).toMatchObject({ Result: 'DELETED' });
  });
});

describe('a discount above the threshold', () => {
  beforeEach(() => admin().approvals.settings.update({ ...NO_APPROVALS, discountAbovePaise: 1_000_00 }));

  it('by an accountant waits; another accountant approves it, and the balance falls only then', async () => {
    const channel = emailChannel({ smtpUrl: 'smtp://127.0.0.1:9', from: 'fees@college.test' });
    useChannels([channel]);
    const sent = sentForApproval(await maker().discounts.create(onExam('1200')));
    expect(await examDiscounts()).toEqual([]);
    expect(await balanceOf(fx.heads.exam)).toBe(1_500_00);
    const [pending] = await checker.approvals.list({ depId: 100, status: 'pending' });
    expect(pending).toMatchObject({
      id: sent.requestId,
      operation: 'discount',
      reason: NOTE,
      requestedByEmail: 'ug@test.local',
      mayDecide: true,
      summary: {
        what: expect.stringMatching(/^Discount of 1200\.00 on Exam Fee for /),
        amountPaise: 1_200_00,
        admissionNo: fx.ug.admissionNo,
      },
    });
    // The approvers get the e-mail every request sends.
    const asked = await h.db.select().from(messages).where(eq(messages.event, 'approval_requested'));
    expect(asked.map((m) => m.recipient).sort()).toEqual(['admin@test.local', 'ug2@test.local']);

    expect(await refusal(maker().approvals.approve({ id: sent.requestId }))).toEqual({
      code: 'FORBIDDEN',
      message: 'You made this request: another accountant or an administrator must decide it',
    });
    expect((await refusal(h.caller('pgStaff').approvals.approve({ id: sent.requestId }))).code).toBe('FORBIDDEN');
    expect(await checker.approvals.approve({ id: sent.requestId })).toEqual({
      id: sent.requestId,
      status: 'approved',
      message: expect.stringMatching(/^Discount saved for .+ on Exam Fee$/),
    });
    expect(await examDiscounts()).toEqual([expect.objectContaining({ discountPaise: 1_200_00, note: NOTE })]);
    expect(await balanceOf(fx.heads.exam)).toBe(300_00);
  });

  it('rejected with a reason changes nothing; the note is required and an admin never waits', async () => {
    expect(await refusal(maker().discounts.create(onExam('1200', 'Sibling')))).toEqual({
      code: 'BAD_REQUEST',
      message:
        'Note: say in a few words (at least 3) why this discount is given; a discount above 1000.00 waits for ' +
        'approval and the approver reads the note',
    });
    const sent = sentForApproval(await maker().discounts.create(onExam('1200')));
    expect((await refusal(checker.approvals.reject({ id: sent.requestId, reason: '' }))).code).toBe('BAD_REQUEST');
    expect(
      await checker.approvals.reject({ id: sent.requestId, reason: 'Only for siblings in this department' }),
    ).toEqual({ id: sent.requestId, status: 'rejected', message: 'Request rejected' });
    expect(await examDiscounts()).toEqual([]);
    expect((await refusal(checker.approvals.approve({ id: sent.requestId }))).code).toBe('CONFLICT');
    expect(applied(await admin().discounts.create(onExam('1200', null)))).toMatchObject({ Result: 'SAVED' });
  });

  it('at or below the threshold, or lowering a larger one, is made at once', async () => {
    applied(await maker().discounts.create(onExam('1000', null)));
    expect(await balanceOf(fx.heads.exam)).toBe(500_00);
    // 2,000.00 and 500.00 on the Tuition Fee, above the threshold already: lowered, it does not wait.
    applied(await maker().discounts.update(tuitionTo('1500', 1)));
    expect((await maker().discounts.byId({ id: fx.ug.discountId })).discountPaise).toBe(1_500_00);
  });

  it('raised, waits for the version it saw; approved after the discount changed is a 409 naming it', async () => {
    const sent = sentForApproval(await maker().discounts.update(tuitionTo('3000', 1)));
    expect((await maker().discounts.byId({ id: fx.ug.discountId })).discountPaise).toBe(2_000_00);
    expect((await refusal(checker.discounts.update(tuitionTo('4000', 1)))).message).toMatch(
      new RegExp(`already waiting for approval \\(request ${sent.requestId}\\)$`),
    );
    applied(await admin().discounts.update(tuitionTo('2500', 1)));
    const stale = await refusal(checker.approvals.approve({ id: sent.requestId }));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toMatch(
      /^The discount on Tuition Fee for .+ \(UG-001\) was changed at \d\d:\d\d, after this/,
    );
    expect(stale.message).toMatch(/, after this request was made: reject it and ask again$/);
    expect((await maker().discounts.byId({ id: fx.ug.discountId })).discountPaise).toBe(2_500_00);
    expect((await checker.approvals.list({ depId: 100, status: 'pending' })).map((x) => x.id)).toEqual([
      sent.requestId,
    ]);
  });

  it('approved after another discount was given on the same head is a 409 naming the duplicate', async () => {
    const sent = sentForApproval(await maker().discounts.create(onExam('1200')));
    applied(await admin().discounts.create(onExam('100', null)));
    const stale = await refusal(checker.approvals.approve({ id: sent.requestId }));
    expect(stale).toEqual({
      code: 'CONFLICT',
      message: expect.stringMatching(/ already has a discount on Exam Fee; edit that one instead$/),
    });
    expect((await examDiscounts()).map((d) => d.discountPaise)).toEqual([100_00]);
  });
});
