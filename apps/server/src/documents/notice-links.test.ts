/**
 * The demand notice's ways to pay, read back from its PDF over real HTTP: "with payment link" makes a
 * link for the notice's total (once: the open one is reused) and prints its QR beside the UPI QR, each
 * labelled; the family page's link prints where the app has a public address; without a gateway the
 * request is refused and no notice is made.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { paymentLinks } from '@fees/db';
import { temporaryFolder } from '@fees/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { createContextInner } from '../context';
import { RazorpayGateway } from '../domain/payments/razorpay';
import type { PaymentsSetup } from '../domain/payments/setup';
import { createCaller } from '../routers/_app';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  type RazorpayStandIn,
  startRazorpayStandIn,
} from '../test/razorpay';
import { ACCOUNTS, RestClient } from '../test/rest';
import { useFixture, useHarness } from '../test/use-harness';

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);
let razorpay: RazorpayStandIn;
const servers: FastifyInstance[] = [];

/** A server (with the gateway or without) and the UG accountant signed in to it. */
const setupOf = (): PaymentsSetup => ({
  gateway: new RazorpayGateway({
    keyId: RAZORPAY_KEY_ID,
    keySecret: RAZORPAY_KEY_SECRET,
    webhookSecret: RAZORPAY_WEBHOOK_SECRET,
    apiBase: razorpay.url,
  }),
  returnOrigin: null,
});

async function clerkOn(withGateway: boolean): Promise<RestClient> {
  const payments = withGateway ? setupOf() : undefined;
  const app = await buildApp({
    deps: {
      db: h.db,
      loginLimiter: new LoginLimiter(),
      secureCookies: false,
      payments,
      publicUrl: 'https://fees.example.org',
    },
    webRoot: '/nonexistent',
  });
  servers.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const client = new RestClient(`http://127.0.0.1:${address.port}`);
  const { email, password, depId } = ACCOUNTS.ugStaff;
  const answer = await client.post('/deplogin/', { email, password, depId });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.text}`);
  return client;
}

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  await h.caller('admin').plans.paymentSettings.update({ depId: 100, upiId: 'ugcollege@sbi', payeeName: 'UG College' });
});
afterAll(async () => {
  for (const app of servers) await app.close();
  await razorpay.close();
});

async function pdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  const path = join(temporaryFolder('fees-notice-'), 'notice.pdf');
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', path, '-']).toString();
}

const linksOf = (studentId: number) => h.db.select().from(paymentLinks).where(eq(paymentLinks.studentId, studentId));

describe('the demand notice with a payment link', () => {
  it("prints the link's QR beside the UPI QR, labelled, and the family page's address; the link is made once", async () => {
    const clerk = await clerkOn(true);
    const plain = await pdfText(await clerk.download(`/api/notices/${fx.ug.studentId}.pdf`));
    expect(plain).toContain('UPI: ugcollege@sbi');
    expect(plain).not.toContain('Pay online');
    expect(plain).toMatch(
      /The fees, receipts and paying online: https:\/\/fees\.example\.org\/family\/\d+-1-[0-9a-f]+/,
    );
    expect(await linksOf(fx.ug.studentId)).toHaveLength(0);

    const withLink = await pdfText(await clerk.download(`/api/notices/${fx.ug.studentId}.pdf?paylink=1`));
    expect(withLink).toContain('Pay online: card, UPI or');
    expect(withLink).toContain('UPI: ugcollege@sbi');
    expect(withLink).toContain('Scan to pay Rs 14,000.00 to UG College');
    expect(withLink).toContain('or by UPI or online with the payment link');
    const links = await linksOf(fx.ug.studentId);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ amountPaise: 14_000_00, status: 'created' });

    // Issued again (or printed without asking): the open link is the one printed, no second is made.
    expect(await pdfText(await clerk.download(`/api/notices/${fx.ug.studentId}.pdf?paylink=1`))).toContain(
      'Pay online: card, UPI or',
    );
    expect(await pdfText(await clerk.download(`/api/notices/${fx.ug.studentId}.pdf`))).toContain(
      'Pay online: card, UPI or',
    );
    expect(await linksOf(fx.ug.studentId)).toHaveLength(1);
  });

  it('is refused by name without a gateway, or with the gateway down, and nothing is made', async () => {
    const offline = await clerkOn(false);
    const refused = await offline.download(`/api/notices/${fx.ug.studentId}.pdf?paylink=2`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { paylink: ['Give 1 or leave it out'] } });
    const noGateway = await offline.download(`/api/notices/${fx.ug.studentId}.pdf?paylink=1`);
    expect(noGateway.status).toBe(404);
    expect(((await noGateway.json()) as { message: string }).message).toContain('RAZORPAY_KEY_ID');

    const clerk = await clerkOn(true);
    const staff = createCaller(
      createContextInner({ db: h.db, session: h.sessions.ugStaff, ip: '127.0.0.1', payments: setupOf() }),
    );
    await staff.payments.cancelLink({ depId: 100, id: (await linksOf(fx.ug.studentId))[0]!.id });
    razorpay.down = true;
    try {
      const down = await clerk.download(`/api/notices/${fx.ug.studentId}.pdf?paylink=1`);
      expect(down.status).toBe(503);
    } finally {
      razorpay.down = false;
    }
    expect((await linksOf(fx.ug.studentId)).filter((l) => l.status === 'created')).toHaveLength(0);
  });
});
