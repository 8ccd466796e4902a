/**
 * SMS through MSG91's Send SMS API (`POST {MSG91_API_BASE}/api/v2/sendsms`, the `authkey` header):
 * the text exactly as rendered, the sender header and the DLT template id (`DLT_TE_ID`), transactional
 * route 4. The text is checked against its registered DLT text first (dlt.ts); MSG91 and the operator
 * check it again. MSG91 answers `{ "type": "success", "message": "<request id>" }`; the request id is
 * the provider id its delivery reports name (webhooks/msg91.ts).
 */
import { dltRefusal } from '../dlt';
import type { Channel, OutgoingMessage, SendResult } from './channel';
import { callProvider, internationalDigits, kindOfHttpStatus, PROVIDER_TIMEOUT_MS, shortText } from './http';

export interface Msg91Config {
  authKey: string;
  /** The 6-letter sender header registered with DLT. */
  sender: string;
  apiBase: string;
  timeoutMs?: number;
}

export const MSG91_DEFAULT_API_BASE = 'https://api.msg91.com';

/** MSG91's words for a number it will never deliver to: retrying cannot help. */
const INVALID_NUMBER = /mobile|number|recipient/i;
/** MSG91's words for a refused key or an empty balance: the office can fix those, so the send is retried. */
const ACCOUNT_PROBLEM = /auth|key|balance|credit|\bip\b/i;

function refusal(kind: 'transient' | 'permanent', text: string): SendResult {
  return { ok: false, kind, reason: `MSG91 refused the SMS: ${shortText(text)}` };
}

export function createMsg91Channel(config: Msg91Config): Channel {
  const url = `${config.apiBase.replace(/\/+$/, '')}/api/v2/sendsms`;
  return {
    channel: 'sms',
    description: `MSG91 (sender ${config.sender})`,
    async send(message: OutgoingMessage): Promise<SendResult> {
      const refused = dltRefusal(message);
      if (refused) return refused;
      const answer = await callProvider(
        'MSG91',
        url,
        {
          method: 'POST',
          headers: { authkey: config.authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            sender: config.sender,
            route: '4',
            country: '91',
            DLT_TE_ID: message.provider.dltTemplateId,
            sms: [{ message: message.body, to: [internationalDigits(message.recipient)] }],
          }),
        },
        config.timeoutMs ?? PROVIDER_TIMEOUT_MS,
      );
      if (!answer.answered) return answer.failure;
      const body = answer.json as { type?: unknown; message?: unknown } | undefined;
      const said = typeof body?.message === 'string' ? body.message : answer.text;
      if (answer.status >= 200 && answer.status < 300 && body?.type === 'success' && typeof body.message === 'string') {
        return { ok: true, providerId: body.message };
      }
      if (answer.status === 401 || answer.status === 403) return refusal('transient', said);
      if (answer.status >= 400) {
        if (INVALID_NUMBER.test(said)) return refusal('permanent', said);
        return refusal(kindOfHttpStatus(answer.status), said);
      }
      // MSG91 reports many refusals as 200 with "type": "error".
      if (INVALID_NUMBER.test(said)) return refusal('permanent', said);
      return refusal(ACCOUNT_PROBLEM.test(said) ? 'transient' : 'permanent', said);
    },
  };
}
