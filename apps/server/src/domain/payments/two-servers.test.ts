/**
 * Two app servers on one database (on PostgreSQL each with its own pool, as two servers have): the
 * webhook reaching one while the other polls and the payer comes back to it, all at once, for many
 * paid links: exactly one receipt per payment, numbered without gaps.
 */
import {
  closePostgres,
  type Database,
  gatewayPayments,
  openPostgres,
  paymentLinks,
  receipts,
  transaction,
} from '@fees/db';
import { onPostgres, openTestDatabase } from '@fees/db/testing';
import { createTestPostgres, type TestPostgres } from '@fees/db/testing/postgres';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LoginLimiter } from '../../auth/login-limiter';
import { buildFixture, type Fixture } from '../../test/fixture';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  type RazorpayStandIn,
  startRazorpayStandIn,
} from '../../test/razorpay';
import { pollLinks } from './poll';
import { RazorpayGateway } from './razorpay';

const LINKS = 12;

let postgres: TestPostgres | undefined;
let first: Database;
let second: Database;
let fx: Fixture;
let razorpay: RazorpayStandIn;
let apps: FastifyInstance[];

const gateway = () =>
  new RazorpayGateway({
    keyId: RAZORPAY_KEY_ID,
    keySecret: RAZORPAY_KEY_SECRET,
    webhookSecret: RAZORPAY_WEBHOOK_SECRET,
    apiBase: razorpay.url,
  });

beforeAll(async () => {
  if (onPostgres) {
    postgres = await createTestPostgres();
    first = await openPostgres(postgres.url, { max: 4 });
    second = await openPostgres(postgres.url, { max: 4 });
  } else {
    first = await openTestDatabase();
    second = first;
  }
  fx = await buildFixture(first);
  razorpay = await startRazorpayStandIn();
  apps = await Promise.all(
    [first, second].map((db) =>
      buildApp({
        deps: {
          db,
          loginLimiter: new LoginLimiter(),
          secureCookies: false,
          payments: { gateway: gateway(), returnOrigin: null },
        },
        webRoot: '/nonexistent',
      }),
    ),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await razorpay.close();
  if (postgres) {
    await closePostgres(first);
    await closePostgres(second);
    await postgres.stop();
  }
});

describe('webhook, polling and the return at once on two servers', () => {
  it('make exactly one receipt per payment', async () => {
    const made = [];
    for (let i = 0; i < LINKS; i++) {
      const link = await gateway().createLink({
        amountPaise: 100_00 + i,
        referenceId: `two-servers-${i}`,
        description: 'Fees',
        expiresAt: new Date(Date.now() + 86_400_000),
        customer: { name: 'Anjali Menon', contact: null, email: null },
        callbackUrl: null,
      });
      await transaction(first, (tx) =>
        tx.insert(paymentLinks).values({
          gateway: 'razorpay',
          departmentId: 100,
          studentId: fx.ug.studentId,
          admissionNo: fx.ug.admissionNo,
          studentName: 'Anjali Menon',
          amountPaise: link.amountPaise,
          description: 'Fees',
          referenceId: link.referenceId,
          gatewayLinkId: link.id,
          shortUrl: link.shortUrl,
          expiresAt: link.expiresAt!,
        }),
      );
      made.push({ link, payment: razorpay.pay(link.id) });
    }
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    await Promise.all([
      ...made.map(({ link, payment }) => {
        const delivery = razorpay.event('payment_link.paid', link.id, payment);
        return one.inject({
          method: 'POST',
          url: '/webhooks/razorpay',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': delivery.signature },
          body: delivery.body,
        });
      }),
      pollLinks(second, gateway(), {}),
      pollLinks(first, gateway(), {}),
      ...made.map(({ link }) =>
        two.inject({ method: 'GET', url: `/payments/return?razorpay_payment_link_id=${link.id}` }),
      ),
    ]);
    const online = await first
      .select()
      .from(receipts)
      .where(eq(receipts.paymentMode, 'online'))
      .orderBy(asc(receipts.number));
    expect(online).toHaveLength(LINKS);
    expect(new Set(online.map((r) => r.paymentReference))).toEqual(new Set(made.map((m) => m.payment.payment_id)));
    const numbers = online.map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    const claims = await first.select().from(gatewayPayments);
    expect(claims.every((c) => c.outcome === 'receipt')).toBe(true);
    expect(claims).toHaveLength(LINKS);
  }, 60_000);
});
