import { findAdvanceHeadId, insertDayClosing, receipts, transaction, users } from '@fees/db';
import { ZCreateReceiptInput, ZCreateRefundInput, type TReceiptPaymentMode } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceipt, voidReceipt } from '../domain/receipts/service';
import { createRefund } from '../domain/refunds/service';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

const DAY = '2025-08-05';

let server: RestServer;
let admin: RestClient;
let ug: RestClient;
let pg: RestClient;
let voidedNumber: number;

beforeAll(async () => {
  server = await startRestServer();
  [admin, ug, pg] = await Promise.all([server.signIn('admin'), server.signIn('ugStaff'), server.signIn('pgStaff')]);
  const { db, fixture: fx } = server;
  const actor = async (email: string) => {
    const user = (await db.select().from(users).where(eq(users.email, email)).limit(1))[0]!;
    return {
      actor: { userId: user.id, email, ip: null },
      access: { role: user.role, departmentIds: user.departmentId === null ? [] : [user.departmentId] },
    };
  };
  const take = async (
    email: string,
    student: { depId: number; studentId: number },
    rupees: string,
    paymentMode: TReceiptPaymentMode,
    feeHeadId = fx.heads.tuition,
  ) => {
    const { actor: who, access } = await actor(email);
    const input = ZCreateReceiptInput.parse({
      depId: student.depId,
      studentId: student.studentId,
      date: DAY,
      items: [{ feeHeadId, particulars: '', amount: rupees }],
      paymentMode,
      paymentReference: paymentMode === 'cash' ? null : 'REF-1',
      ...(paymentMode === 'cheque' ? { bank: 'Canara Bank', instrumentNo: '100200', instrumentDate: DAY } : {}),
      total: rupees,
      tax: '0',
      net: rupees,
      confirm: true,
    });
    return createReceipt(db, who, input, access);
  };
  await take('ug@test.local', fx.ug, '1000.00', 'cash');
  await take('ug@test.local', fx.ug, '250.50', 'upi');
  await take('admin@test.local', fx.ug, '3000.00', 'bank_transfer');
  await take('admin@test.local', fx.ug, '120.00', 'card');
  await take('pg@test.local', fx.pg, '4000.00', 'cash');
  const voided = await take('ug@test.local', fx.ug, '777.00', 'cheque');
  const { actor: adminActor } = await actor('admin@test.local');
  await voidReceipt(
    db,
    adminActor,
    { number: voided.number, reason: 'Wrong entry' },
    { role: 'admin', departmentIds: [] },
  );
  voidedNumber = voided.number;
  const advance = await take('ug@test.local', fx.ug, '900.00', 'cash', (await findAdvanceHeadId(db))!);
  const { actor: clerk, access } = await actor('ug@test.local');
  await createRefund(
    db,
    clerk,
    ZCreateRefundInput.parse({
      depId: 100,
      studentId: fx.ug.studentId,
      date: DAY,
      amount: '400.00',
      paymentMode: 'cash',
      reason: 'Paid twice',
      confirm: true,
    }),
    access,
  );
  expect(advance.totalPaise).toBe(900_00);
});
afterAll(() => server.close());

const zero = { cash: '0.00', upi: '0.00', cheque: '0.00', bank: '0.00', card: '0.00', online: '0.00', advance: '0.00' };

describe('GET /rest/v2/daybook', () => {
  it("answers a department's day by clerk and mode, amounts as text, each clerk's modes adding up to their total", async () => {
    const res = await ug.get('/v2/daybook', { depId: 100, date: DAY });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/daybook'), res.body)).toEqual([]);
    expect(res.body).toEqual({
      date: DAY,
      closed: false,
      closedBy: null,
      byUser: [
        {
          email: 'admin@test.local',
          receipts: 2,
          total: '3120.00',
          byMode: { ...zero, bank: '3000.00', card: '120.00' },
        },
        { email: 'ug@test.local', receipts: 3, total: '2150.50', byMode: { ...zero, cash: '1900.00', upi: '250.50' } },
      ],
      voided: [{ invoiceNo: voidedNumber, amount: '777.00', voidedBy: 'admin@test.local' }],
      refunds: [{ voucherNo: 'R1', admNo: 'UG-001', amount: '400.00', mode: 'cash' }],
      cashToHandOver: '1500.00',
    });
    const live = (await server.db.select().from(receipts)).filter(
      (r) => r.date === DAY && r.departmentId === 100 && r.status === 'live',
    );
    const rawTotal = live.reduce((s, r) => s + r.netPaise, 0);
    const bookTotal = res.body.byUser.reduce(
      (s: number, u: { total: string }) => s + Math.round(Number(u.total) * 100),
      0,
    );
    expect(bookTotal).toBe(rawTotal);
  });

  it('gives an admin every department when depId is left out', async () => {
    const res = await admin.get('/v2/daybook', { date: DAY });
    expect(res.status).toBe(200);
    expect(res.body.byUser.map((u: { email: string }) => u.email)).toEqual([
      'admin@test.local',
      'pg@test.local',
      'ug@test.local',
    ]);
    expect(res.body.cashToHandOver).toBe('5500.00');
  });

  it('refuses without a session, outside the department, every department to staff, and a bad date', async () => {
    expect((await server.anonymous().get('/v2/daybook', { depId: 100, date: DAY })).status).toBe(401);
    expect((await pg.get('/v2/daybook', { depId: 100, date: DAY })).status).toBe(403);
    expect((await ug.get('/v2/daybook', { date: DAY })).status).toBe(403);
    const bad = await ug.get('/v2/daybook', { depId: 100, date: '05-08-2025' });
    expect(bad.status).toBe(400);
  });

  it("says whether the department's day is closed and who closed it", async () => {
    const adminId = (await server.db.select().from(users).where(eq(users.email, 'admin@test.local')).limit(1))[0]!.id;
    await transaction(server.db, (tx) => insertDayClosing(tx, { departmentId: 100, date: DAY, closedBy: adminId }));
    const res = await ug.get('/v2/daybook', { depId: 100, date: DAY });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/daybook'), res.body)).toEqual([]);
    expect(res.body).toMatchObject({ closed: true, closedBy: 'admin@test.local' });
    expect((await pg.get('/v2/daybook', { depId: 101, date: DAY })).body).toMatchObject({
      closed: false,
      closedBy: null,
    });
    expect((await admin.get('/v2/daybook', { date: DAY })).body).toMatchObject({ closed: false, closedBy: null });
  });
});
