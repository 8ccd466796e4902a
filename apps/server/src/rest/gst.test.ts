import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let admin: RestClient;
beforeAll(async () => {
  server = await startRestServer();
  admin = await server.signIn('admin');
});
afterAll(() => server.close());

/** The documented fee structure payload for the UG batch's Library Fee. */
const structure = (gst?: unknown) => ({
  depId: 100,
  feeId: server.fixture.heads.library,
  cmbBatch: server.fixture.ug.batchId,
  dt1: '2025-06-01',
  dt2: '2026-03-31',
  amt: '1500',
  ...(gst === undefined ? {} : { gst }),
});

describe('GST on the REST fee structure paths', () => {
  it('POST /api/regfee takes an optional gst and /rest/v2/heads shows each head’s treatment', async () => {
    const refused = await admin.post('/api/regfee', structure({ treatment: 'taxable', rate: '18', code: '12' }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Enter an SAC (6 digits starting 99) or an HSN code');

    const saved = await admin.post('/api/regfee', structure({ treatment: 'taxable', rate: '18', code: '996411' }));
    expect(saved.status).toBe(200);
    const heads = await admin.get('/v2/heads');
    expect(heads.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/v2/heads'), heads.body)).toEqual([]);
    const find = (body: Array<{ id: number; gst: unknown }>, id: number) => body.find((head) => head.id === id);
    expect(find(heads.body, server.fixture.heads.library)).toMatchObject({
      name: 'Library Fee',
      gst: { treatment: 'taxable', rate: '18.00', code: '996411' },
    });
    expect(find(heads.body, server.fixture.heads.tuition)).toMatchObject({
      gst: { treatment: 'exempt', rate: '0.00', code: null },
    });

    // An edit without gst leaves the head as it is; with it, changes it.
    const { id } = saved.body as { id: number };
    expect((await admin.put(`/api/fedit/${id}`, { ...structure(), amt: '1600' })).status).toBe(200);
    expect(find((await admin.get('/v2/heads')).body, server.fixture.heads.library)?.gst).toMatchObject({
      treatment: 'taxable',
    });
    expect((await admin.put(`/api/fedit/${id}`, { ...structure({ treatment: 'exempt' }), amt: '1600' })).status).toBe(
      200,
    );
    expect(find((await admin.get('/v2/heads')).body, server.fixture.heads.library)?.gst).toEqual({
      treatment: 'exempt',
      rate: '0.00',
      code: null,
    });
  });
});
