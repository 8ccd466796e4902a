import { listReceiptPayments, receipts, users } from '@fees/db';
import { ZCreateReceiptInput } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceipt } from '../domain/receipts/service';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

const DAY = '2025-08-05';

let server: RestServer;
let ug: RestClient;
let split: number;

beforeAll(async () => {
  server = await startRestServer();
  ug = await server.signIn('ugStaff');
  const { db, fixture: fx } = server;
  const user = (await db.select().from(users).where(eq(users.email, 'ug@test.local')).limit(1))[0]!;
  const input = ZCreateReceiptInput.parse({
    depId: 100,
    studentId: fx.ug.studentId,
    date: DAY,
    items: [{ feeHeadId: fx.heads.tuition, particulars: '', amount: '3000.00' }],
    payments: [
      { paymentMode: 'upi', amount: '1000.00', paymentReference: 'UPI-77' },
      { paymentMode: 'cash', amount: '2000.00' },
    ],
    total: '3000.00',
    tax: '0',
    net: '3000.00',
    confirm: true,
  });
  const access = { role: user.role, departmentIds: user.departmentId === null ? [] : [user.departmentId] };
  split = (await createReceipt(db, { userId: user.id, email: user.email, ip: null }, input, access)).number;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the legacy REST paths and a receipt paid in several modes', () => {
  it('GET /rest/inv/master answers the documented fields, with the net of all parts', async () => {
    const res = await ug.get('/inv/master', { invNo: split });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/inv/master'), res.body)).toEqual([]);
    expect(res.body.Result[0]).toMatchObject({ invoice_no: split, total_amt: '3000.00', net_amt: '3000.00' });
    const details = await ug.get('/inv/details', { invNo: split });
    expect(responseProblems(routeOf('GET', '/inv/details'), details.body)).toEqual([]);
  });

  it('keeps one mode on the master row: the largest part', async () => {
    const [row] = await server.db.select().from(receipts).where(eq(receipts.number, split));
    expect([row?.paymentMode, row?.paymentReference]).toEqual(['cash', null]);
  });

  it('POST /rest/inv/register still takes one mode, which pays the whole net', async () => {
    const res = await ug.post('/inv/register', {
      depId: 100,
      admno: 'UG-001',
      date: DAY,
      items: [{ feeId: server.fixture.heads.exam, particulars: 'Sem 1', price: '500.00' }],
      ftotal: '500.00',
      ftax: '0.00',
      fnet: '500.00',
      confirm: true,
      paymentMode: 'upi',
      paymentReference: 'UPI-88',
    });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('POST', '/inv/register'), res.body)).toEqual([]);
    const [row] = await server.db.select().from(receipts).where(eq(receipts.number, res.body.invoice));
    expect(await listReceiptPayments(server.db, row!.id)).toEqual([
      { partNo: 1, paymentMode: 'upi', paymentReference: 'UPI-88', amountPaise: 500_00, taxPaise: 0 },
    ]);
  });

  it('GET /rest/v2/daybook counts each part under its mode', async () => {
    const res = await ug.get('/v2/daybook', { depId: 100, date: DAY });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/daybook'), res.body)).toEqual([]);
    expect(res.body.byUser[0].byMode).toMatchObject({ cash: '2000.00', upi: '1500.00' });
  });
});
