/**
 * Razorpay behind the gateway interface: Payment Links (POST /v1/payment_links, GET and cancel by id)
 * and the settlement reconciliation of a day (GET /v1/settlements/recon/combined) with basic auth of the
 * key id and secret, and its webhooks, signed in X-Razorpay-Signature with the
 * HMAC-SHA256 (hex) of the raw body under the webhook secret. Amounts are paise, times Unix seconds.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../../webhooks/common';
import { callProvider, shortText } from '../messages/channels/http';
import {
  GatewayError,
  type GatewayEvent,
  type GatewayLink,
  type GatewayPayment,
  type GatewaySettlementLine,
  type NewGatewayLink,
  type PaymentGateway,
} from './gateway';

export const RAZORPAY_DEFAULT_API_BASE = 'https://api.razorpay.com';

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  /** Without it no webhook is believed (polling still applies every payment). */
  webhookSecret: string | null;
  apiBase: string;
}

const seconds = z.number().int().nonnegative();
const isoOfSeconds = (s: number) => new Date(s * 1000).toISOString();

const ZStatus = z.enum(['created', 'partially_paid', 'paid', 'expired', 'cancelled']);

const ZLinkPayment = z
  .object({
    payment_id: z.string().optional(),
    id: z.string().optional(),
    amount: z.number().int().positive(),
    created_at: seconds,
    status: z.string(),
  })
  .transform((p) => ({ id: p.payment_id ?? p.id ?? '', amount: p.amount, createdAt: p.created_at, status: p.status }));

const ZLink = z.object({
  id: z.string().min(1),
  reference_id: z.string().nullish(),
  status: ZStatus,
  amount: z.number().int().positive(),
  amount_paid: z.number().int().nonnegative().nullish(),
  short_url: z.string().min(1),
  expire_by: seconds.nullish(),
  payments: z.array(ZLinkPayment).nullish(),
});

const ZPayment = z.object({
  id: z.string().min(1),
  amount: z.number().int().positive(),
  status: z.string(),
  created_at: seconds,
});

const ZEvent = z.object({
  entity: z.literal('event'),
  event: z.string(),
  payload: z.record(z.string(), z.object({ entity: z.unknown() })),
});

const ZRefund = z.object({ payment_id: z.string().min(1), amount: z.number().int().positive() });

/**
 * A line of the settlement reconciliation API (and of the dashboard's settlement report, the same
 * columns). Razorpay's `fee` includes the GST on it, `tax` is that GST.
 */
export const ZRazorpaySettlementItem = z.object({
  entity_id: z.string().min(1).max(100),
  type: z.string().min(1).max(40),
  debit: z.number().int().nonnegative(),
  credit: z.number().int().nonnegative(),
  amount: z.number().int().nonnegative(),
  fee: z.number().int().nonnegative().nullish(),
  tax: z.number().int().nonnegative().nullish(),
  settled_at: seconds,
  settlement_id: z.string().min(1).max(100),
  settlement_utr: z.string().max(100).nullish(),
  payment_id: z.string().max(100).nullish(),
});

const ZReconPage = z.object({ count: z.number().int().nonnegative(), items: z.array(z.unknown()) });

/** The product's line of a Razorpay item: the fee without its GST, the payment it is about. */
export function razorpaySettlementLine(item: z.infer<typeof ZRazorpaySettlementItem>): GatewaySettlementLine {
  const fee = item.fee ?? 0;
  const tax = item.tax ?? 0;
  return {
    entityId: item.entity_id,
    type: item.type,
    paymentId: item.type === 'payment' ? item.entity_id : (item.payment_id ?? null),
    amountPaise: item.amount,
    feePaise: fee - tax,
    taxPaise: tax,
    creditPaise: item.credit,
    debitPaise: item.debit,
    settlementId: item.settlement_id,
    utr: item.settlement_utr ?? '',
    settledAt: isoOfSeconds(item.settled_at),
  };
}

/** Lines asked per page of the reconciliation API (its largest page). */
const RECON_PAGE = 1000;

function linkOf(raw: z.infer<typeof ZLink>): GatewayLink {
  return {
    id: raw.id,
    referenceId: raw.reference_id ?? '',
    status: raw.status,
    amountPaise: raw.amount,
    amountPaidPaise: raw.amount_paid ?? 0,
    shortUrl: raw.short_url,
    expiresAt: raw.expire_by ? isoOfSeconds(raw.expire_by) : null,
    payments: (raw.payments ?? [])
      .filter((p) => p.status === 'captured' && p.id !== '')
      .map((p) => ({ id: p.id, amountPaise: p.amount, paidAt: isoOfSeconds(p.createdAt) })),
  };
}

export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay';
  readonly label = 'Razorpay';

  constructor(private readonly config: RazorpayConfig) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<GatewayLink> {
    const link = ZLink.safeParse(await this.request(method, path, body));
    if (!link.success) throw new GatewayError('Razorpay answered something that is not a payment link');
    return linkOf(link.data);
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const auth = Buffer.from(`${this.config.keyId}:${this.config.keySecret}`).toString('base64');
    const answer = await callProvider('Razorpay', `${this.config.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Basic ${auth}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.answered) throw new GatewayError(`${answer.failure.reason}; try again in a few minutes`);
    if (answer.status < 200 || answer.status >= 300) {
      const error = z.object({ error: z.object({ description: z.string() }) }).safeParse(answer.json);
      const why = error.success ? error.data.error.description : shortText(answer.text);
      throw new GatewayError(`Razorpay answered ${answer.status}: ${why}`);
    }
    return answer.json;
  }

  async settlementLines(day: string): Promise<GatewaySettlementLine[]> {
    const [year, month, date] = day.split('-');
    const lines: GatewaySettlementLine[] = [];
    for (let skip = 0; ; skip += RECON_PAGE) {
      const query = new URLSearchParams({
        year: year!,
        month: month!,
        day: date!,
        count: String(RECON_PAGE),
        skip: String(skip),
      });
      const page = ZReconPage.safeParse(await this.request('GET', `/v1/settlements/recon/combined?${query}`));
      if (!page.success) throw new GatewayError('Razorpay answered something that is not a settlement report');
      for (const raw of page.data.items) {
        const item = ZRazorpaySettlementItem.safeParse(raw);
        if (!item.success) throw new GatewayError(`Razorpay sent a settlement line the product cannot read (${day})`);
        lines.push(razorpaySettlementLine(item.data));
      }
      if (page.data.items.length < RECON_PAGE) return lines;
    }
  }

  createLink(link: NewGatewayLink): Promise<GatewayLink> {
    return this.call('POST', '/v1/payment_links', {
      amount: link.amountPaise,
      currency: 'INR',
      accept_partial: false,
      expire_by: Math.floor(link.expiresAt.getTime() / 1000),
      reference_id: link.referenceId,
      description: link.description,
      customer: {
        name: link.customer.name,
        ...(link.customer.contact ? { contact: link.customer.contact } : {}),
        ...(link.customer.email ? { email: link.customer.email } : {}),
      },
      // The office sends the link through its own messages; Razorpay's own SMS and e-mail stay off.
      notify: { sms: false, email: false },
      reminder_enable: false,
      ...(link.callbackUrl ? { callback_url: link.callbackUrl, callback_method: 'get' } : {}),
    });
  }

  fetchLink(id: string): Promise<GatewayLink> {
    return this.call('GET', `/v1/payment_links/${encodeURIComponent(id)}`);
  }

  cancelLink(id: string): Promise<GatewayLink> {
    return this.call('POST', `/v1/payment_links/${encodeURIComponent(id)}/cancel`);
  }

  verifyWebhook(body: Buffer, signature: string | undefined): boolean {
    if (!this.config.webhookSecret || !signature) return false;
    const expected = createHmac('sha256', this.config.webhookSecret).update(body).digest('hex');
    return safeEqual(signature, expected);
  }

  webhookEventId(headers: Record<string, string | string[] | undefined>): string | null {
    const id = headers['x-razorpay-event-id'];
    return typeof id === 'string' && id.length <= 100 ? id : null;
  }

  readWebhook(body: Buffer): GatewayEvent | null {
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return null;
    }
    const parsed = ZEvent.safeParse(json);
    if (!parsed.success) return null;
    const { event, payload } = parsed.data;
    if (event.startsWith('payment_link.')) {
      const link = ZLink.safeParse(payload.payment_link?.entity);
      if (!link.success) return null;
      const payment = payload.payment ? ZPayment.safeParse(payload.payment.entity) : null;
      if (payment && !payment.success) return null;
      const taken: GatewayPayment | null =
        payment?.success && payment.data.status === 'captured'
          ? { id: payment.data.id, amountPaise: payment.data.amount, paidAt: isoOfSeconds(payment.data.created_at) }
          : null;
      const { payments: _, ...rest } = linkOf(link.data);
      return { kind: 'link', event, link: rest, payment: taken };
    }
    if (event === 'refund.processed') {
      const refund = ZRefund.safeParse(payload.refund?.entity);
      if (!refund.success) return null;
      return { kind: 'refund', event, paymentId: refund.data.payment_id, amountPaise: refund.data.amount };
    }
    return { kind: 'ignored', event };
  }
}
