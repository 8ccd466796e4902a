import { insertDayClosing, transaction, users } from '@fees/db';
import { ZCreateReceiptInput } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceipt } from '../domain/receipts/service';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

const DAY = '2025-08-05';
const NEXT = '2025-08-06';

let server: RestServer;
let ug: RestClient;
let pg: RestClient;
let number: number;

beforeAll(async () => {
  server = await startRestServer();
  [ug, pg] = await Promise.all([server.signIn('ugStaff'), server.signIn('pgStaff')]);
  const { db, fixture: fx } = server;
  const clerk = (await db.select().from(users).where(eq(users.email, 'ug@test.local')).limit(1))[0]!;
  const input = ZCreateReceiptInput.parse({
    depId: 100,
    studentId: fx.ug.studentId,
    date: DAY,
    items: [{ feeHeadId: fx.heads.tuition, particulars: '', amount: '1250.50' }],
    paymentMode: 'upi',
    paymentReference: 'UPI-1',
    total: '1250.50',
    tax: '0',
    net: '1250.50',
    confirm: true,
  });
  number = (
    await createReceipt(db, { userId: clerk.id, email: clerk.email, ip: null }, input, {
      role: 'accountant',
      departmentIds: [100],
    })
  ).number;
  await transaction(db, (tx) => insertDayClosing(tx, { departmentId: 100, date: DAY, closedBy: clerk.id }));
});
afterAll(() => server.close());

describe('GET /rest/v2/ledger and /rest/v2/tally', () => {
  it('answers the general ledger rows of closed days, debits equal to credits', async () => {
    const res = await ug.get('/v2/ledger', { depId: 100, from: DAY, to: DAY });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/ledger'), res.body)).toEqual([]);
    const narration = `Receipt #000${number}: UG-001 Anjali Menon`;
    const voucher = { date: DAY, voucherType: 'Receipt', voucherNumber: `#000${number}`, narration };
    expect(res.body).toEqual([
      { ...voucher, ledger: 'Bank', debit: '1250.50', credit: '0.00' },
      { ...voucher, ledger: 'Tuition Fee', debit: '0.00', credit: '1250.50' },
    ]);
  });

  it('answers the Tally XML as a file that parses back', async () => {
    const res = await ug.get('/v2/tally', { depId: 100, from: DAY, to: DAY, granularity: 'day' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.headers.get('content-disposition')).toContain('tally_100_2025-08-05_2025-08-05.xml');
    const parsed = new XMLParser({ parseTagValue: false }).parse(res.text);
    const voucher = parsed.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.VOUCHER;
    expect([voucher.VOUCHERTYPENAME, voucher.VOUCHERNUMBER, voucher.DATE]).toEqual([
      'Receipt',
      'DR20250805-UPI',
      '20250805',
    ]);
    expect(voucher['ALLLEDGERENTRIES.LIST'].map((e: { AMOUNT: string }) => e.AMOUNT)).toEqual(['-1250.50', '1250.50']);
  });

  it('answers 409 naming the first open day, 403 outside the department, 401 without a session, 400 on a bad range', async () => {
    const open = await ug.get('/v2/ledger', { depId: 100, from: DAY, to: NEXT });
    expect(open.status).toBe(409);
    expect(open.text).toContain('06-08-2025 is not closed: only closed days go to the books');
    expect((await ug.get('/v2/tally', { depId: 100, from: NEXT, to: NEXT })).status).toBe(409);
    expect((await pg.get('/v2/ledger', { depId: 100, from: DAY, to: DAY })).status).toBe(403);
    expect((await server.anonymous().get('/v2/ledger', { depId: 100, from: DAY, to: DAY })).status).toBe(401);
    const backwards = await ug.get('/v2/ledger', { depId: 100, from: NEXT, to: DAY });
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain('The from date must not be after the to date');
  });
});
