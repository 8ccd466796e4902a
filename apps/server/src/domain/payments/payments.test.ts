/**
 * Online payments against a local stand-in of Razorpay: a link made for the dues, the payment brought
 * by the signed webhook (a documented sample's shape), by polling and by the payer's return, each
 * making one receipt whatever arrives twice or out of order; bad signatures; what cannot be applied
 * listed as an exception; the gateway down.
 */
import {
  type Database,
  enrolments,
  gatewayPayments,
  messages,
  paymentExceptions,
  paymentLinks,
  receipts,
  webhookDeliveries,
} from '@fees/db';
import { formatDate, formatRupees, type ZCreatePaymentLinkInput } from '@fees/validation';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LoginLimiter } from '../../auth/login-limiter';
import { today } from '../../config';
import { createContextInner } from '../../context';
import { createCaller } from '../../routers/_app';
import { useChannels } from '../messages/channels';
import { useFixture, useHarness } from '../../test/use-harness';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  type RazorpayStandIn,
  razorpaySignature,
  startRazorpayStandIn,
} from '../../test/razorpay';
import { pollLinks } from './poll';
import { RazorpayGateway } from './razorpay';
import type { PaymentsSetup } from './setup';

const h = useHarness();
const fx = useFixture(h);

/** The fixture's UG student owes tuition 12,500.00 (25,000 - 2,000 - 500 - 10,000 paid) and exam 1,500.00. */
const DUES = 14_000_00;

let razorpay: RazorpayStandIn;
let setup: PaymentsSetup;
let app: FastifyInstance;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
});
afterAll(() => razorpay.close());

beforeEach(async () => {
  razorpay.down = false;
  setup = {
    gateway: new RazorpayGateway({
      keyId: RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_WEBHOOK_SECRET,
      apiBase: razorpay.url,
    }),
    returnOrigin: null,
  };
  app = await buildApp({
    deps: { db: h.db, loginLimiter: new LoginLimiter(), secureCookies: false, payments: setup },
    webRoot: '/nonexistent',
  });
});
afterEach(() => app.close());

function clerk(db: Database = h.db) {
  return createCaller(createContextInner({ db, session: h.sessions.ugStaff, ip: '127.0.0.1', payments: setup }));
}

async function newLink(input: Partial<z.input<typeof ZCreatePaymentLinkInput>> = {}) {
  const link = await clerk().payments.createLink({ depId: 100, studentId: fx.ug.studentId, ...input });
  const row = (await h.db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id)))[0]!;
  return { ...link, gatewayLinkId: row.gatewayLinkId };
}

function deliver(delivery: { body: string; signature: string; eventId: string }, signature = delivery.signature) {
  return app.inject({
    method: 'POST',
    url: '/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': delivery.eventId,
    },
    body: delivery.body,
  });
}

async function onlineReceipts() {
  return h.db.select().from(receipts).where(eq(receipts.paymentMode, 'online')).orderBy(receipts.number);
}

async function receiptOf(number: number) {
  return h.caller('ugStaff').receipts.byNumber({ number });
}

describe('a payment link', () => {
  it('asks Razorpay for the dues as of today, with our reference, partial payments and its own notices off', async () => {
    const link = await newLink();
    expect(link).toMatchObject({ amountPaise: DUES, status: 'created', admissionNo: fx.ug.admissionNo });
    const sent = razorpay.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/payment_links');
    const body = JSON.parse(sent.body.toString());
    expect(body).toMatchObject({
      amount: DUES,
      currency: 'INR',
      accept_partial: false,
      notify: { sms: false, email: false },
    });
    expect(body.reference_id).toMatch(/^F100-/);
    expect(body.reference_id.length).toBeLessThanOrEqual(40);
    expect(link.url).toBe(razorpay.links.get(link.gatewayLinkId)!.short_url);
    expect(Math.abs(body.expire_by - (Date.now() / 1000 + 7 * 86_400))).toBeLessThan(60);
    const listed = await clerk().payments.links({ depId: 100 });
    expect(listed.map((l) => l.id)).toEqual([link.id]);
  });

  it('takes a typed amount no larger than what is open, and refuses more', async () => {
    const link = await newLink({ amount: '5000.00' });
    expect(link.amountPaise).toBe(5_000_00);
    await expect(newLink({ amount: '20000.00' })).rejects.toThrow(
      /is more than everything .* has open \(Rs 14,000\.00\)/,
    );
  });

  it('covers chosen instalments', async () => {
    const dues = await h.caller('ugStaff').plans.studentDues({ depId: 100, studentId: fx.ug.studentId });
    const [first] = dues.instalments;
    const link = await newLink({ instalmentIds: [first!.id] });
    expect(link).toMatchObject({ amountPaise: first!.outstanding, description: `Fees: ${first!.name}` });
    await expect(newLink({ instalmentIds: ['nope'] })).rejects.toThrow(/Instalment nope is not one of/);
  });

  it('goes to every defaulter of a batch once, however often it is asked', async () => {
    const batch = { depId: 100 as const, batchId: fx.ug.batchId, send: false };
    expect(await clerk().payments.createForDefaulters(batch)).toEqual({
      created: 1,
      alreadyOpen: 0,
      failed: [],
      defaulters: 1,
    });
    expect(await clerk().payments.createForDefaulters(batch)).toMatchObject({ created: 0, alreadyOpen: 1 });
    expect(await clerk().payments.links({ depId: 100 })).toHaveLength(1);
  });

  it('saves nothing and says why when Razorpay is down', async () => {
    razorpay.down = true;
    await expect(newLink()).rejects.toThrow(/Razorpay could not create the link .*503/);
    expect(await h.db.select().from(paymentLinks)).toEqual([]);
  });

  it('is refused on a server without the gateway', async () => {
    const caller = createCaller(createContextInner({ db: h.db, session: h.sessions.ugStaff }));
    await expect(caller.payments.createLink({ depId: 100, studentId: fx.ug.studentId })).rejects.toThrow(
      /Online payments are not set up/,
    );
  });

  it('is cancelled at Razorpay and here', async () => {
    const link = await newLink();
    const cancelled = await clerk().payments.cancelLink({ depId: 100, id: link.id });
    expect(cancelled.status).toBe('cancelled');
    expect(razorpay.links.get(link.gatewayLinkId)!.status).toBe('cancelled');
  });
});

describe('a payment becomes one receipt', () => {
  it('from the signed webhook: mode online, the payment id as reference, the heads filled like the counter', async () => {
    const link = await newLink();
    const payment = razorpay.pay(link.gatewayLinkId);
    const delivery = razorpay.event('payment_link.paid', link.gatewayLinkId, payment);
    const answer = await deliver(delivery);
    expect(answer.statusCode).toBe(200);
    const [receipt] = await onlineReceipts();
    expect(receipt).toMatchObject({ netPaise: DUES, paymentReference: payment.payment_id, date: today() });
    const view = await receiptOf(receipt!.number);
    expect(view.lines.map((l) => [l.feeHeadId, l.amountPaise])).toEqual([
      [fx.heads.tuition, 12_500_00],
      [fx.heads.exam, 1_500_00],
    ]);
    expect(view.payments).toMatchObject([{ paymentMode: 'online', paymentReference: payment.payment_id }]);
    const [listed] = await clerk().payments.links({ depId: 100 });
    expect(listed).toMatchObject({ status: 'paid', amountPaidPaise: DUES, receiptNumbers: [receipt!.number] });
    const book = await h.caller('ugStaff').reports.dayBook({ depId: 100, date: today() });
    expect(book.byUser.reduce((s, u) => s + u.byModePaise.online, 0)).toBe(DUES);
    expect(book.cashReceivedPaise).toBe(0);
    const dues = await h.caller('ugStaff').plans.studentDues({ depId: 100, studentId: fx.ug.studentId });
    expect(dues.toCollect).toBe(0);
  });

  it('once, whatever comes twice: the same delivery, then the poll, then the payer coming back', async () => {
    const link = await newLink();
    const payment = razorpay.pay(link.gatewayLinkId);
    const delivery = razorpay.event('payment_link.paid', link.gatewayLinkId, payment);
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect(await pollLinks(h.db, setup.gateway, { linkIds: [link.id] })).toMatchObject({ checked: 1, receipts: 0 });
    await app.inject({ method: 'GET', url: `/payments/return?razorpay_payment_link_id=${link.gatewayLinkId}` });
    expect(await onlineReceipts()).toHaveLength(1);
    expect(await h.db.select().from(gatewayPayments)).toHaveLength(1);
    expect(await h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.provider, 'razorpay'))).toHaveLength(
      2,
    );
  });

  it('from polling alone, where no webhook can arrive', async () => {
    const link = await newLink();
    const payment = razorpay.pay(link.gatewayLinkId);
    const result = await clerk().payments.refresh({ depId: 100 });
    expect(result).toMatchObject({ checked: 1, receipts: 1, failed: 0 });
    const [receipt] = await onlineReceipts();
    expect(receipt?.paymentReference).toBe(payment.payment_id);
  });

  it('from the payer coming back, the link fetched from Razorpay and nothing in the address believed', async () => {
    const link = await newLink();
    razorpay.pay(link.gatewayLinkId);
    const page = await app.inject({
      method: 'GET',
      url: `/payments/return?razorpay_payment_link_id=${link.gatewayLinkId}&razorpay_payment_link_status=paid`,
    });
    expect(page.statusCode).toBe(200);
    const [receipt] = await onlineReceipts();
    expect(page.body).toContain(`Rs ${formatRupees(DUES)}`);
    expect(page.body).toContain(String(receipt!.number).padStart(4, '0').slice(-4));
    const unknown = await app.inject({ method: 'GET', url: '/payments/return?razorpay_payment_link_id=plink_nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a part paid, then the rest: two receipts whether paid arrives before partially_paid or after', async () => {
    for (const order of ['in order', 'paid first'] as const) {
      const link = await newLink({ amount: '5000.00' });
      const first = razorpay.pay(link.gatewayLinkId, { amount: 2_000_00 });
      const partly = razorpay.event('payment_link.partially_paid', link.gatewayLinkId, first);
      const second = razorpay.pay(link.gatewayLinkId);
      const paid = razorpay.event('payment_link.paid', link.gatewayLinkId, second);
      for (const delivery of order === 'in order' ? [partly, paid] : [paid, partly]) {
        expect((await deliver(delivery)).statusCode).toBe(200);
      }
      const [listed] = (await clerk().payments.links({ depId: 100 })).filter((l) => l.id === link.id);
      expect(listed).toMatchObject({ status: 'paid', amountPaidPaise: 5_000_00 });
      expect(listed!.receiptNumbers).toHaveLength(2);
    }
    expect((await onlineReceipts()).map((r) => r.netPaise).sort()).toEqual([2_000_00, 2_000_00, 3_000_00, 3_000_00]);
  });

  it('paid after the link expired: applied, and flagged', async () => {
    const link = await newLink();
    const expiredEvent = (() => {
      razorpay.expire(link.gatewayLinkId);
      return razorpay.event('payment_link.expired', link.gatewayLinkId);
    })();
    expect((await deliver(expiredEvent)).statusCode).toBe(200);
    await h.db
      .update(paymentLinks)
      .set({ expiresAt: new Date(Date.now() - 3_600_000).toISOString() })
      .where(eq(paymentLinks.id, link.id));
    expect((await clerk().payments.links({ depId: 100 }))[0]!.status).toBe('expired');
    // The gateway still took a payment begun before the expiry.
    const payment = razorpay.pay(link.gatewayLinkId);
    await pollLinks(h.db, setup.gateway, {});
    const [row] = await h.db.select().from(gatewayPayments).where(eq(gatewayPayments.paymentId, payment.payment_id));
    expect(row).toMatchObject({ outcome: 'receipt', flag: expect.stringMatching(/^Paid after the link expired/) });
    expect((await clerk().payments.links({ depId: 100 }))[0]!.status).toBe('paid');
  });
});

describe('what cannot be applied is listed, never lost', () => {
  it('an amount that does not match the link', async () => {
    const link = await newLink({ amount: '5000.00' });
    const payment = razorpay.pay(link.gatewayLinkId, { amount: 5_000_01 });
    expect((await deliver(razorpay.event('payment_link.paid', link.gatewayLinkId, payment))).statusCode).toBe(200);
    expect(await onlineReceipts()).toEqual([]);
    const [listed] = await clerk().payments.exceptions({ depId: 100, status: 'open' });
    expect(listed).toMatchObject({
      paymentId: payment.payment_id,
      amountPaise: 5_000_01,
      problem: 'Rs 5,000.01 paid on a link of Rs 5,000.00',
      admissionNo: fx.ug.admissionNo,
    });
    // Delivered again: still one entry.
    await pollLinks(h.db, setup.gateway, { linkIds: [link.id] });
    expect(await h.db.select().from(paymentExceptions)).toHaveLength(1);
    await clerk().payments.resolveException({ depId: 100, id: listed!.id, note: 'Refunded the paisa at Razorpay' });
    expect(await clerk().payments.exceptions({ depId: 100, status: 'open' })).toEqual([]);
    await expect(clerk().payments.resolveException({ depId: 100, id: listed!.id, note: 'Again' })).rejects.toThrow(
      /resolved already/,
    );
  });

  it('a payment on a closed day, on a cancelled link, for a deleted student, and a refund at the gateway', async () => {
    const closed = await newLink({ amount: '1000.00' });
    await h.caller('admin').days.close({ depId: 100, date: today() });
    await deliver(razorpay.event('payment_link.paid', closed.gatewayLinkId, razorpay.pay(closed.gatewayLinkId)));
    await h.caller('admin').days.reopen({ depId: 100, date: today(), reason: 'Online payment to take' });

    const cancelled = await newLink({ amount: '1000.00' });
    await h.db.update(paymentLinks).set({ status: 'cancelled' }).where(eq(paymentLinks.id, cancelled.id));
    await deliver(razorpay.event('payment_link.paid', cancelled.gatewayLinkId, razorpay.pay(cancelled.gatewayLinkId)));

    const gone = await newLink({ amount: '1000.00' });
    await h.db.update(paymentLinks).set({ studentId: null }).where(eq(paymentLinks.id, gone.id));
    await deliver(razorpay.event('payment_link.paid', gone.gatewayLinkId, razorpay.pay(gone.gatewayLinkId)));

    const refunded = await newLink({ amount: '1000.00' });
    const payment = razorpay.pay(refunded.gatewayLinkId);
    await deliver(razorpay.event('payment_link.paid', refunded.gatewayLinkId, payment));
    await deliver(razorpay.refundEvent(payment));

    const problems = (await clerk().payments.exceptions({ depId: 100 })).map((e) => e.problem);
    expect(problems).toEqual([
      expect.stringMatching(
        /^Razorpay refunded Rs 1,000\.00 of this payment \(receipt #0+\d+\): void or refund it here$/,
      ),
      expect.stringMatching(/was deleted after the link was sent$/),
      expect.stringMatching(/^Paid on link F100-.*, which was cancelled here$/),
      expect.stringMatching(/^Paid on \d\d-\d\d-\d{4}, a day already closed: reopen the day to take it$/),
    ]);
    expect(await onlineReceipts()).toHaveLength(1);
  });
});

describe('a student who left', () => {
  it('pays a link sent before leaving: the payment waits in the exceptions, no receipt', async () => {
    const link = await newLink({ amount: '1000.00' });
    // As a promotion's Leave ends it: the student has no open enrolment any more.
    await h.db
      .update(enrolments)
      .set({ status: 'left', toDate: today() })
      .where(and(eq(enrolments.studentId, fx.ug.studentId), eq(enrolments.status, 'open')));
    await deliver(razorpay.event('payment_link.paid', link.gatewayLinkId, razorpay.pay(link.gatewayLinkId)));
    const problems = (await clerk().payments.exceptions({ depId: 100 })).map((e) => e.problem);
    expect(problems).toEqual([expect.stringMatching(/has left: refund the payment or take it at the counter$/)]);
    expect(await onlineReceipts()).toHaveLength(0);
  });
});

describe('the webhook believes only Razorpay', () => {
  it('refuses a tampered byte, a wrong secret and a missing signature with 401, writing nothing', async () => {
    const link = await newLink();
    const payment = razorpay.pay(link.gatewayLinkId);
    const delivery = razorpay.event('payment_link.paid', link.gatewayLinkId, payment);
    const tampered = { ...delivery, body: delivery.body.replace(`"amount":${DUES}`, `"amount":${DUES - 1}`) };
    expect(tampered.body).not.toBe(delivery.body);
    expect((await deliver(tampered)).statusCode).toBe(401);
    const oneByte = { ...delivery, body: `${delivery.body.slice(0, -1)} ` };
    expect((await deliver(oneByte, delivery.signature)).statusCode).toBe(401);
    expect((await deliver(delivery, razorpaySignature(delivery.body, 'not-the-secret'))).statusCode).toBe(401);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/webhooks/razorpay',
      headers: { 'content-type': 'application/json' },
      body: delivery.body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await onlineReceipts()).toEqual([]);
    expect(await h.db.select().from(gatewayPayments)).toEqual([]);
    expect(await h.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it('asks Razorpay for the payments of a paid link whose delivery names none', async () => {
    const link = await newLink();
    const payment = razorpay.pay(link.gatewayLinkId);
    expect((await deliver(razorpay.event('payment_link.paid', link.gatewayLinkId))).statusCode).toBe(200);
    expect((await onlineReceipts()).map((r) => r.paymentReference)).toEqual([payment.payment_id]);
  });

  it('acknowledges an event it does not act on', async () => {
    const body = JSON.stringify({ entity: 'event', event: 'payment.authorized', contains: ['payment'], payload: {} });
    const answer = await deliver({ body, signature: razorpaySignature(body), eventId: 'evt_other' });
    expect(answer.statusCode).toBe(200);
  });
});

describe('the family is told', () => {
  afterEach(() => useChannels([]));

  it('gets the link by the messages when sent, and the receipt of its payment', async () => {
    useChannels([
      { channel: 'sms', description: 'sms stand-in', send: async (m) => ({ ok: true, providerId: `p-${m.id}` }) },
    ]);
    const link = await newLink({ send: true });
    const sent = await h.db.select().from(messages).where(eq(messages.event, 'payment_link'));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]!.body).toBe(
      `Fees of Rs 14000.00 for Anjali Menon (${fx.ug.admissionNo}) can be paid online till ` +
        `${formatDate(today(new Date(link.expiresAt)))}: ${link.url}`,
    );
    await clerk().payments.sendLink({ depId: 100, id: link.id });
    expect(await h.db.select().from(messages).where(eq(messages.event, 'payment_link'))).toHaveLength(sent.length * 2);
    razorpay.pay(link.gatewayLinkId);
    await clerk().payments.refresh({ depId: 100 });
    const [receipt] = await onlineReceipts();
    const told = await h.db.select().from(messages).where(eq(messages.event, 'receipt_created'));
    expect(told.map((m) => m.receiptNumber)).toEqual(sent.map(() => receipt!.number));
  });
});

describe('the counter', () => {
  it('never takes a payment in the gateway mode', async () => {
    await expect(
      h.caller('ugStaff').receipts.create({
        depId: 100,
        studentId: fx.ug.studentId,
        date: today(),
        items: [{ feeHeadId: fx.heads.exam, amount: '100.00' }],
        paymentMode: 'online',
        paymentReference: 'pay_typedbyhand',
        total: '100.00',
        tax: '0.00',
        net: '100.00',
        confirm: true,
      } as never),
    ).rejects.toThrow(/Online payments become receipts from the payment gateway, not at the counter/);
  });
});
