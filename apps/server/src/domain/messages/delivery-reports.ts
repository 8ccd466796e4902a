/**
 * Delivery reports from the providers' webhooks (WhatsApp's statuses, MSG91's reports), applied in one
 * transaction with the record of the delivery that brought them. Reports come late, repeated and out of
 * order: a message only moves forward (applyDeliveryReport), so a repeat changes nothing but the record.
 */
import { applyDeliveryReport, type Database, type DeliveryReport, insertWebhookDelivery } from '@fees/db';
import { inTransaction } from '../write';

export interface WebhookDelivery {
  provider: 'whatsapp' | 'msg91';
  /** The provider's ids of what the delivery reports, for finding a repeat in the record. */
  eventId: string | null;
  /** The body as received. */
  body: string;
  reports: DeliveryReport[];
}

/** Applies a delivery's reports and keeps the delivery; says what each report did, as recorded. */
export async function recordWebhookDelivery(db: Database, delivery: WebhookDelivery): Promise<string> {
  return inTransaction({ db }, async (tx) => {
    const outcomes: string[] = [];
    for (const report of delivery.reports) {
      const { moved, known } = await applyDeliveryReport(tx, report);
      const what = moved ? 'applied' : known ? 'already there or later' : 'no such message';
      outcomes.push(`${report.providerId} ${report.status}: ${what}`);
    }
    const outcome = outcomes.length > 0 ? outcomes.join('; ') : 'no status reports';
    await insertWebhookDelivery(tx, {
      provider: delivery.provider,
      eventId: delivery.eventId,
      body: delivery.body,
      outcome: outcome.slice(0, 2000),
    });
    return outcome;
  });
}
