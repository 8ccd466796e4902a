/** Messages as the worker leaves them once a provider accepted them, for the webhooks' tests. */
import { type Database, rows } from '@fees/db';
import { sql } from 'drizzle-orm';

/** A receipt message sent on a channel, known to the provider as providerId. */
export async function insertSentMessage(
  db: Database,
  channel: 'sms' | 'whatsapp',
  providerId: string,
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO messages (event_key, event, channel, recipient, body, status, attempts, provider_id, sent_at)
      VALUES (${`receipt:1179:created:${providerId}`}, 'receipt_created', ${channel}, '+919876543210',
              'Rs 1,250.00 received', 'sent', 1, ${providerId}, ${new Date().toISOString()})
      RETURNING id`,
  );
  return row!.id;
}

/** A message's status, error and history, and how many webhook deliveries are kept in all. */
export async function messageState(db: Database, id: number) {
  const [message] = await rows<{ status: string; error: string | null }>(
    db,
    sql`SELECT status, error FROM messages WHERE id = ${id}`,
  );
  const history = await rows<{ status: string }>(
    db,
    sql`SELECT status FROM message_history WHERE message_id = ${id} ORDER BY id`,
  );
  const [{ deliveries }] = (await rows<{ deliveries: number }>(
    db,
    sql`SELECT count(*) AS deliveries FROM webhook_deliveries`,
  )) as [{ deliveries: number }];
  return { ...message!, history: history.map((h) => h.status), deliveries: Number(deliveries) };
}
