/**
 * MSG91's delivery reports at /webhooks/msg91?token=<MSG91_WEBHOOK_TOKEN>. MSG91 signs nothing, so the
 * URL entered in its panel carries a secret of ours, compared in constant time: a missing or wrong one
 * is a 401 and changes nothing (the query string never reaches the log). MSG91 sends its webhook in one
 * of its versions, all read here:
 * - v2: a form (application/x-www-form-urlencoded) whose `data` is a JSON text: an array of
 *   `{ requestId, report: [{ number, status, desc, failedReason }] }`;
 * - v3: JSON `{ requestId, number, status, desc }` (or an array of them);
 * - Webhook (New): JSON with the fields chosen in the panel, `requestId`, `telNum`, `status` (words)
 *   and `failureReason` among them.
 * Status 1 (DELIVERED) is delivered; 2 (failed), 9 (NDNC), 16 and 25 (rejected), 17 (blocked) are
 * failed; others (submitted, pending) change nothing. The request id is the provider id MSG91 gave
 * the send (channels/msg91.ts).
 */
import type { DeliveryReport } from '@fees/db';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerDeps } from '../context';
import { recordWebhookDelivery } from '../domain/messages/delivery-reports';
import { parseJson, safeEqual, takeRawBodies } from './common';

const text = z.union([z.string().max(500), z.number()]).transform(String);

const ZReport = z.object({
  requestId: text,
  status: text,
  desc: text.optional(),
  failedReason: text.optional(),
  failureReason: text.optional(),
});
const ZV2 = z.array(z.object({ requestId: text, report: z.array(ZReport.omit({ requestId: true })) }));
const ZJson = z.union([ZReport, z.array(ZReport)]);

const FAILED_CODES = new Set(['2', '9', '16', '17', '25']);

function statusOf(report: { status: string; desc?: string }): DeliveryReport['status'] | null {
  if (report.status === '1' || /^delivered$/i.test(report.status)) return 'delivered';
  if (FAILED_CODES.has(report.status)) return 'failed';
  if (/fail|reject|block|ndnc|undeliver|expire/i.test(report.status)) return 'failed';
  return null;
}

function reportOf(r: z.infer<typeof ZReport>): DeliveryReport | null {
  const status = statusOf(r);
  if (!status) return null;
  const why = [r.desc, r.failedReason || r.failureReason].filter(Boolean).join(': ');
  const detail = status === 'failed' ? `MSG91: ${why || `status ${r.status}`}` : '';
  return { channel: 'sms', providerId: r.requestId, status, detail };
}

/** The reports a body holds, or null when it is none of MSG91's shapes. */
export function msg91Reports(body: Buffer, contentType: string | undefined): DeliveryReport[] | null {
  let rows: Array<z.infer<typeof ZReport>>;
  if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    const data = new URLSearchParams(body.toString('utf8')).get('data');
    const parsed = ZV2.safeParse(data === null ? undefined : parseJson(Buffer.from(data)));
    if (!parsed.success) return null;
    rows = parsed.data.flatMap((request) => request.report.map((r) => ({ ...r, requestId: request.requestId })));
  } else {
    const parsed = ZJson.safeParse(parseJson(body));
    if (!parsed.success) return null;
    rows = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  }
  return rows.map(reportOf).filter((r): r is DeliveryReport => r !== null);
}

export async function msg91Webhook(app: FastifyInstance, { deps }: { deps: ServerDeps }): Promise<void> {
  takeRawBodies(app);
  app.post('/webhooks/msg91', async (req, reply) => {
    const expected = deps.messaging?.msg91WebhookToken;
    if (!expected)
      return reply.code(404).send({ message: 'MSG91 delivery reports are not set up (MSG91_WEBHOOK_TOKEN)' });
    const token = (req.query as Record<string, unknown>).token;
    if (typeof token !== 'string' || !safeEqual(token, expected)) {
      req.log.warn({ route: '/webhooks/msg91' }, 'webhook refused: missing or wrong token');
      return reply.code(401).send({ message: 'The token in the address is missing or wrong' });
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const reports = msg91Reports(body, req.headers['content-type']);
    if (!reports) return reply.code(400).send({ message: 'The body is not an MSG91 delivery report' });
    const eventId =
      reports.length > 0
        ? reports
            .map((r) => `${r.providerId}:${r.status}`)
            .join(',')
            .slice(0, 1000)
        : null;
    await recordWebhookDelivery(deps.db, { provider: 'msg91', eventId, body: body.toString('utf8'), reports });
    return reply.code(200).send({ ok: true });
  });
}
