import { findFeeHeadByName, insertOpeningBalances, transaction } from '@fees/db';
import { PREVIOUS_DUES_HEAD } from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let ug: RestClient;
beforeAll(async () => {
  server = await startRestServer();
  ug = await server.signIn('ugStaff');
  const { db, fixture: fx } = server;
  const previousDues = (await findFeeHeadByName(db, { name: PREVIOUS_DUES_HEAD }))!.id;
  await transaction(db, (tx) =>
    insertOpeningBalances(tx, [
      {
        studentId: fx.ug.studentId,
        feeHeadId: previousDues,
        amountPaise: 1_200_50,
        dueDate: '2026-04-01',
        note: 'Arrears',
        createdBy: null,
      },
      {
        studentId: fx.ug.studentId,
        feeHeadId: fx.heads.exam,
        amountPaise: 250_00,
        dueDate: '2026-04-01',
        note: null,
        createdBy: null,
      },
    ]),
  );
});
afterAll(() => server.close());

describe('GET /rest/v2/dues with opening balances', () => {
  it('lists them as an instalment of their own from their due date, and adds them to the outstanding', async () => {
    const before = await ug.get('/v2/dues', { depId: 100, asOf: '2026-03-31', admNo: 'UG-001' });
    expect(before.status).toBe(200);
    expect(before.body.students[0].instalments.map((i: { id: string }) => i.id)).toEqual(['v-2025-06-01']);
    expect(before.body.students[0].outstanding).toBe('14000.00');

    const res = await ug.get('/v2/dues', { depId: 100, asOf: '2026-04-01', admNo: 'UG-001' });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/dues'), res.body)).toEqual([]);
    const [student] = res.body.students;
    expect(student.instalments[1]).toEqual({
      id: 'opening-2026-04-01',
      name: 'Opening balance',
      dueDate: '2026-04-01',
      due: '1450.50',
      concession: '0.00',
      paid: '0.00',
      outstanding: '1450.50',
      daysLate: 0,
      fine: '0.00',
    });
    expect(student).toMatchObject({ outstanding: '15450.50', toCollect: '15450.50' });
  });
});
