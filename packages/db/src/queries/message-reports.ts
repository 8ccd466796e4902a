import { sql } from 'drizzle-orm';
import type { WriteTx } from '../client';
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
  tx: WriteTx,
  report: DeliveryReport,
): Promise<{ moved: boolean; known: boolean }> {
  const from = sql.join(
    MOVES_FROM[report.status].map((status) => sql`${status}`),
    sql`, `,
  );
  const now = timestampNow();
  const failure = report.status === 'failed' ? report.detail || 'The provider reported it failed' : null;
  const moved = await row<{ id: number }>(
    tx,
    sql`UPDATE messages SET status = ${report.status}, updated_at = ${now}, error = coalesce(${failure}, error)
      WHERE id = (SELECT id FROM messages WHERE provider_id = ${report.providerId} AND channel = ${report.channel}
                  ORDER BY id LIMIT 1)
        AND status IN (${from})
      RETURNING id`,
  );
  if (moved) {
    await run(
      tx,
      sql`INSERT INTO message_history (message_id, at, status, detail)
        VALUES (${moved.id}, ${now}, ${report.status}, ${report.detail || `Reported ${report.status}`})`,
    );
    return { moved: true, known: true };
  }
  const known = await row<{ id: number }>(
    tx,
    sql`SELECT id FROM messages WHERE provider_id = ${report.providerId} AND channel = ${report.channel} LIMIT 1`,
  );
  return { moved: false, known: known !== undefined };
}

/** One webhook delivery as received, kept for the audit; only deliveries whose signature held get here. */
export async function insertWebhookDelivery(
  tx: WriteTx,
  delivery: { provider: string; eventId: string | null; body: string; outcome: string },
): Promise<void> {
  await run(
    tx,
    sql`INSERT INTO webhook_deliveries (provider, event_id, received_at, signature_ok, body, outcome)
      VALUES (${delivery.provider}, ${delivery.eventId}, ${timestampNow()}, 1, ${delivery.body}, ${delivery.outcome})`,
  );
}
