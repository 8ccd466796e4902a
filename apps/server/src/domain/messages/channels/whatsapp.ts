/**
 * WhatsApp through Meta's Business Cloud API. Outside a conversation the family opened, only approved
 * templates may be sent: a utility template named by the message (name, language, its body's
 * parameters in order). A receipt's PDF goes as the template's document header: uploaded first
 * (`POST {base}/{phone-number-id}/media`, multipart) and then named by its media id in
 * `POST {base}/{phone-number-id}/messages`. The answer's `messages[0].id` (a wamid) is the provider id
 * the webhook's statuses name (webhooks/whatsapp.ts). WHATSAPP_API_BASE holds the Graph API version.
 */
import type { Channel, OutgoingMessage, SendResult } from './channel';
import { callProvider, internationalDigits, kindOfHttpStatus, PROVIDER_TIMEOUT_MS, shortText } from './http';

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  /** Graph API address with its version, e.g. https://graph.facebook.com/v23.0. */
  apiBase: string;
  timeoutMs?: number;
}

export const WHATSAPP_DEFAULT_API_BASE = 'https://graph.facebook.com/v23.0';

/**
 * Meta's error codes that pass with time: throughput and pair rate limits, temporary faults, and the
 * account's token or permissions (the office can renew them; the retries give it time).
 */
const TRANSIENT_CODES = new Set([0, 1, 2, 4, 10, 190, 80007, 130429, 131000, 131016, 131056, 133004]);
/** Codes that mean this recipient cannot get this message: no WhatsApp on the number, not allowed. */
const RECIPIENT_CODES = new Set([131026, 131030, 131031, 131049, 131050]);

interface GraphError {
  code?: number;
  message?: string;
  error_data?: { details?: string };
}

function failureOf(status: number, json: unknown, text: string, what: string): Extract<SendResult, { ok: false }> {
  const error = (json as { error?: GraphError } | undefined)?.error;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  // Meta repeats the code in the message ("(#131026) Message Undeliverable."); the details say most.
  const words = error ? (error.error_data?.details ?? error.message?.replace(/^\(#\d+\)\s*/, '') ?? '') : text;
  const reason = `WhatsApp refused the ${what}${code === undefined ? '' : ` (#${code})`}: ${shortText(words)}`;
  if (status >= 500 || status === 429) return { ok: false, kind: 'transient', reason };
  if (code !== undefined && TRANSIENT_CODES.has(code)) return { ok: false, kind: 'transient', reason };
  if (code !== undefined && RECIPIENT_CODES.has(code)) return { ok: false, kind: 'permanent', reason };
  return { ok: false, kind: kindOfHttpStatus(status), reason };
}

export function createWhatsAppChannel(config: WhatsAppConfig): Channel {
  const base = `${config.apiBase.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}`;
  const timeoutMs = config.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const authorization = `Bearer ${config.token}`;

  async function upload(
    attachment: NonNullable<OutgoingMessage['attachment']>,
  ): Promise<{ id: string } | Extract<SendResult, { ok: false }>> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', attachment.contentType);
    form.set(
      'file',
      new Blob([new Uint8Array(attachment.content)], { type: attachment.contentType }),
      attachment.filename,
    );
    const answer = await callProvider(
      'WhatsApp',
      `${base}/media`,
      {
        method: 'POST',
        headers: { authorization },
        body: form,
      },
      timeoutMs,
    );
    if (!answer.answered) return answer.failure;
    const id = (answer.json as { id?: unknown } | undefined)?.id;
    if (answer.status >= 200 && answer.status < 300 && typeof id === 'string') return { id };
    return failureOf(answer.status, answer.json, answer.text, 'document upload');
  }

  return {
    channel: 'whatsapp',
    description: `WhatsApp Cloud API (number id ${config.phoneNumberId})`,
    async send(message: OutgoingMessage): Promise<SendResult> {
      const { whatsappTemplate, whatsappLanguage, parameters = [] } = message.provider;
      if (!whatsappTemplate?.trim()) {
        return {
          ok: false,
          kind: 'permanent',
          reason: 'This message has no approved WhatsApp template (Messages, Templates), so it was not sent',
        };
      }
      const components: unknown[] = [];
      if (message.attachment) {
        const media = await upload(message.attachment);
        if (!('id' in media)) return media;
        components.push({
          type: 'header',
          parameters: [{ type: 'document', document: { id: media.id, filename: message.attachment.filename } }],
        });
      }
      if (parameters.length > 0) {
        components.push({ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) });
      }
      const answer = await callProvider(
        'WhatsApp',
        `${base}/messages`,
        {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: internationalDigits(message.recipient),
            type: 'template',
            template: { name: whatsappTemplate, language: { code: whatsappLanguage || 'en' }, components },
          }),
        },
        timeoutMs,
      );
      if (!answer.answered) return answer.failure;
      const id = (answer.json as { messages?: Array<{ id?: unknown }> } | undefined)?.messages?.[0]?.id;
      if (answer.status >= 200 && answer.status < 300 && typeof id === 'string') return { ok: true, providerId: id };
      return failureOf(answer.status, answer.json, answer.text, 'message');
    },
  };
}
