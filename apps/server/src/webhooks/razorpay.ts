/**
 * Razorpay's webhook at /webhooks/razorpay, and the payer's return at /payments/return.
 *
 * The webhook checks X-Razorpay-Signature (the HMAC-SHA256 of the raw body under
 * RAZORPAY_WEBHOOK_SECRET, compared in constant time) before anything is written: a missing or wrong
 * one is a 401 and changes nothing. Payment link events (paid, partially paid, expired, cancelled) and
 * refund.processed are applied; others are acknowledged and ignored; every believed delivery is kept.
 * Razorpay retries a delivery that is not answered 2xx, so a delivery applied twice must change nothing:
 * the payment id is the claim (domain/payments/apply.ts).
 *
 * The return carries the link's id in its query; nothing in it is believed: the link is fetched from
 * the gateway and what the gateway says is applied, as a poll would.
 */
import { type Database, findGatewayPaymentsOfLink, findPaymentLinkByGatewayId, insertWebhookDelivery } from '@fees/db';
import { formatRupees, receiptLabel } from '@fees/validation';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerDeps } from '../context';
import { applyGatewayPayment, applyGatewayRefund, applyLinkStatus } from '../domain/payments/apply';
import { type GatewayEvent, GatewayError, type PaymentGateway } from '../domain/payments/gateway';
import { syncLink } from '../domain/payments/poll';
import { PAYMENT_RETURN_PATH } from '../domain/payments/setup';
import { inTransaction } from '../domain/write';
import { escapeHtml, publicPage, sendPublicPage } from '../public-page';
import { VerifyLimiter } from '../verify/limiter';
import { takeRawBodies } from './common';

async function applyEvent(db: Database, gateway: PaymentGateway, event: GatewayEvent): Promise<string> {
  if (event.kind === 'ignored') return `${event.event}: not acted on`;
  if (event.kind === 'refund') {
    await applyGatewayRefund(db, { gateway: gateway.name, label: gateway.label, ...event });
    return `${event.event}: ${event.paymentId} listed for an accountant`;
  }
  if (!event.payment && (event.link.status === 'paid' || event.link.status === 'partially_paid')) {
    // Paid, but the delivery names no captured payment: the gateway is asked for the link's payments.
    await syncLink(db, gateway.name, await gateway.fetchLink(event.link.id), 'webhook');
    return `${event.event}: link ${event.link.id} fetched`;
  }
  if (!event.payment) {
    await applyLinkStatus(db, gateway.name, event.link);
    return `${event.event}: link ${event.link.id} ${event.link.status}`;
  }
  const outcome = await applyGatewayPayment(db, {
    gateway: gateway.name,
    link: event.link,
    payment: event.payment,
    via: 'webhook',
  });
  const what =
    outcome.outcome === 'receipt'
      ? `receipt ${receiptLabel(outcome.receiptNumber)}${outcome.flag ? ` (${outcome.flag})` : ''}`
      : outcome.outcome === 'exception'
        ? `exception: ${outcome.problem}`
        : 'already applied';
  return `${event.event}: ${event.payment.id} ${what}`;
}

export async function razorpayWebhook(app: FastifyInstance, { deps }: { deps: ServerDeps }): Promise<void> {
  takeRawBodies(app);
  app.post('/webhooks/razorpay', async (req, reply) => {
    const gateway = deps.payments?.gateway;
    if (gateway?.name !== 'razorpay')
      return reply.code(404).send({ message: 'Online payments are not set up (RAZORPAY_KEY_ID)' });
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['x-razorpay-signature'];
    if (!gateway.verifyWebhook(body, typeof signature === 'string' ? signature : undefined)) {
      req.log.warn({ route: '/webhooks/razorpay' }, 'webhook refused: missing or wrong signature');
      return reply.code(401).send({ message: 'The signature is missing or wrong' });
    }
    const event = gateway.readWebhook(body);
    if (!event) return reply.code(400).send({ message: 'The body is not a Razorpay event' });
    let outcome: string;
    try {
      outcome = await applyEvent(deps.db, gateway, event);
    } catch (error) {
      // Razorpay delivers again what was not answered 2xx: a link it could not be asked about comes back.
      if (error instanceof GatewayError) return reply.code(503).send({ message: error.message });
      throw error;
    }
    await inTransaction({ db: deps.db }, (tx) =>
      insertWebhookDelivery(tx, {
        provider: gateway.name,
        eventId: gateway.webhookEventId(req.headers),
        body: body.toString('utf8'),
        outcome: outcome.slice(0, 2000),
      }),
    );
    return reply.code(200).send({ ok: true });
  });
}

const page = (reply: FastifyReply, status: number, title: string, text: string) =>
  sendPublicPage(reply, status, publicPage(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`));

/** GET /payments/return?razorpay_payment_link_id=plink_...: the payer back from the gateway. */
export async function paymentReturnRoutes(app: FastifyInstance, { deps }: { deps: ServerDeps }): Promise<void> {
  const limiter = new VerifyLimiter();
  app.get(PAYMENT_RETURN_PATH, async (req, reply) => {
    const gateway = deps.payments?.gateway;
    if (!gateway) return page(reply, 404, 'Online payments are not set up', 'Please contact the fee office.');
    if (!limiter.allow(req.ip)) return page(reply, 429, 'Too many requests', 'Please wait a minute and try again.');
    const query = req.query as Record<string, unknown>;
    const linkId = query.razorpay_payment_link_id;
    const link =
      typeof linkId === 'string' && linkId.length <= 60
        ? await findPaymentLinkByGatewayId(deps.db, { gateway: gateway.name, gatewayLinkId: linkId })
        : undefined;
    if (!link) {
      limiter.recordWrong(req.ip);
      return page(reply, 404, 'Payment link not found', 'Please contact the fee office.');
    }
    try {
      await syncLink(deps.db, gateway.name, await gateway.fetchLink(link.gatewayLinkId), 'return');
    } catch (error) {
      req.log.warn({ err: error }, 'payment return: the gateway could not be asked');
      return page(
        reply,
        200,
        'Thank you',
        'Your payment is being confirmed. The receipt is sent to you as soon as it reaches the fee office.',
      );
    }
    const paid = await findGatewayPaymentsOfLink(deps.db, link.id);
    const numbers = paid.flatMap((p) =>
      p.receiptNumber === null ? [] : [`${receiptLabel(p.receiptNumber)} (Rs ${formatRupees(p.amountPaise)})`],
    );
    return page(
      reply,
      200,
      'Thank you',
      numbers.length > 0
        ? `Your payment for ${link.studentName} is received: receipt ${numbers.join(', ')}. It is also sent to you.`
        : 'Your payment is being confirmed. The receipt is sent to you as soon as it reaches the fee office.',
    );
  });
}
