/**
 * The documented fee structure paths refuse a head charged by its own rule with a 400 naming it, as
 * the screens do: POST /rest/api/regfee and PUT /rest/api/fedit/{id}, over real HTTP.
 */
import { feeStructures, findFeeHeadByName } from '@fees/db';
import { ADVANCE_HEAD, LATE_FEE_HEAD } from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestClient, type RestServer, startRestServer } from '../test/rest';

let server: RestServer;
let admin: RestClient;

beforeAll(async () => {
  server = await startRestServer();
  admin = await server.signIn('admin');
});

afterAll(async () => {
  await server.close();
});

const headId = async (name: string) => (await findFeeHeadByName(server.db, { name }))!.id;

const payload = async (head: string) => ({
  depId: 100,
  feeId: await headId(head),
  cmbBatch: server.fixture.ug.batchId,
  course: 'BA English',
  dt1: '2025-06-01',
  dt2: '2026-03-31',
  fhead: head,
  amt: '500',
});

describe('fee structures over special heads on the REST paths', () => {
  it('POST /api/regfee answers 400 naming Advance and writes nothing', async () => {
    const before = (await server.db.select().from(feeStructures)).length;
    const res = await admin.post('/api/regfee', await payload(ADVANCE_HEAD));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Advance is collected by its own rule and cannot be in a fee structure');
    expect((await server.db.select().from(feeStructures)).length).toBe(before);
  });

  it('PUT /api/fedit/{id} answers 400 naming Late fee and leaves the row as it was', async () => {
    const id = server.fixture.ug.feeStructureIds[1]!;
    const res = await admin.put(`/api/fedit/${id}`, await payload(LATE_FEE_HEAD));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Late fee is charged by the late fine rules of the fee plans and cannot be in a fee structure',
    );
    expect((await admin.get('/api/getfedit', { id })).body.fee_id).toBe(server.fixture.heads.exam);
  });
});
