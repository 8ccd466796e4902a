/**
 * The worker sends the outbox: each round claims the due messages of every configured channel in one
 * statement (on several servers a message is claimed by one only), sends them outside any transaction,
 * and records each outcome with one statement and a line of history. Transient failures come back after
 * 1 min, 5 min, 30 min and 2 h, then fail; permanent ones fail at once. Reminders and notices wait for
 * the settings' hours in the server's TZ; receipts go at once. A channel sends at most the settings'
 * rate a second.
 */
import { randomUUID } from 'node:crypto';
import {
  type ClaimedMessage,
  claimDueMessages,
  type Database,
  findMessageTemplate,
  type MessageEvent,
  recordSendOutcome,
  type SendOutcome,
  readMessageSettings,
} from '@fees/db';
import { AppError, clockTime, MESSAGE_EVENT_NAMES, ZId } from '@fees/validation';
import { noticeDrawing } from '../../documents/notice';
import type { DocumentOptions } from '../../documents/paper';
import { currentFamilyUrl } from '../family/token';
import { receiptDrawing } from '../../documents/receipt';
import { DocumentDrawer } from '../../documents/document-drawer';
import type { Channel, OutgoingMessage, SendResult } from './channels/channel';
import { DEFAULT_TEXTS, placeholdersOf } from './templates';

/** After the first, second, third and fourth failed attempt; after the fifth the message has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

/** Events that wait for the hours of the settings: a family is not woken for a reminder. */
export const QUIET_HOURS_EVENTS: readonly MessageEvent[] = [
  'notice_issued',
  'payment_link',
  'reminder_before',
  'reminder_on',
  'reminder_after',
];
/** The family page's link goes with these e-mails: the family reads its dues and can pay from there. */
const FAMILY_LINK_EVENTS: readonly MessageEvent[] = [
  'receipt_created',
  'notice_issued',
  'reminder_before',
  'reminder_on',
  'reminder_after',
];
const URGENT_EVENTS = MESSAGE_EVENT_NAMES.filter((e) => !QUIET_HOURS_EVENTS.includes(e));

/** A department's own text of an event on a channel as stored, or null where the built-in text serves. */
export type StoredTemplate = Awaited<ReturnType<typeof findMessageTemplate>>;

/**
 * Called just before a message of its event is sent: `{ cancel }` drops it with that reason (a reminder
 * for dues paid meanwhile), otherwise the text and variables to send, rendered again from today's figures,
 * and the stored template it was rendered with when the hook read it (the worker then does not read it again).
 */
export type SendTimeHook = (
  db: Database,
  message: ClaimedMessage,
) => Promise<
  | { cancel: string }
  | { body: string; subject: string | null; payload: Record<string, string>; template?: StoredTemplate }
>;

const sendTimeHooks = new Map<MessageEvent, SendTimeHook>();

/** Registers the hook that re-checks and re-renders these events' messages at send time. */
export function onSendTime(events: readonly MessageEvent[], hook: SendTimeHook): void {
  for (const event of events) sendTimeHooks.set(event, hook);
}

export interface WorkerOptions {
  channels: readonly Channel[];
  /** The address the app is reached at: the receipt PDF's verification QR points there. */
  origin: string;
  /**
   * PUBLIC_URL: families can reach the app, so a receipt's and a reminder's e-mail carry the student's
   * family page link (SMS and WhatsApp send only their registered texts). Absent: no link.
   */
  publicUrl?: string;
  /** How often a round starts when the last one found nothing (ms). */
  pollMs?: number;
  /** How long a claim holds before another server may take the message over (a server that stopped). */
  leaseMs?: number;
  /** Most messages one claim takes, so that several servers share a long queue. */
  batchSize?: number;
  /** The longest one send may take before it counts as a transient failure. */
  sendTimeoutMs?: number;
  /** "Now", for quiet hours (a test's clock). */
  now?: () => Date;
  /** Where an unexpected error of a round is reported (the server's log). */
  onError?: (error: unknown) => void;
  /**
   * Whether the server is serving requests: rounds wait while it is, so that making PDFs and talking to
   * providers never slows the counter, but at most `maxWaitMs` (a counter busy all day still sends).
   */
  busy?: () => boolean;
  maxWaitMs?: number;
}

/**
 * Whether `time` (HH:mm) is within the sending hours from `start` to `end` (an end before the start spans
 * midnight).
 */
export function withinHours(time: string, start: string, end: string): boolean {
  return start <= end ? time >= start && time < end : time >= start || time < end;
}

const RECEIPT_EVENTS: readonly MessageEvent[] = [
  'receipt_created',
  'receipt_edited',
  'receipt_voided',
  'cheque_bounced',
];

/**
 * The receipts' PDFs of one round by event and receipt: the student's and each guardian's e-mail of a
 * receipt attach the one PDF, made once.
 */
type Documents = Map<string, Promise<Buffer>>;

export class MessageWorker {
  readonly id = `worker-${randomUUID()}`;
  private readonly options: Required<Omit<WorkerOptions, 'onError' | 'busy' | 'publicUrl'>> &
    Pick<WorkerOptions, 'onError' | 'busy' | 'publicUrl'>;
  /** When the worker last ran a round, for the longest wait behind a busy counter. */
  private lastRoundAt = Date.now();
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<number> | null = null;
  private stopped = true;
  /** Per channel, the second its sends are counted in and how many it had: the rate holds over rounds. */
  private readonly windows = new Map<string, { startedAt: number; sent: number }>();
  /**
   * Receipts' and notices' PDFs are drawn on a thread of the worker's own, at background priority: the server's
   * thread serves the counter meanwhile, and on a busy machine the counter gets the cores first.
   */
  private readonly drawer = new DocumentDrawer({ background: true });

  constructor(
    private readonly db: Database,
    options: WorkerOptions,
  ) {
    this.options = {
      pollMs: 1000,
      leaseMs: 5 * 60_000,
      batchSize: 50,
      maxWaitMs: 10_000,
      sendTimeoutMs: 60_000,
      now: () => new Date(),
      ...options,
    };
  }

  /** Starts sending: a round now, then one every pollMs (at once again while messages keep coming). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.drawer.warm();
    for (const channel of this.options.channels) channel.warm?.();
    this.schedule(0);
  }

  /** Stops after the round in progress (its sends finish and are recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round?.catch(() => undefined);
    await this.drawer.close();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.options.busy?.() && Date.now() - this.lastRoundAt < this.options.maxWaitMs) {
        this.schedule(this.options.pollMs);
        return;
      }
      this.lastRoundAt = Date.now();
      this.round = this.runOnce();
      void this.round
        .then(
          (handled) => this.schedule(handled > 0 ? 0 : this.options.pollMs),
          (error: unknown) => {
            this.options.onError?.(error);
            this.schedule(this.options.pollMs);
          },
        )
        .finally(() => {
          this.round = null;
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One round over every channel whose rate allows it; says how many messages it handled. */
  async runOnce(): Promise<number> {
    const settings = await readMessageSettings(this.db);
    const now = this.options.now();
    const quiet = !withinHours(clockTime(now), settings.quietHoursStart, settings.quietHoursEnd);
    const rate = Math.max(1, settings.sendRatePerSecond);
    const documents: Documents = new Map();
    const handled = await Promise.all(
      this.options.channels.map(async (channel) => {
        const startedAt = Date.now();
        let window = this.windows.get(channel.channel);
        if (!window || startedAt - window.startedAt >= 1000) {
          window = { startedAt, sent: 0 };
          this.windows.set(channel.channel, window);
        }
        if (window.sent >= rate) return 0;
        const claimed = await claimDueMessages(this.db, {
          channel: channel.channel,
          limit: Math.min(rate - window.sent, this.options.batchSize),
          by: this.id,
          until: new Date(startedAt + this.options.leaseMs).toISOString(),
          urgentOnly: quiet,
          urgentEvents: URGENT_EVENTS,
        });
        window.sent += claimed.length;
        await Promise.all(claimed.map((message) => this.deliver(channel, message, documents)));
        return claimed.length;
      }),
    );
    return handled.reduce((a, b) => a + b, 0);
  }

  private async deliver(channel: Channel, message: ClaimedMessage, documents: Documents): Promise<void> {
    let outgoing: OutgoingMessage;
    let payload = message.payload;
    try {
      const hook = sendTimeHooks.get(message.event);
      const fresh = hook ? await hook(this.db, message) : null;
      if (fresh && 'cancel' in fresh) {
        await this.record(message, { status: 'cancelled', error: fresh.cancel }, fresh.cancel);
        return;
      }
      if (fresh) payload = JSON.stringify(fresh.payload);
      outgoing = await this.outgoing(
        channel,
        { ...message, ...(fresh ? { body: fresh.body, subject: fresh.subject, payload } : {}) },
        fresh?.template,
        documents,
      );
    } catch (error) {
      // A receipt or student gone, or a document that cannot be made again: no retry brings it back.
      const permanent = error instanceof AppError;
      await this.afterFailure(message, {
        ok: false,
        kind: permanent ? 'permanent' : 'transient',
        reason: `Could not prepare the message: ${error instanceof Error ? error.message : String(error)}`,
      });
      return;
    }
    const result = await this.sendWithin(channel, outgoing);
    if (result.ok) {
      await this.record(
        message,
        { status: 'sent', providerId: result.providerId, body: outgoing.body, subject: outgoing.subject, payload },
        `Sent through ${channel.description} (${result.providerId})`,
      );
    } else {
      await this.afterFailure(message, result);
    }
  }

  private async sendWithin(channel: Channel, message: OutgoingMessage): Promise<SendResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<SendResult>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, kind: 'transient', reason: `No answer within ${this.options.sendTimeoutMs} ms` }),
        this.options.sendTimeoutMs,
      );
    });
    try {
      return await Promise.race([
        channel.send(message).catch(
          (error: unknown): SendResult => ({
            ok: false,
            kind: 'transient',
            reason: error instanceof Error ? error.message : String(error),
          }),
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async afterFailure(message: ClaimedMessage, result: Extract<SendResult, { ok: false }>): Promise<void> {
    const delay = RETRY_DELAYS_MS[message.attempts - 1];
    if (result.kind === 'permanent' || delay === undefined) {
      const spent = result.kind === 'transient' ? ` (gave up after ${message.attempts} attempts)` : '';
      await this.record(message, { status: 'failed', error: result.reason }, `${result.reason}${spent}`);
      return;
    }
    const notBefore = new Date(Date.now() + delay);
    await this.record(
      message,
      { status: 'queued', notBefore: notBefore.toISOString(), error: result.reason },
      `Attempt ${message.attempts} failed: ${result.reason}; trying again at ${clockTime(notBefore)}`,
    );
  }

  private async record(message: ClaimedMessage, outcome: SendOutcome, detail: string): Promise<void> {
    await recordSendOutcome(this.db, { id: message.id, by: this.id, outcome, detail });
  }

  /**
   * The message as its channel takes it: the provider's template names and parameters, the PDF for e-mail.
   * `known`: the stored template as the send-time hook read it; undefined when it is still to be read.
   */
  private async outgoing(
    channel: Channel,
    message: ClaimedMessage,
    known: StoredTemplate | undefined,
    documents: Documents,
  ): Promise<OutgoingMessage> {
    const template =
      known !== undefined || message.departmentId === null
        ? (known ?? null)
        : await findMessageTemplate(this.db, {
            departmentId: message.departmentId,
            event: message.event,
            channel: message.channel,
          });
    const variables = JSON.parse(message.payload) as Record<string, string>;
    const text = template?.body ?? DEFAULT_TEXTS[message.event][message.channel].body;
    return {
      id: message.id,
      channel: channel.channel,
      recipient: message.recipient,
      recipientName: message.recipientName,
      subject: message.subject,
      body: channel.channel === 'email' ? await this.withFamilyLink(message) : message.body,
      provider: {
        ...(template?.dltTemplateId ? { dltTemplateId: template.dltTemplateId } : {}),
        ...(template?.dltText ? { dltText: template.dltText } : {}),
        ...(template?.whatsappTemplate ? { whatsappTemplate: template.whatsappTemplate } : {}),
        ...(template?.whatsappLanguage ? { whatsappLanguage: template.whatsappLanguage } : {}),
        parameters: placeholdersOf(text).map((name) => variables[name] ?? ''),
      },
      ...(channel.channel === 'email' ? await this.attachmentOf(message, variables, documents) : {}),
    };
  }

  private async withFamilyLink(message: ClaimedMessage): Promise<string> {
    const { publicUrl } = this.options;
    if (!publicUrl || message.studentId === null || !FAMILY_LINK_EVENTS.includes(message.event)) return message.body;
    const url = await currentFamilyUrl(this.db, publicUrl, message.studentId);
    return url ? `${message.body}\n\nThe fees and receipts, and paying online: ${url}` : message.body;
  }

  private async attachmentOf(
    message: ClaimedMessage,
    variables: Record<string, string>,
    documents: Documents,
  ): Promise<Pick<OutgoingMessage, 'attachment'>> {
    // The worker acts for the foundation, not for a signed-in user: every department's documents.
    const options: DocumentOptions = {
      access: { role: 'admin', departmentIds: [] },
      origin: this.options.origin,
      publicUrl: this.options.publicUrl ?? null,
    };
    if (RECEIPT_EVENTS.includes(message.event) && message.receiptNumber !== null) {
      const key = `${message.event}:${message.receiptNumber}`;
      let made = documents.get(key);
      if (!made) {
        made = receiptDrawing(this.db, message.receiptNumber, options).then((receipt) => this.drawer.draw({ receipt }));
        documents.set(key, made);
      }
      const content = await made;
      return {
        attachment: { filename: `receipt-${message.receiptNumber}.pdf`, contentType: 'application/pdf', content },
      };
    }
    if (message.event === 'notice_issued' && message.studentId !== null && variables.asOfDate && variables.payByDate) {
      const studentId = ZId.parse(message.studentId);
      const request = { studentId, asOf: variables.asOfDate, payBy: variables.payByDate };
      const content = await this.drawer.draw({ notice: await noticeDrawing(this.db, request, options) });
      return {
        attachment: { filename: `demand-notice-${variables.asOfDate}.pdf`, contentType: 'application/pdf', content },
      };
    }
    return {};
  }
}
