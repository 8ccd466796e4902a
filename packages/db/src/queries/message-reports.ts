import type { DbOrTx } from '../client';
import { row, run } from '../engines';
import type { MessageStatus } from '../schema/messages';
import { timestampNow } from './now';

/** What a provider can report about a message it accepted. */
export type DeliveryReportStatus = Extract<MessageStatus, 'sent' | 'delivered' | 'read' | 'failed'>;

/**
 * The statuses a report may move a message from: reports arrive late, repeated and out of order, so a
 * message only moves forward (sent, then delivered, then read). A failure reported after delivery is
 * not believed; a delivery reported after a failure is not either (the provider's failure is final).
 */
const MOVES_FROM: Record<DeliveryReportStatus, MessageStatus[]> = {
  sent: ['sending'],
  delivered: ['sending', 'sent'],
  read: ['sending', 'sent', 'delivered'],
  failed: ['sending', 'sent'],
};

export interface DeliveryReport {
  channel: 'sms' | 'whatsapp';
  providerId: string;
  status: DeliveryReportStatus;
  /** The provider's reason for a failure, in its own words with its code. */
  detail: string;
}

/**
 * Applies one report to the message the provider knows by `providerId`, in the caller's transaction:
 * one UPDATE that moves it only forward, and a history row when it moved. Says whether it moved, and
 * whether any message has that id at all.
 */
export async function applyDeliveryReport(
  tx: DbOrTx,
  report: DeliveryReport,
): Promise<{ moved: boolean; known: boolean }> {
  const from = MOVES_FROM[report.status];
  const placeholders = from.map((_, i) => `@from${i}`).join(', ');
  const fromParams = Object.fromEntries(from.map((status, i) => [`from${i}`, status]));
  const now = timestampNow();
  const moved = await row<{ id: number }>(
    tx,
    `UPDATE messages SET status = @status, updated_at = @now,
       error = CASE WHEN @status = 'failed' THEN @detail ELSE error END
     WHERE id = (SELECT id FROM messages WHERE provider_id = @providerId AND channel = @channel ORDER BY id LIMIT 1)
       AND status IN (${placeholders})
     RETURNING id`,
    {
      ...fromParams,
      status: report.status,
      now,
      detail: report.detail,
      providerId: report.providerId,
      channel: report.channel,
    },
  );
  if (moved) {
    await run(
      tx,
      'INSERT INTO message_history (message_id, at, status, detail) VALUES (@messageId, @now, @status, @detail)',
      { messageId: moved.id, now, status: report.status, detail: report.detail || `Reported ${report.status}` },
    );
    return { moved: true, known: true };
  }
  const known = await row<{ id: number }>(
    tx,
    'SELECT id FROM messages WHERE provider_id = @providerId AND channel = @channel LIMIT 1',
    { providerId: report.providerId, channel: report.channel },
  );
  return { moved: false, known: known !== undefined };
}

/** One webhook delivery as received, kept for the audit; only deliveries whose signature held get here. */
export async function insertWebhookDelivery(
  tx: DbOrTx,
  delivery: { provider: string; eventId: string | null; body: string; outcome: string },
): Promise<void> {
  await run(
    tx,
    `INSERT INTO webhook_deliveries (provider, event_id, received_at, signature_ok, body, outcome)
     VALUES (@provider, @eventId, @now, 1, @body, @outcome)`,
    { ...delivery, now: timestampNow() },
  );
}
