/**
 * SMS through any HTTP gateway of an Indian aggregator, as Fedena and ERPNext do it: the office pastes
 * the gateway's send URL with placeholders (SMS_GATEWAY_URL), e.g.
 * `https://sms.example.in/api/send?user=fees&key=SECRET&to={mobile}&text={text}&dlt={templateId}`.
 * Placeholders: {mobile} (91 and the 10 digits), {mobile10} (the 10 digits), {text}, {templateId}
 * (the DLT template id); each value is URL-encoded. GET by default; with POST the query part goes as a
 * form body instead. Many gateways answer 200 whatever happened, so SMS_GATEWAY_SUCCESS, a regular
 * expression, can say what a sent answer looks like; its first group, if it has one, is the provider id.
 */
import { dltRefusal } from '../dlt';
import type { Channel, OutgoingMessage, SendResult } from './channel';
import { callProvider, internationalDigits, kindOfHttpStatus, PROVIDER_TIMEOUT_MS, shortText } from './http';

export interface SmsGatewayConfig {
  urlTemplate: string;
  method: 'GET' | 'POST';
  /** What an answer that means "sent" looks like; absent: any 2xx answer. */
  success?: RegExp;
  timeoutMs?: number;
}

export const SMS_GATEWAY_PLACEHOLDERS = ['mobile', 'mobile10', 'text', 'templateId'] as const;

const INVALID_NUMBER = /invalid (mobile|number|recipient)|mobile number.*invalid|dnd|blacklist/i;

/** The gateway's URL for one message, each placeholder filled in URL-encoded. */
export function gatewayUrlFor(urlTemplate: string, message: OutgoingMessage): string {
  const digits = internationalDigits(message.recipient);
  const values: Record<(typeof SMS_GATEWAY_PLACEHOLDERS)[number], string> = {
    mobile: digits,
    mobile10: digits.slice(-10),
    text: message.body,
    templateId: message.provider.dltTemplateId ?? '',
  };
  return urlTemplate.replace(/\{(mobile10|mobile|text|templateId)\}/g, (_, name: keyof typeof values) =>
    encodeURIComponent(values[name]),
  );
}

/** Where the gateway shows in Settings: its host, never the key its URL may carry. */
function hostOf(urlTemplate: string): string {
  return URL.parse(urlTemplate.replace(/\{[A-Za-z0-9]+\}/g, 'x'))?.host ?? 'gateway';
}

export function createSmsGatewayChannel(config: SmsGatewayConfig): Channel {
  return {
    channel: 'sms',
    description: `SMS gateway ${hostOf(config.urlTemplate)}`,
    async send(message: OutgoingMessage): Promise<SendResult> {
      const refused = dltRefusal(message);
      if (refused) return refused;
      const filled = gatewayUrlFor(config.urlTemplate, message);
      let init: RequestInit = { method: 'GET' };
      let url = filled;
      if (config.method === 'POST') {
        const [address, query = ''] = filled.split(/\?(.*)/s);
        url = address!;
        init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query };
      }
      const answer = await callProvider('The SMS gateway', url, init, config.timeoutMs ?? PROVIDER_TIMEOUT_MS);
      if (!answer.answered) return answer.failure;
      const said = shortText(answer.text);
      if (answer.status < 200 || answer.status >= 300) {
        const kind = INVALID_NUMBER.test(answer.text) ? 'permanent' : kindOfHttpStatus(answer.status);
        return { ok: false, kind, reason: `The SMS gateway answered ${answer.status}: ${said}` };
      }
      if (config.success) {
        const match = config.success.exec(answer.text);
        if (!match) {
          const kind = INVALID_NUMBER.test(answer.text) ? 'permanent' : 'transient';
          return { ok: false, kind, reason: `The SMS gateway did not accept the SMS: ${said}` };
        }
        if (match[1]) return { ok: true, providerId: match[1] };
      }
      return { ok: true, providerId: said || `gateway:${message.id}` };
    },
  };
}
