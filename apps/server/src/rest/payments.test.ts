/** The payment links' REST paths over real HTTP against the Razorpay stand-in, answers parsed by their schemas. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RazorpayGateway } from '../domain/payments/razorpay';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  type RazorpayStandIn,
  startRazorpayStandIn,
} from '../test/razorpay';
import { type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let razorpay: RazorpayStandIn;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  server = await startRestServer({
    payments: {
      gateway: new RazorpayGateway({
        keyId: RAZORPAY_KEY_ID,
        keySecret: RAZORPAY_KEY_SECRET,
        webhookSecret: RAZORPAY_WEBHOOK_SECRET,
        apiBase: razorpay.url,
      }),
      returnOrigin: null,
    },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await razorpay.close();
});

describe('/rest/v2/payment-links', () => {
  it('makes a link for the dues, lists it, and Refresh turns its payment into a receipt', async () => {
    const clerk = await server.signIn('ugStaff');
    const made = await clerk.post('/v2/payment-links', { depId: 100, admNo: server.fixture.ug.admissionNo });
    expect(made.status).toBe(200);
    expect(responseProblems(routeOf('POST', '/v2/payment-links'), made.body)).toEqual([]);
    expect(made.body).toMatchObject({ amountPaise: 14_000_00, status: 'created' });
    expect(made.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/i\//);

    const typed = await clerk.post('/v2/payment-links', {
      depId: 100,
      admNo: server.fixture.ug.admissionNo,
      amount: 500,
    });
    expect(typed.body).toMatchObject({ amountPaise: 500_00 });

    const listed = await clerk.get('/v2/payment-links', { depId: 100, status: 'created' });
    expect(responseProblems(routeOf('GET', '/v2/payment-links'), listed.body)).toEqual([]);
    expect(listed.body.map((l: { id: number }) => l.id)).toEqual([typed.body.id, made.body.id]);

    const gatewayId = [...razorpay.links.values()].find((l) => l.short_url === made.body.url)!.id;
    razorpay.pay(gatewayId);
    const refreshed = await clerk.post('/v2/payment-links/refresh', { depId: 100 });
    expect(responseProblems(routeOf('POST', '/v2/payment-links/refresh'), refreshed.body)).toEqual([]);
    expect(refreshed.body).toMatchObject({ checked: 2, receipts: 1, failed: 0 });
    const paid = await clerk.get('/v2/payment-links', {
      depId: 100,
      admNo: server.fixture.ug.admissionNo,
      status: 'paid',
    });
    expect(paid.body).toEqual([expect.objectContaining({ id: made.body.id, status: 'paid' })]);
  });

  it('refuses bad input by field, another department, and answers 503 with nothing saved when Razorpay is down', async () => {
    const clerk = await server.signIn('ugStaff');
    const bad = await clerk.post('/v2/payment-links', {
      depId: 100,
      admNo: server.fixture.ug.admissionNo,
      amount: 'ten',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('amount');
    const none = await clerk.post('/v2/payment-links', { depId: 100, admNo: 'NO-SUCH' });
    expect(none.status).toBe(404);
    const other = await (await server.signIn('pgStaff')).get('/v2/payment-links', { depId: 100 });
    expect(other.status).toBe(403);
    const admin = await server.signIn('admin');
    const before = (await admin.get('/v2/payment-links', { depId: 101 })).body.length;
    razorpay.down = true;
    const down = await admin.post('/v2/payment-links', { depId: 101, admNo: server.fixture.pg.admissionNo });
    razorpay.down = false;
    expect(down.status).toBe(503);
    expect(JSON.stringify(down.body)).toMatch(/Razorpay could not create the link/);
    expect((await admin.get('/v2/payment-links', { depId: 101 })).body).toHaveLength(before);
  });
});
