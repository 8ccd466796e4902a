import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestClient, type RestServer, startRestServer } from '../test/rest';

/**
 * Legacy paths that name only a batch: an auditor reads every department, so the batch's own department
 * answers, as for the admin; staff of another department are still refused.
 */
let server: RestServer;
let auditor: RestClient;
let admin: RestClient;
let pgStaff: RestClient;
beforeAll(async () => {
  server = await startRestServer();
  [auditor, admin, pgStaff] = await Promise.all([
    server.signIn('auditor'),
    server.signIn('admin'),
    server.signIn('pgStaff'),
  ]);
});
afterAll(() => server.close());

describe.each([
  ['/v2/plans', () => ({ batchId: server.fixture.ug.batchId })],
  ['/inv/blsbyid', () => ({ batch_id: server.fixture.ug.batchId, adm_no: 'UG-001' })],
  ['/api/getfh', () => ({ batch_id: server.fixture.ug.batchId })],
  ['/api/bedtinfo', () => ({ batchId: server.fixture.ug.batchId })],
] as const)('GET /rest%s', (path, query) => {
  it("answers an auditor with the batch's department, as it answers the admin", async () => {
    const [asAuditor, asAdmin] = await Promise.all([auditor.get(path, query()), admin.get(path, query())]);
    expect(asAuditor.status, asAuditor.text).toBe(200);
    expect(asAdmin.status).toBe(200);
    expect(asAuditor.body).toEqual(asAdmin.body);
  });

  it('answers an auditor in the PG department too', async () => {
    const pg = { ...query() } as Record<string, string | number>;
    for (const key of ['batchId', 'batch_id']) if (key in pg) pg[key] = server.fixture.pg.batchId;
    if ('adm_no' in pg) pg.adm_no = 'PG-001';
    const res = await auditor.get(path, pg);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual((await pgStaff.get(path, pg)).body);
  });
});

it('answers an auditor naming no batch with a 404 for a batch that does not exist', async () => {
  const res = await auditor.get('/api/getfh', { batch_id: 999_999 });
  expect(res.status).toBe(404);
  expect(res.body.message).toBe('No such batch');
});
