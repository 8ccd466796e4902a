/** POST and GET /rest/v2/bank-statements over real HTTP: a statement imported once, its lines by state, bad input named. */
import { addDays } from '@fees/money';
import { localToday } from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let ug: RestClient;
let pg: RestClient;
const printed = (iso: string) => iso.split('-').reverse().join('-');
const csv = [
  'Tran Date,Particulars,UTR,Debit,Credit,Balance',
  `${printed(addDays(localToday(), -2))},NEFT FEES UG-001,N9990001,,"3,000.00",3000.00`,
  `${printed(addDays(localToday(), -1))},INTEREST,,,4.10,3004.10`,
].join('\n');
const upload = {
  depId: 100,
  bankAccount: 'Federal 2211',
  fileName: 'federal.csv',
  fileBase64: Buffer.from(csv).toString('base64'),
  mapping: { date: 'Tran Date', narration: 'Particulars', reference: 'UTR', credit: 'Credit', debit: 'Debit' },
};

beforeAll(async () => {
  server = await startRestServer();
  [ug, pg] = await Promise.all([server.signIn('ugStaff'), server.signIn('pgStaff')]);
});
afterAll(async () => {
  await server.close();
});

describe('/rest/v2/bank-statements', () => {
  it('imports a statement once and lists its lines with the totals per state', async () => {
    const first = await ug.post('/v2/bank-statements', upload);
    expect(first.status).toBe(200);
    expect(responseProblems(routeOf('POST', '/v2/bank-statements'), first.body)).toEqual([]);
    expect(first.body).toMatchObject({ alreadyImported: false, added: 2, repeated: 0 });
    const again = await ug.post('/v2/bank-statements', upload);
    expect(again.body).toEqual({ ...first.body, alreadyImported: true, added: 0, repeated: 2 });

    const read = await ug.get('/v2/bank-statements', { depId: 100, statementId: first.body.statementId });
    expect(read.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/bank-statements'), read.body)).toEqual([]);
    expect(read.body.totals.unmatched).toEqual({ count: 2, amount: '3004.10' });
    expect(read.body.totals.all).toEqual({ count: 2, amount: '3004.10' });
    expect(read.body.lines.map((l: { proposedAdmNo: string | null }) => l.proposedAdmNo)).toEqual(['UG-001', null]);

    const other = await pg.get('/v2/bank-statements', { depId: 100, statementId: first.body.statementId });
    expect(other.status).toBe(403);
  });

  it('answers bad input with a 400 naming the field, and writes nothing', async () => {
    const noMapping = await ug.post('/v2/bank-statements', { ...upload, mapping: { ...upload.mapping, credit: '' } });
    expect(noMapping.status).toBe(400);
    expect(JSON.stringify(noMapping.body)).toContain('mapping.credit');
    const notBase64 = await ug.post('/v2/bank-statements', { ...upload, fileBase64: 'not base64!' });
    expect(notBase64.status).toBe(400);
    expect(JSON.stringify(notBase64.body)).toContain('The file could not be read: choose it again');
  });
});
