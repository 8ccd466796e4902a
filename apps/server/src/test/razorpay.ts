/**
 * A local stand-in for Razorpay's Payment Links API, written from its documentation: POST
 * /v1/payment_links, GET /v1/payment_links/{id}, POST /v1/payment_links/{id}/cancel, with basic auth of
 * the key id and secret. It records every request, and the test tells it that a link was paid (in
 * full or in part), expired, or that Razorpay is down. `event` builds a webhook delivery shaped like
 * the documented sample payloads, signed with the webhook secret as Razorpay signs it. `page` serves
 * a short URL's payment page, whose Pay button pays the link and sends the browser to its callback.
 * GET /v1/settlements/recon/combined answers the lines settled on the day asked (India), paged by count
 * and skip: the documented sample's four lines (razorpay-settlement-recon.json, settled 11-09-2019) and
 * the settlements the test makes with `settle`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type RecordedRequest, type StandIn, type StandInAnswer, startStandIn } from './stand-in';

export const RAZORPAY_KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
export const RAZORPAY_KEY_SECRET = 'thisisatestsecret4razorpay';
export const RAZORPAY_WEBHOOK_SECRET = 'webhook-secret-5bd1c0';

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

export interface StandInPayment {
  payment_id: string;
  amount: number;
  created_at: number;
  method: string;
  plink_id: string;
  status: 'captured';
  updated_at: number;
}

export interface StandInLink {
  id: string;
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: { name?: string; contact?: string; email?: string };
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  notes: Record<string, string> | null;
  notify: { email: boolean; sms: boolean };
  payments: StandInPayment[] | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: unknown[];
  short_url: string;
  status: 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
  updated_at: number;
  upi_link: boolean;
  user_id: string;
}

/** A line of the settlement reconciliation API, as documented. */
export type ReconItem = Record<string, unknown> & {
  entity_id: string;
  type: string;
  amount: number;
  credit: number;
  debit: number;
  fee: number;
  tax: number;
  settled_at: number;
  settlement_id: string;
  settlement_utr: string | null;
};

/** The documented sample response of GET /v1/settlements/recon/combined. */
export const RECON_SAMPLE = JSON.parse(
  readFileSync(new URL('./razorpay-settlement-recon.json', import.meta.url), 'utf8'),
) as { entity: 'collection'; count: number; items: ReconItem[] };

/** Razorpay's fee on a payment in the stand-in: 2%, and 18% GST on it, the GST inside `fee` as Razorpay reports it. */
export function standInFee(amount: number): { fee: number; tax: number } {
  const charge = Math.round(amount * 0.02);
  const tax = Math.round(charge * 0.18);
  return { fee: charge + tax, tax };
}

export interface RazorpayStandIn {
  url: string;
  requests: RecordedRequest[];
  links: Map<string, StandInLink>;
  /** Razorpay answers 503 to everything while true. */
  down: boolean;
  /** Records a captured payment on the link (the whole amount left by default); the link is paid or partly paid. */
  pay(linkId: string, options?: { amount?: number; at?: Date }): StandInPayment;
  expire(linkId: string): void;
  /** A signed webhook delivery for the link's event, shaped like the documented samples. */
  event(
    event: 'payment_link.paid' | 'payment_link.partially_paid' | 'payment_link.expired' | 'payment_link.cancelled',
    linkId: string,
    payment?: StandInPayment,
  ): { body: string; signature: string; eventId: string };
  refundEvent(payment: StandInPayment, amount?: number): { body: string; signature: string; eventId: string };
  /** The settlement lines the recon API serves (the sample's first); a test may add or change lines. */
  settled: ReconItem[];
  /**
   * Settles the payments at a time (now by default) in one new settlement with its own UTR, the fee of
   * `standInFee` unless given per payment id; answers the settlement's id, UTR and net.
   */
  settle(
    payments: Array<{ payment_id: string; amount: number }>,
    options?: { at?: Date; fees?: Record<string, { fee: number; tax: number }> },
  ): { settlementId: string; utr: string; netPaise: number };
  close(): Promise<void>;
}

export function razorpaySignature(body: string | Buffer, secret = RAZORPAY_WEBHOOK_SECRET): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const now = () => Math.floor(Date.now() / 1000);

function error(status: number, description: string): StandInAnswer {
  return {
    status,
    json: { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } },
  };
}

/** The documented payment entity of a captured Payment Link payment. */
function paymentEntity(link: StandInLink, payment: StandInPayment) {
  return {
    id: payment.payment_id,
    entity: 'payment',
    amount: payment.amount,
    currency: 'INR',
    status: 'captured',
    order_id: `order_${link.id.slice(6)}`,
    invoice_id: null,
    international: false,
    method: payment.method,
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    description: link.description,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: 'gaurav.kumar@exampleupi',
    email: link.customer.email ?? 'void@razorpay.com',
    contact: link.customer.contact ?? '+919000090000',
    notes: [],
    fee: Math.round(payment.amount * 0.02),
    tax: Math.round(payment.amount * 0.02 * 0.18),
    error_code: null,
    error_description: null,
    acquirer_data: { rrn: '528364871642', upi_transaction_id: '0D8A7B1C4F9E' },
    created_at: payment.created_at,
  };
}

export async function startRazorpayStandIn(): Promise<RazorpayStandIn> {
  const links = new Map<string, StandInLink>();
  const auth = `Basic ${Buffer.from(`${RAZORPAY_KEY_ID}:${RAZORPAY_KEY_SECRET}`).toString('base64')}`;
  const state = { down: false };
  const answer = (req: RecordedRequest): StandInAnswer => {
    if (state.down) return { status: 503, text: '<html><body>Service Unavailable</body></html>' };
    const hosted = /^\/i\/([A-Za-z0-9]+)(\/pay)?$/.exec(req.url);
    if (hosted) return hostedPage(hosted[1]!, hosted[2] !== undefined && req.method === 'POST');
    if (req.headers.authorization !== auth) return error(401, 'The api key provided is invalid');
    const path = req.url.split('?')[0]!;
    if (req.method === 'GET' && path === '/v1/settlements/recon/combined') return recon(req.url);
    if (req.method === 'POST' && path.replace(/\/$/, '') === '/v1/payment_links') {
      const body = JSON.parse(req.body.toString('utf8')) as Partial<StandInLink>;
      if (!Number.isInteger(body.amount) || (body.amount ?? 0) < 100)
        return error(400, 'The amount must be atleast INR 1.00');
      if ([...links.values()].some((l) => l.reference_id === body.reference_id))
        return error(400, `Payment Link with reference ${body.reference_id} already exists`);
      const linkId = id('plink');
      const created = now();
      const link: StandInLink = {
        id: linkId,
        accept_partial: body.accept_partial ?? false,
        amount: body.amount!,
        amount_paid: 0,
        callback_method: body.callback_method ?? '',
        callback_url: body.callback_url ?? '',
        cancelled_at: 0,
        created_at: created,
        currency: body.currency ?? 'INR',
        customer: body.customer ?? {},
        description: body.description ?? '',
        expire_by: body.expire_by ?? 0,
        expired_at: 0,
        first_min_partial_amount: 0,
        notes: body.notes ?? null,
        notify: body.notify ?? { email: false, sms: false },
        payments: null,
        reference_id: body.reference_id ?? '',
        reminder_enable: body.reminder_enable ?? false,
        reminders: [],
        short_url: `${standIn.url}/i/${linkId.slice(6)}`,
        status: 'created',
        updated_at: created,
        upi_link: false,
        user_id: '',
      };
      links.set(linkId, link);
      return { status: 200, json: link };
    }
    const one = /^\/v1\/payment_links\/([^/]+)(\/cancel)?$/.exec(path);
    const link = one ? links.get(decodeURIComponent(one[1]!)) : undefined;
    if (one && !link) return error(400, 'The id provided does not exist');
    if (link && req.method === 'GET' && !one![2]) return { status: 200, json: link };
    if (link && req.method === 'POST' && one![2]) {
      if (link.status !== 'created' && link.status !== 'partially_paid')
        return error(400, `Payment Link cannot be cancelled in ${link.status} status`);
      link.status = 'cancelled';
      link.cancelled_at = now();
      return { status: 200, json: link };
    }
    return error(404, 'The requested URL was not found on the server.');
  };
  const settled: ReconItem[] = RECON_SAMPLE.items.map((item) => ({ ...item }));
  const recon = (url: string): StandInAnswer => {
    const query = new URL(url, 'http://stand-in').searchParams;
    const [year, month, day] = ['year', 'month', 'day'].map((k) => Number(query.get(k) ?? 'NaN'));
    if (!Number.isInteger(year) || !Number.isInteger(month)) return error(400, 'The year field is required.');
    const count = Math.min(Number(query.get('count') ?? 10), 1000);
    const skip = Number(query.get('skip') ?? 0);
    const india = (seconds: number) => new Date((seconds + 19_800) * 1000).toISOString().slice(0, 10).split('-');
    const items = settled.filter((item) => {
      const [y, m, d] = india(item.settled_at).map(Number);
      return y === year && m === month && (Number.isNaN(day!) || d === day);
    });
    const page = items.slice(skip, skip + count);
    return { status: 200, json: { entity: 'collection', count: page.length, items: page } };
  };
  /** The short URL's page (what a payer sees at rzp.io), and its Pay button. */
  const hostedPage = (slug: string, paying: boolean): StandInAnswer => {
    const link = links.get(`plink_${slug}`);
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (!link) return { status: 404, text: '<h1>Payment link not found</h1>', headers: html };
    if (paying && (link.status === 'created' || link.status === 'partially_paid')) {
      const payment = pay(link.id);
      const query = new URLSearchParams({
        razorpay_payment_id: payment.payment_id,
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_reference_id: link.reference_id,
        razorpay_payment_link_status: link.status,
        razorpay_signature: createHmac('sha256', RAZORPAY_KEY_SECRET)
          .update(`${link.id}|${link.reference_id}|${link.status}|${payment.payment_id}`)
          .digest('hex'),
      });
      if (link.callback_url) return { status: 302, headers: { location: `${link.callback_url}?${query}` } };
    }
    const rupees = (link.amount / 100).toFixed(2);
    const body =
      link.status === 'created' || link.status === 'partially_paid'
        ? `<form method="post" action="/i/${slug}/pay"><button type="submit">Pay ₹${rupees}</button></form>`
        : `<p>This payment link is ${link.status}.</p>`;
    return {
      status: 200,
      headers: html,
      text:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay stand-in</title></head>' +
        `<body><h1>${link.description}</h1><p>${link.customer.name ?? ''}</p>${body}</body></html>`,
    };
  };
  const standIn: StandIn = await startStandIn(answer);
  const pay: RazorpayStandIn['pay'] = (linkId, options = {}) => {
    const link = links.get(linkId);
    if (!link) throw new Error(`no link ${linkId}`);
    const at = Math.floor((options.at ?? new Date()).getTime() / 1000);
    const payment: StandInPayment = {
      payment_id: id('pay'),
      amount: options.amount ?? link.amount - link.amount_paid,
      created_at: at,
      method: 'upi',
      plink_id: link.id,
      status: 'captured',
      updated_at: at,
    };
    link.payments = [...(link.payments ?? []), payment];
    link.amount_paid += payment.amount;
    link.status = link.amount_paid >= link.amount ? 'paid' : 'partially_paid';
    link.updated_at = at;
    return payment;
  };
  const signed = (payload: object) => {
    const body = JSON.stringify(payload);
    return { body, signature: razorpaySignature(body), eventId: id('evt') };
  };
  return {
    get url() {
      return standIn.url;
    },
    requests: standIn.requests,
    links,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    pay,
    expire(linkId) {
      const link = links.get(linkId)!;
      link.status = 'expired';
      link.expired_at = now();
    },
    event(event, linkId, payment) {
      const link = links.get(linkId)!;
      const { payments: _, ...entity } = link;
      const contains = payment ? ['payment_link', 'order', 'payment'] : ['payment_link'];
      const payload: Record<string, { entity: unknown }> = { payment_link: { entity } };
      if (payment) {
        payload.payment = { entity: paymentEntity(link, payment) };
        payload.order = {
          entity: {
            id: `order_${link.id.slice(6)}`,
            entity: 'order',
            amount: link.amount,
            amount_paid: link.amount_paid,
            amount_due: link.amount - link.amount_paid,
            currency: 'INR',
            receipt: link.reference_id,
            status: link.status === 'paid' ? 'paid' : 'attempted',
            attempts: link.payments?.length ?? 1,
            notes: [],
            created_at: link.created_at,
          },
        };
      }
      return signed({
        account_id: 'acc_OU2H3nkLn9jDVo',
        contains,
        created_at: now(),
        entity: 'event',
        event,
        payload,
      });
    },
    refundEvent(payment, amount = payment.amount) {
      return signed({
        account_id: 'acc_OU2H3nkLn9jDVo',
        contains: ['refund', 'payment'],
        created_at: now(),
        entity: 'event',
        event: 'refund.processed',
        payload: {
          refund: {
            entity: {
              id: id('rfnd'),
              entity: 'refund',
              amount,
              currency: 'INR',
              payment_id: payment.payment_id,
              notes: [],
              receipt: null,
              acquirer_data: { arn: '10000000000000' },
              created_at: now(),
              batch_id: null,
              status: 'processed',
              speed_processed: 'normal',
              speed_requested: 'normal',
            },
          },
        },
      });
    },
    settled,
    settle(payments, options = {}) {
      const at = Math.floor((options.at ?? new Date()).getTime() / 1000);
      const settlementId = id('setl');
      const utr = `${at}${randomBytes(3).toString('hex')}`;
      let netPaise = 0;
      for (const p of payments) {
        const { fee, tax } = options.fees?.[p.payment_id] ?? standInFee(p.amount);
        netPaise += p.amount - fee;
        settled.push({
          entity_id: p.payment_id,
          type: 'payment',
          debit: 0,
          credit: p.amount - fee,
          amount: p.amount,
          currency: 'INR',
          fee,
          tax,
          on_hold: false,
          settled: true,
          created_at: at - 86_400,
          settled_at: at,
          settlement_id: settlementId,
          posted_at: null,
          credit_type: 'default',
          description: null,
          notes: '{}',
          payment_id: null,
          settlement_utr: utr,
          order_id: null,
          order_receipt: null,
          method: 'upi',
          card_network: null,
          card_issuer: null,
          card_type: null,
          dispute_id: null,
        });
      }
      return { settlementId, utr, netPaise };
    },
    close: () => standIn.close(),
  };
}
