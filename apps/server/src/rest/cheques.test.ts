import { listCheques, users } from '@fees/db';
import { ZBounceChequeInput, ZCreateReceiptInput } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounceCheque } from '../domain/cheques/service';
import { createReceipt } from '../domain/receipts/service';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let pg: RestClient;
beforeAll(async () => {
  server = await startRestServer();
  pg = await server.signIn('pgStaff');
  const { db, fixture: fx } = server;
  const user = (await db.select().from(users).where(eq(users.email, 'admin@test.local')).limit(1))[0]!;
  const actor = { userId: user.id, email: user.email, ip: null };
  const access = { role: 'admin' as const, departmentIds: [] };
  await createReceipt(
    db,
    actor,
    ZCreateReceiptInput.parse({
      depId: 101,
      studentId: fx.pg.studentId,
      date: '2026-06-05',
      items: [{ feeHeadId: fx.heads.tuition, particulars: '', amount: '10000.00' }],
      paymentMode: 'cheque',
      bank: 'State Bank of India',
      instrumentNo: '004411',
      instrumentDate: '2026-06-05',
      total: '10000.00',
      tax: '0',
      net: '10000.00',
      confirm: true,
    }),
    access,
  );
  const [cheque] = await listCheques(db, { depId: 101 });
  await bounceCheque(
    db,
    actor,
    ZBounceChequeInput.parse({
      depId: 101,
      chequeId: cheque!.id,
      date: '2026-06-20',
      reason: 'Funds insufficient',
      charge: '350.75',
    }),
    access,
  );
});
afterAll(() => server.close());

describe('GET /rest/v2/dues with a bounced cheque', () => {
  it('lists the bank charge as an instalment of its own from the day of the bounce, and adds it to the outstanding', async () => {
    // The batch has no plan: its 30,000.00 is one instalment due on the structure's start date; the cheque's receipt is voided.
    const before = await pg.get('/v2/dues', { depId: 101, asOf: '2026-06-19', admNo: 'PG-001' });
    expect(before.status).toBe(200);
    expect(before.body.students[0].instalments.map((i: { id: string }) => i.id)).toEqual(['v-2025-06-01']);
    expect(before.body.students[0].outstanding).toBe('30000.00');

    const res = await pg.get('/v2/dues', { depId: 101, asOf: '2026-06-20', admNo: 'PG-001' });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/dues'), res.body)).toEqual([]);
    const [student] = res.body.students;
    expect(student.instalments[1]).toEqual({
      id: 'bounce-2026-06-20',
      name: 'Cheque bounce charge',
      dueDate: '2026-06-20',
      due: '350.75',
      concession: '0.00',
      paid: '0.00',
      outstanding: '350.75',
      daysLate: 0,
      fine: '0.00',
    });
    expect(student).toMatchObject({ outstanding: '30350.75', toCollect: '30350.75', advance: '0.00' });
  });
});
