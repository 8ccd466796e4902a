/**
 * WhatsApp's webhook at /webhooks/whatsapp (Meta's Cloud API calls it):
 * - GET: the subscription handshake. Meta sends hub.mode=subscribe, hub.verify_token and
 *   hub.challenge; with our WHATSAPP_VERIFY_TOKEN the challenge is echoed, anything else is a 403.
 * - POST: notifications, signed `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the
 *   app secret>`. A missing or wrong signature is a 401 and changes nothing. The statuses (sent,
 *   delivered, read, failed) move the message the wamid names, only forward; each delivery is kept.
 * Nothing a caller sends makes a 500: a body that is not the notification's shape is a 400.
 */
import { createHmac } from 'node:crypto';
import type { DeliveryReport, DeliveryReportStatus } from '@fees/db';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerDeps } from '../context';
import { recordWebhookDelivery } from '../domain/messages/delivery-reports';
import { parseJson, safeEqual, takeRawBodies } from './common';

const ZStatus = z.object({
  id: z.string().min(1).max(300),
  status: z.string().max(40),
  errors: z
    .array(
      z.object({
        code: z.number().optional(),
        title: z.string().max(500).optional(),
        message: z.string().max(500).optional(),
        error_data: z.object({ details: z.string().max(1000).optional() }).optional(),
      }),
    )
    .optional(),
});

/** What of a notification matters here; other fields (messages, contacts, pricing) are left alone. */
const ZNotification = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      changes: z.array(z.object({ value: z.object({ statuses: z.array(ZStatus).optional() }).optional() })),
    }),
  ),
});

const REPORTED: ReadonlySet<string> = new Set<DeliveryReportStatus>(['sent', 'delivered', 'read', 'failed']);

/** The signature Meta puts on a body: `sha256=` and the hex HMAC-SHA256 of its bytes with the app secret. */
export function whatsappSignature(body: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

function reportsOf(notification: z.infer<typeof ZNotification>): DeliveryReport[] {
  const statuses = notification.entry.flatMap((entry) => entry.changes.flatMap((c) => c.value?.statuses ?? []));
  return statuses
    .filter((s) => REPORTED.has(s.status))
    .map((s) => {
      const error = s.errors?.[0];
      const detail = error
        ? `WhatsApp: ${error.code === undefined ? '' : `#${error.code} `}${error.title ?? error.message ?? ''}${
            error.error_data?.details ? ` (${error.error_data.details})` : ''
          }`.trim()
        : '';
      return { channel: 'whatsapp', providerId: s.id, status: s.status as DeliveryReportStatus, detail };
    });
}

export async function whatsappWebhook(app: FastifyInstance, { deps }: { deps: ServerDeps }): Promise<void> {
  takeRawBodies(app);
  const notConfigured = {
    message: 'WhatsApp is not configured on this server (WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN)',
  };

  app.get('/webhooks/whatsapp', async (req, reply) => {
    const webhook = deps.messaging?.whatsappWebhook;
    if (!webhook) return reply.code(404).send(notConfigured);
    const query = req.query as Record<string, unknown>;
    const mode = query['hub.mode'];
    const token = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (
      mode !== 'subscribe' ||
      typeof token !== 'string' ||
      !safeEqual(token, webhook.verifyToken) ||
      typeof challenge !== 'string' ||
      challenge.length > 200
    ) {
      return reply.code(403).send({ message: 'The verify token does not match WHATSAPP_VERIFY_TOKEN' });
    }
    return reply.code(200).type('text/plain; charset=utf-8').send(challenge);
  });

  app.post('/webhooks/whatsapp', async (req, reply) => {
    const webhook = deps.messaging?.whatsappWebhook;
    if (!webhook) return reply.code(404).send(notConfigured);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['x-hub-signature-256'];
    if (typeof signature !== 'string' || !safeEqual(signature, whatsappSignature(body, webhook.appSecret))) {
      req.log.warn({ route: '/webhooks/whatsapp' }, 'webhook refused: missing or wrong signature');
      return reply.code(401).send({ message: 'The X-Hub-Signature-256 signature is missing or wrong' });
    }
    const parsed = ZNotification.safeParse(parseJson(body));
    if (!parsed.success) return reply.code(400).send({ message: 'The body is not a WhatsApp notification' });
    const reports = reportsOf(parsed.data);
    const eventId =
      reports.length > 0
        ? reports
            .map((r) => `${r.providerId}:${r.status}`)
            .join(',')
            .slice(0, 1000)
        : null;
    await recordWebhookDelivery(deps.db, { provider: 'whatsapp', eventId, body: body.toString('utf8'), reports });
    return reply.code(200).send({ ok: true });
  });
}
