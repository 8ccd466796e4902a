/**
 * Polling: most foundations serve the app on the office network, where no webhook arrives, so every
 * open link is asked of the gateway every five minutes (and at once on Refresh). Each link is claimed
 * for the poll by one UPDATE, so two servers never ask for the same link at once; what the gateway
 * reports goes through the same applyGatewayPayment as the webhook. A poll that fails is recorded on
 * the link and tried again at the next round.
 */
import { claimLinkForPoll, type Database, findPaymentLink, finishLinkPoll, pollableLinkIds } from '@fees/db';
import { inTransaction } from '../write';
import { applyGatewayPayment, applyLinkStatus, type PaymentRoad } from './apply';
import { GatewayError, type GatewayLink, type PaymentGateway } from './gateway';

/** How long after its expiry a link is still asked about: a payment begun before may still be captured. */
const EXPIRED_STILL_POLLED_MS = 3 * 86_400_000;
/** A poll claim outlives a server that died holding it. */
const CLAIM_MS = 2 * 60_000;
export const POLL_EVERY_MS = 5 * 60_000;

export interface PollResult {
  checked: number;
  receipts: number;
  exceptions: number;
  failed: number;
  /** Why polls failed (the gateway down), once each. */
  errors: string[];
}

/** What the gateway reports of one link, applied: each captured payment once, then its status. */
export async function syncLink(
  db: Database,
  gateway: string,
  link: GatewayLink,
  via: PaymentRoad,
  result?: PollResult,
) {
  for (const payment of link.payments) {
    const outcome = await applyGatewayPayment(db, {
      gateway,
      link: { id: link.id, status: link.status, amountPaise: link.amountPaise, amountPaidPaise: link.amountPaidPaise },
      payment,
      via,
    });
    if (result && outcome.outcome === 'receipt') result.receipts++;
    if (result && outcome.outcome === 'exception') result.exceptions++;
  }
  if (link.payments.length === 0) await applyLinkStatus(db, gateway, link);
}

/** Polls the open links (of one department, or these links); says what it found. */
export async function pollLinks(
  db: Database,
  gateway: PaymentGateway,
  options: { departmentId?: number; linkIds?: number[] } = {},
): Promise<PollResult> {
  const now = new Date();
  const ids =
    options.linkIds ??
    (await pollableLinkIds(db, {
      expiredSince: new Date(now.getTime() - EXPIRED_STILL_POLLED_MS).toISOString(),
      departmentId: options.departmentId,
      limit: 500,
    }));
  const result: PollResult = { checked: 0, receipts: 0, exceptions: 0, failed: 0, errors: [] };
  for (const id of ids) {
    // Each claim runs from its own moment: a round of many links outlasts a claim made at its start.
    const until = new Date(Date.now() + CLAIM_MS).toISOString();
    const claimed = await inTransaction({ db }, (tx) => claimLinkForPoll(tx, { id, until }));
    if (!claimed) continue;
    let error: string | null = null;
    try {
      const link = await findPaymentLink(db, id);
      if (link && link.gateway === gateway.name) {
        result.checked++;
        await syncLink(db, gateway.name, await gateway.fetchLink(link.gatewayLinkId), 'poll', result);
      }
    } catch (failure) {
      if (!(failure instanceof GatewayError)) {
        await inTransaction({ db }, (tx) => finishLinkPoll(tx, { id, error: 'The poll failed; it is tried again' }));
        throw failure;
      }
      error = failure.message;
      result.failed++;
      if (!result.errors.includes(error)) result.errors.push(error);
    }
    await inTransaction({ db }, (tx) => finishLinkPoll(tx, { id, error }));
  }
  return result;
}

/** Polls every five minutes while the server runs; a round that fails is logged and the next one tries. */
export class PaymentPoller {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<unknown> | null = null;

  constructor(
    private readonly db: Database,
    private readonly gateway: PaymentGateway,
    private readonly onError: (error: unknown) => void,
    private readonly everyMs = POLL_EVERY_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.round) return;
      this.round = pollLinks(this.db, this.gateway)
        .catch(this.onError)
        .finally(() => {
          this.round = null;
        });
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }
}
