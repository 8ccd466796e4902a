/**
 * Maker and checker over real HTTP: the legacy void, and the legacy receipt dated before the back-dating
 * limit, answer 202 with a request, decided through /rest/v2.
 */
import { settings } from '@fees/db';
import { LEGACY_REST_BACKDATED_REASON, localToday, NO_APPROVALS } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, TEST_PASSWORD } from '../test/harness';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let admin: RestClient;
let ug: RestClient;
let ug2: RestClient;
let pg: RestClient;

beforeAll(async () => {
  server = await startRestServer();
  await createAccount(server.db, { email: 'ug2@test.local', role: 'accountant', departmentId: 100 });
  [admin, ug, pg, ug2] = await Promise.all([
    server.signIn('admin'),
    server.signIn('ugStaff'),
    server.signIn('pgStaff'),
    server.signInWith({ email: 'ug2@test.local', password: TEST_PASSWORD, depId: 100 }),
  ]);
});

afterAll(() => server.close());

async function issue(price: string): Promise<number> {
  const res = await ug.post('/inv/register', {
    depId: 100,
    admno: server.fixture.ug.admissionNo,
    date: localToday(),
    items: [{ feeId: server.fixture.heads.exam, particulars: '', price }],
    ftotal: price,
    ftax: '0',
    fnet: price,
    confirm: true,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.invoice as number;
}

it('voids at once while approval is off, and answers 202 with the request when it is on', async () => {
  const first = await issue('100');
  const off = await ug.del('/inv/del', { invNo: first });
  expect(off.status).toBe(200);
  expect(off.body).toEqual({ message: 'Data deleted successfully', invoice: first });

  expect((await ug.put('/v2/settings/approvals', { ...NO_APPROVALS, void: true })).status).toBe(403);
  const bad = await admin.put('/v2/settings/approvals', { ...NO_APPROVALS, void: 'yes' });
  expect(bad.status).toBe(400);
  const on = await admin.put('/v2/settings/approvals', { ...NO_APPROVALS, void: true });
  expect(on.body).toEqual({ ...NO_APPROVALS, void: true });

  const second = await issue('200');
  const held = await ug.del('/inv/del', { invNo: second });
  expect(held.status).toBe(202);
  expect(responseProblems(routeOf('DELETE', '/inv/del'), held.body)).toEqual([]);
  expect(held.body).toEqual({ message: 'Sent for approval', invoice: second, requestId: expect.any(Number) });
  const requestId = held.body.requestId as number;

  // The receipt still counts: only the first is among the day's voided receipts.
  const live = await ug.get('/v2/daybook', { depId: 100, date: localToday() });
  expect(live.body.voided).toEqual([expect.objectContaining({ invoiceNo: first })]);

  const listed = await ug2.get('/v2/approvals', { depId: 100, status: 'pending' });
  expect(responseProblems(routeOf('GET', '/v2/approvals'), listed.body)).toEqual([]);
  expect(listed.body).toEqual([
    expect.objectContaining({ id: requestId, invoiceNo: second, amount: '200.00', requestedBy: 'ug@test.local' }),
  ]);
  expect((await pg.get('/v2/approvals', { depId: 100 })).status).toBe(403);

  const self = await ug.post(`/v2/approvals/${requestId}/approve`);
  expect(self.status).toBe(403);
  expect((await pg.post(`/v2/approvals/${requestId}/approve`)).status).toBe(403);
  const noReason = await ug2.post(`/v2/approvals/${requestId}/reject`, {});
  expect(noReason.status).toBe(400);
  expect(noReason.body.errors).toHaveProperty('reason');

  const approved = await ug2.post(`/v2/approvals/${requestId}/approve`);
  expect(approved.status, approved.text).toBe(200);
  expect(approved.body).toEqual({ id: requestId, status: 'approved', message: expect.stringMatching(/ voided$/) });
  const twice = await admin.post(`/v2/approvals/${requestId}/approve`);
  expect(twice.status).toBe(409);
  expect(twice.body.message).toBe(`Request ${requestId} was already approved by ug2@test.local`);
  const after = await ug.get('/v2/daybook', { depId: 100, date: localToday() });
  expect(after.body.voided.map((v: { invoiceNo: number }) => v.invoiceNo).sort()).toEqual([first, second].sort());
});

it('an admin voids at once; a request whose receipt changed since is a 409', async () => {
  await admin.put('/v2/settings/approvals', { ...NO_APPROVALS, void: true });
  const invoice = await issue('300');
  const held = await ug.del('/inv/del', { invNo: invoice });
  expect(held.status).toBe(202);
  expect((await admin.del('/inv/del', { invNo: invoice })).status).toBe(200);
  const stale = await ug2.post(`/v2/approvals/${held.body.requestId}/approve`);
  expect(stale.status).toBe(409);
  expect(stale.body.message).toMatch(/was voided at \d\d:\d\d by admin@test.local, after this request was made/);
});

it('an early receipt is refused while back-dated approval is off, and waits (202) when it is on', async () => {
  await server.db.update(settings).set({ backdateLimitDays: 30 }).where(eq(settings.id, 1));
  const early = (price: string, extra: Record<string, unknown> = {}) => ({
    depId: 100,
    admno: server.fixture.ug.admissionNo,
    date: '2025-08-01',
    items: [{ feeId: server.fixture.heads.exam, particulars: '', price }],
    ftotal: price,
    ftax: '0',
    fnet: price,
    confirm: true,
    ...extra,
  });
  try {
    await admin.put('/v2/settings/approvals', NO_APPROVALS);
    const off = await ug.post('/inv/register', early('150'));
    expect(off.status).toBe(400);
    expect(off.body.message).toMatch(/^The receipt date cannot be more than 30 days back/);

    await admin.put('/v2/settings/approvals', { ...NO_APPROVALS, backdated: true });
    const held = await ug.post('/inv/register', early('150', { reason: 'Paid in August, receipt book lost' }));
    expect(held.status, held.text).toBe(202);
    expect(responseProblems(routeOf('POST', '/inv/register'), held.body)).toEqual([]);
    expect(held.body).toEqual({ message: 'Sent for approval', requestId: expect.any(Number) });
    const listed = await ug2.get('/v2/approvals', { depId: 100, status: 'pending' });
    expect(listed.body).toContainEqual(
      expect.objectContaining({
        id: held.body.requestId,
        operation: 'backdated',
        amount: '150.00',
        reason: 'Paid in August, receipt book lost',
      }),
    );
    expect((await ug.post(`/v2/approvals/${held.body.requestId}/approve`)).status).toBe(403);
    const approved = await ug2.post(`/v2/approvals/${held.body.requestId}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.message).toMatch(/^Receipt #000\d+ made$/);
    const invoice = Number(/#000(\d+)/.exec(approved.body.message as string)![1]);
    const master = await ug.get('/inv/master', { invNo: invoice });
    expect(master.body.Result[0]).toMatchObject({ inv_date: '2025-08-01', net_amt: '150.00' });

    // A legacy client sends no reason: the request says so.
    const legacy = await ug.post('/inv/register', early('75'));
    expect(legacy.status).toBe(202);
    const reasons = await ug2.get('/v2/approvals', { depId: 100, status: 'pending' });
    expect(reasons.body).toContainEqual(
      expect.objectContaining({ id: legacy.body.requestId, reason: LEGACY_REST_BACKDATED_REASON }),
    );
    // An admin's receipt of the same date is made at once.
    const own = await admin.post('/inv/register', early('25'));
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ message: 'Receipt saved', invoice: expect.any(Number) });
  } finally {
    await admin.put('/v2/settings/approvals', NO_APPROVALS);
    await server.db.update(settings).set({ backdateLimitDays: 3650 }).where(eq(settings.id, 1));
  }
});
