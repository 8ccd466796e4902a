import { writeBatchPlan, transaction } from '@fees/db';
import { ZCreateReceiptInput } from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceipt } from '../domain/receipts/service';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let pg: RestClient;
let ug: RestClient;
beforeAll(async () => {
  server = await startRestServer();
  [pg, ug] = await Promise.all([server.signIn('pgStaff'), server.signIn('ugStaff')]);
  // The worked example of docs/fee-plans.md on PG's batch (Tuition Fee 30,000), receipts through the receipt service.
  const { fixture: fx, db } = server;
  await transaction(db, (tx) =>
    writeBatchPlan(tx, {
      batchId: fx.pg.batchId,
      fineRule: { type: 'per_day', perDayPaise: 10_00, capPaise: 500_00, graceDays: 5 },
      userId: null,
      instalments: ['2026-06-10', '2026-09-10', '2026-12-10'].map((dueDate, i) => ({
        name: `Term ${i + 1}`,
        dueDate,
        fineRule: i === 2 ? { type: 'percent', percentBasisPoints: 250, graceDays: 0 } : null,
        amounts: [{ feeHeadId: fx.heads.tuition, amountPaise: 10_000_00 }],
      })),
    }),
  );
  for (const [date, amount] of [
    ['2026-06-01', '5000'],
    ['2026-07-20', '12000'],
  ] as const) {
    const input = ZCreateReceiptInput.parse({
      depId: 101,
      studentId: fx.pg.studentId,
      date,
      items: [{ feeHeadId: fx.heads.tuition, particulars: '', amount }],
      paymentMode: 'cash',
      total: amount,
      tax: '0',
      net: amount,
      confirm: true,
    });
    await createReceipt(db, { userId: null, email: null, ip: null }, input, { role: 'admin', departmentIds: [] });
  }
});
afterAll(() => server.close());

describe('GET /rest/v2/plans', () => {
  it("answers a batch's instalments with each one's effective fine rule, amounts as text", async () => {
    const res = await pg.get('/v2/plans', { batchId: server.fixture.pg.batchId });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/plans'), res.body)).toEqual([]);
    const perDay = { type: 'per_day', graceDays: 5, amount: null, perDay: '10.00', cap: '500.00', percent: null };
    expect(res.body.fineRule).toEqual(perDay);
    expect(
      res.body.instalments.map((i: { name: string; dueDate: string; fineRule: unknown }) => [
        i.name,
        i.dueDate,
        i.fineRule,
      ]),
    ).toEqual([
      ['Term 1', '2026-06-10', perDay],
      ['Term 2', '2026-09-10', perDay],
      [
        'Term 3',
        '2026-12-10',
        { type: 'percent', graceDays: 0, amount: null, perDay: null, cap: null, percent: '2.50' },
      ],
    ]);
    expect(res.body.instalments[0].heads).toEqual([
      { feeId: server.fixture.heads.tuition, feeHead: 'Tuition Fee', amount: '10000.00' },
    ]);
  });

  it('answers a batch without a plan with its virtual instalments and rule none', async () => {
    const res = await ug.get('/v2/plans', { batchId: server.fixture.ug.batchId });
    expect(res.status).toBe(200);
    expect(res.body.fineRule).toEqual({
      type: 'none',
      graceDays: 0,
      amount: null,
      perDay: null,
      cap: null,
      percent: null,
    });
    expect(res.body.instalments).toHaveLength(1);
    expect(res.body.instalments[0]).toMatchObject({ id: 'v-2025-06-01', dueDate: '2025-06-01' });
  });

  it("is 401 without a session, 400 for a bad batch id, 404 for another department's batch", async () => {
    expect((await server.anonymous().get('/v2/plans', { batchId: server.fixture.pg.batchId })).status).toBe(401);
    const bad = await pg.get('/v2/plans', { batchId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ batchId: [expect.any(String)] });
    expect((await ug.get('/v2/plans', { batchId: server.fixture.pg.batchId })).status).toBe(404);
  });
});

describe('GET /rest/v2/dues', () => {
  it('answers the worked example as of 01-10: fines 350.00 + 160.00, to collect 3510.00', async () => {
    const res = await pg.get('/v2/dues', { depId: 101, asOf: '2026-10-01', admNo: 'PG-001' });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/dues'), res.body)).toEqual([]);
    const [student] = res.body.students;
    expect(student).toMatchObject({
      admNo: 'PG-001',
      name: 'Rahul Nair',
      batchId: server.fixture.pg.batchId,
      outstanding: '3000.00',
      toCollect: '3510.00',
    });
    expect(student.fine).toEqual({ accrued: '510.00', paid: '0.00', waived: '0.00', outstanding: '510.00' });
    expect(student.instalments).toEqual([
      {
        id: expect.any(String),
        name: 'Term 1',
        dueDate: '2026-06-10',
        due: '10000.00',
        concession: '0.00',
        paid: '10000.00',
        outstanding: '0.00',
        daysLate: 35,
        fine: '350.00',
      },
      {
        id: expect.any(String),
        name: 'Term 2',
        dueDate: '2026-09-10',
        due: '10000.00',
        concession: '0.00',
        paid: '7000.00',
        outstanding: '3000.00',
        daysLate: 16,
        fine: '160.00',
      },
    ]);
    const plan = await pg.get('/v2/plans', { batchId: server.fixture.pg.batchId });
    expect(student.instalments.map((i: { id: string }) => i.id)).toEqual(
      plan.body.instalments.slice(0, 2).map((i: { id: string }) => i.id),
    );
  });

  it('lists a whole department, a course or a batch', async () => {
    const all = await ug.get('/v2/dues', { depId: 100, asOf: '2026-01-01' });
    expect(all.status).toBe(200);
    expect(all.body.students.map((s: { admNo: string }) => s.admNo)).toEqual(['UG-001']);
    expect(all.body.students[0].instalments[0]).toMatchObject({
      id: 'v-2025-06-01',
      due: '26500.00',
      concession: '2500.00',
      paid: '10000.00',
      outstanding: '14000.00',
    });
    const batch = await ug.get('/v2/dues', {
      depId: 100,
      asOf: '2026-01-01',
      courseId: 1003,
      batchId: server.fixture.ug.batchId,
    });
    expect(batch.body.students).toHaveLength(1);
  });

  it('is 400 with the field for bad dates and ids, 403 for another department, 404 for an unknown admission number', async () => {
    const badDate = await pg.get('/v2/dues', { depId: 101, asOf: '2026-02-30' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors).toEqual({ asOf: ['Enter a valid date (yyyy-MM-dd)'] });
    const badBatch = await pg.get('/v2/dues', { depId: 101, asOf: '2026-01-01', batchId: 'abc' });
    expect(badBatch.status).toBe(400);
    expect(Object.keys(badBatch.body.errors)).toEqual(['batchId']);
    expect((await ug.get('/v2/dues', { depId: 101, asOf: '2026-01-01' })).status).toBe(403);
    expect((await pg.get('/v2/dues', { depId: 101, asOf: '2026-01-01', admNo: 'NOPE' })).status).toBe(404);
  });
});
