import { createHash } from 'node:crypto';
import { findLiveSession } from '@fees/db';
import { paiseToRupeesText } from '@fees/validation';
import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../auth/login-limiter';
import { today } from '../../config';
import { createContextInner } from '../../context';
import { createAccount, TEST_PASSWORD } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';
import { createCaller } from '../_app';

const h = useHarness();
const fx = useFixture(h);
const r = paiseToRupeesText;

/** A caller whose context keeps the session cookie a sign-in sets, as a browser would. */
function browser() {
  let token: string | undefined;
  const limiter = new LoginLimiter();
  const caller = async () => {
    const session = token
      ? await findLiveSession(h.db, { id: createHash('sha256').update(token).digest('hex'), nowMs: Date.now() })
      : null;
    return createCaller(
      createContextInner({
        db: h.db,
        session,
        ip: '127.0.0.1',
        loginLimiter: limiter,
        setSessionCookie: (t) => {
          token = t;
        },
      }),
    );
  };
  return caller;
}

function cashReceipt(paise: number, date = today()) {
  return {
    depId: fx.ug.depId,
    studentId: fx.ug.studentId,
    date,
    items: [{ feeHeadId: fx.heads.exam, particulars: 'Semester 1', amount: r(paise) }],
    paymentMode: 'cash' as const,
    total: r(paise),
    tax: '0',
    net: r(paise),
    confirm: true,
  };
}

describe('the cashier', () => {
  it('takes a receipt, corrects its own on its day, and sees only its own receipts in the day book', async () => {
    const cashier = h.caller('cashier');
    const taken = await cashier.receipts.create(cashReceipt(500_00));
    const byAccountant = await h.caller('ugStaff').receipts.create(cashReceipt(300_00));

    // The receipt's screen offers Edit exactly where the server allows it.
    expect((await cashier.receipts.byNumber({ number: taken.number })).mayEdit).toBe(true);
    expect((await cashier.receipts.byNumber({ number: byAccountant.number })).mayEdit).toBe(false);
    expect((await cashier.receipts.byNumber({ number: fx.ug.receiptNumber })).mayEdit).toBe(false);
    expect((await h.caller('ugStaff').receipts.byNumber({ number: taken.number })).mayEdit).toBe(true);
    expect((await h.caller('viewer').receipts.byNumber({ number: taken.number })).mayEdit).toBe(false);
    const corrected = await cashier.receipts.update({ ...cashReceipt(400_00), number: taken.number });
    expect(corrected.netPaise).toBe(400_00);
    expect(await refusal(cashier.receipts.update({ ...cashReceipt(200_00), number: byAccountant.number }))).toEqual({
      code: 'FORBIDDEN',
      message: 'A cashier may correct only its own receipts, on the day they were dated; ask an accountant',
    });

    const book = await cashier.reports.dayBook({ depId: fx.ug.depId, date: today() });
    expect(book.byUser.map((u) => [u.email, u.name, u.totalPaise])).toEqual([
      ['cashier@test.local', 'cashier', 400_00],
    ]);
    const full = await h.caller('ugStaff').reports.dayBook({ depId: fx.ug.depId, date: today() });
    expect(full.byUser.map((u) => u.email)).toEqual(['cashier@test.local', 'ug@test.local']);
  });

  it("counts only its own cheques in the day book, the accountant's the department's", async () => {
    const cheque = (instrumentNo: string, paise: number) => ({
      ...cashReceipt(paise),
      paymentMode: 'cheque' as const,
      bank: 'State Bank of India',
      instrumentNo,
      instrumentDate: today(),
    });
    await h.caller('cashier').receipts.create(cheque('100001', 600_00));
    await h.caller('ugStaff').receipts.create(cheque('200002', 400_00));
    const [ofAccountant] = await h.caller('ugStaff').cheques.list({ depId: fx.ug.depId, status: 'pending' });
    await h.caller('ugStaff').cheques.clear({ depId: fx.ug.depId, chequeId: ofAccountant!.id, date: today() });

    const own = await h.caller('cashier').reports.dayBook({ depId: fx.ug.depId, date: today() });
    expect(own.cheques).toEqual({
      received: { count: 1, amountPaise: 600_00 },
      cleared: { count: 0, amountPaise: 0 },
      bounced: { count: 0, amountPaise: 0 },
    });
    const department = await h.caller('ugStaff').reports.dayBook({ depId: fx.ug.depId, date: today() });
    expect(department.cheques).toEqual({
      received: { count: 2, amountPaise: 1000_00 },
      cleared: { count: 1, amountPaise: 400_00 },
      bounced: { count: 0, amountPaise: 0 },
    });
  });

  it('cannot void, bounce a cheque, close a day, refund or read the reports', async () => {
    const cashier = h.caller('cashier');
    const forbidden = { code: 'FORBIDDEN', message: 'Your role cannot change this; ask an accountant' };
    expect(await refusal(cashier.receipts.void({ number: fx.ug.receiptNumber, reason: 'Wrong entry' }))).toEqual(
      forbidden,
    );
    expect(
      await refusal(
        cashier.cheques.bounce({ depId: 100, chequeId: 1, date: today(), reason: 'No funds', charge: '0' }),
      ),
    ).toEqual(forbidden);
    expect(await refusal(cashier.days.close({ depId: 100, date: today() }))).toEqual(forbidden);
    expect(await refusal(cashier.refunds.create({ depId: 100 } as never))).toEqual(forbidden);
    expect((await refusal(cashier.reports.dues({ depId: 100 } as never))).code).toBe('FORBIDDEN');
  });
});

describe('the viewer and the auditor', () => {
  it('read but never write; the auditor reads every department and the audit log', async () => {
    const viewer = h.caller('viewer');
    const auditor = h.caller('auditor');
    expect((await viewer.receipts.byNumber({ number: fx.ug.receiptNumber })).receipt.number).toBe(fx.ug.receiptNumber);
    expect(await refusal(viewer.receipts.create(cashReceipt(100_00)))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role cannot take receipts',
    });
    expect(await refusal(viewer.audit.list({}))).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role cannot see the audit log',
    });
    expect(await refusal(viewer.cheques.list({ depId: 101, status: 'pending' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'This belongs to another department',
    });
    expect(await auditor.cheques.list({ depId: 101, status: 'pending' })).toEqual([]);
    await h.caller('ugStaff').receipts.create(cashReceipt(100_00));
    const trail = await auditor.audit.list({});
    expect(trail.entries.find((e) => e.action === 'create' && e.entity === 'receipt')).toMatchObject({
      userEmail: 'ug@test.local',
      userName: 'ug',
    });
    expect(await refusal(auditor.receipts.void({ number: fx.ug.receiptNumber, reason: 'Wrong entry' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('an accountant of two departments', () => {
  it('acts for both and for no other', async () => {
    const both = await createAccount(h.db, {
      email: 'two@test.local',
      role: 'accountant',
      departmentId: 100,
      departmentIds: [100, 101],
    });
    const caller = createCaller(createContextInner({ db: h.db, session: both, ip: null }));
    expect(await caller.cheques.list({ depId: 101, status: 'pending' })).toEqual([]);
    expect(await caller.cheques.list({ depId: 100, status: 'pending' })).toEqual([]);
    expect((await refusal(caller.cheques.list({ depId: 102, status: 'pending' }))).code).toBe('FORBIDDEN');
  });
});

describe('accounts', () => {
  it('an admin creates a cashier with a name; its role change is audited with both people', async () => {
    const admin = h.caller('admin');
    const created = await admin.admin.users.createAccount({
      email: 'desk@test.local',
      password: 'desk1234',
      name: 'Meena K',
      role: 'cashier',
      depIds: [101, 100],
    });
    expect(created).toMatchObject({
      email: 'desk@test.local',
      name: 'Meena K',
      role: 'cashier',
      departmentIds: [100, 101],
    });
    await admin.admin.users.update({ id: created.id, name: 'Meena K', role: 'accountant', depIds: [100] });
    const listed = (await admin.admin.users.list()).find((u) => u.id === created.id);
    expect(listed).toMatchObject({
      name: 'Meena K',
      role: 'accountant',
      depIds: [100],
      disabled: false,
      usertype: '2',
    });
    const change = (await admin.audit.list({})).entries.find(
      (e) => e.entity === 'user' && e.entityId === String(created.id) && e.action === 'update',
    );
    expect(change).toMatchObject({ userEmail: 'admin@test.local', userName: 'admin' });
    expect(change?.before).toMatchObject({ role: 'cashier', email: 'desk@test.local' });
    expect(change?.after).toMatchObject({
      role: 'accountant',
      roleChangedBy: { userId: h.sessions.admin.userId, name: 'admin' },
    });
  });

  it('needs departments for a department role; the legacy form makes an accountant', async () => {
    const admin = h.caller('admin');
    expect(
      await refusal(
        admin.admin.users.createAccount({
          email: 'x@test.local',
          password: 'desk1234',
          name: 'X',
          role: 'viewer',
          depIds: [],
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Choose at least one department' });
    const legacy = await admin.admin.users.create({
      options: 'user',
      depId: 102,
      email: 'old@test.local',
      pwd1: 'secret12',
      pwd2: 'secret12',
      chk1: true,
    });
    expect((await admin.admin.users.list()).find((u) => u.id === legacy.id)).toMatchObject({
      role: 'accountant',
      depIds: [102],
      name: 'old',
    });
  });

  it('disables an account with history instead of deleting it: it cannot sign in, its history keeps its name', async () => {
    const taken = await h.caller('ugStaff').receipts.create(cashReceipt(100_00));
    const removed = await h.caller('admin').admin.users.remove({ id: h.sessions.ugStaff.userId });
    expect(removed.Message).toBe('Account ug@test.local disabled: it has history, so it keeps its name there');
    // Its sessions ended with it.
    expect(await findLiveSession(h.db, { id: h.sessions.ugStaff.sessionId, nowMs: Date.now() })).toBeNull();
    const signIn = browser()().then((c) =>
      c.auth.departmentLogin({ email: 'ug@test.local', password: TEST_PASSWORD, depId: 100 }),
    );
    expect(await refusal(signIn)).toEqual({
      code: 'UNAUTHORIZED',
      message: 'This account is disabled; ask your administrator',
    });
    const view = await h.caller('admin').receipts.byNumber({ number: taken.number });
    expect(view.receipt.createdByName).toBe('ug');
  });

  it("an admin's reset makes the user choose a new password before anything else", async () => {
    await h.caller('admin').admin.users.resetPassword({ id: h.sessions.cashier.userId, password: 'temp1234' });
    const desk = browser();
    const signedIn = await (await desk()).auth.departmentLogin({
      email: 'cashier@test.local',
      password: 'temp1234',
      depId: 100,
    });
    expect(signedIn).toMatchObject({ role: 'cashier', mustChangePassword: true, capabilities: ['lookup', 'collect'] });
    expect(await refusal((await desk()).receipts.create(cashReceipt(100_00)))).toEqual({
      code: 'FORBIDDEN',
      message: 'Choose a new password first: your administrator reset it',
    });
    expect((await (await desk()).auth.me()).mustChangePassword).toBe(true);
    expect(
      await refusal((await desk()).auth.changePassword({ current: 'wrong', pwd1: 'mine1234', pwd2: 'mine1234' })),
    ).toEqual({ code: 'BAD_REQUEST', message: 'The current password is not right' });
    await (await desk()).auth.changePassword({ current: 'temp1234', pwd1: 'mine1234', pwd2: 'mine1234' });
    expect((await (await desk()).receipts.create(cashReceipt(100_00))).netPaise).toBe(100_00);
  });
});
