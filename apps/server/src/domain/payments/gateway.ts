/**
 * A payment gateway as the product uses it: payment links created, fetched and cancelled, its webhooks checked
 * and read, and its settlements of a day. Razorpay is the one built (razorpay.ts); another gateway (Cashfree,
 * PayU) is one more file answering this interface. Amounts are paise, instants ISO strings.
 */
import type { PaymentLinkStatus } from '@fees/db';
import type { SettlementLine } from '@fees/money';

export interface GatewayPayment {
  /** The gateway's unique id of the payment (Razorpay: pay_...), the receipt's reference. */
  id: string;
  amountPaise: number;
  /** When the gateway took it (ISO). */
  paidAt: string;
}

export interface GatewayLink {
  id: string;
  referenceId: string;
  status: PaymentLinkStatus;
  amountPaise: number;
  amountPaidPaise: number;
  shortUrl: string;
  /** ISO; null when the link has no expiry. */
  expiresAt: string | null;
  /** The payments taken on the link (captured only). */
  payments: GatewayPayment[];
}

export interface NewGatewayLink {
  amountPaise: number;
  referenceId: string;
  description: string;
  expiresAt: Date;
  customer: { name: string; contact: string | null; email: string | null };
  /** Where the gateway sends the payer back after paying (GET, with the payment's ids in the query). */
  callbackUrl: string | null;
}

/** A line of a gateway settlement, with the instant it was settled (ISO); its day is India's. */
export interface GatewaySettlementLine extends Omit<SettlementLine, 'settledOn'> {
  settledAt: string;
}

/** What a webhook delivery says, in the product's terms; `ignored` for events the product does not act on. */
export type GatewayEvent =
  | { kind: 'link'; event: string; link: Omit<GatewayLink, 'payments'>; payment: GatewayPayment | null }
  | { kind: 'refund'; event: string; paymentId: string; amountPaise: number }
  | { kind: 'ignored'; event: string };

/** The gateway could not be reached or refused the call: the message says which, for a clerk. */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  /** Stored with every row: 'razorpay'. */
  readonly name: string;
  readonly label: string;
  createLink(link: NewGatewayLink): Promise<GatewayLink>;
  fetchLink(id: string): Promise<GatewayLink>;
  cancelLink(id: string): Promise<GatewayLink>;
  /** Whether a webhook body carries the gateway's signature (false when no webhook secret is set). */
  verifyWebhook(body: Buffer, signature: string | undefined): boolean;
  /** The delivery read, or null when it is no event of this gateway. */
  readWebhook(body: Buffer): GatewayEvent | null;
  /** The gateway's id of a delivery, the same on every retry of it. */
  webhookEventId(headers: Record<string, string | string[] | undefined>): string | null;
  /** Every line the gateway settled on a day (yyyy-MM-dd). */
  settlementLines(day: string): Promise<GatewaySettlementLine[]>;
}
