import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RecordedRequest, type StandIn, startStandIn } from '../../../test/stand-in';
import type { OutgoingMessage } from './channel';
import { createWhatsAppChannel } from './whatsapp';

const pdf = Buffer.from('%PDF-1.4 the printed receipt');

function receiptMessage(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    id: 11,
    channel: 'whatsapp',
    recipient: '+919876543210',
    recipientName: 'Lakshmi',
    subject: null,
    body: 'Rs 1,250.00 received for Anu by receipt #0001179.',
    provider: { whatsappTemplate: 'fee_receipt', whatsappLanguage: 'en', parameters: ['1,250.00', 'Anu', '#0001179'] },
    attachment: { filename: 'receipt-1179.pdf', contentType: 'application/pdf', content: pdf },
    ...overrides,
  };
}

const sentAnswer = {
  status: 200,
  json: {
    messaging_product: 'whatsapp',
    contacts: [{ input: '919876543210', wa_id: '919876543210' }],
    messages: [{ id: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUJDMTIz' }],
  },
};

/** The stand-in of the Cloud API: media uploads get an id, messages a wamid. */
function cloudApi(request: RecordedRequest) {
  if (request.url.endsWith('/media')) return { status: 200, json: { id: '1037543291543636' } };
  return sentAnswer;
}

let api: StandIn;
beforeEach(async () => {
  api = await startStandIn(cloudApi);
});
afterEach(() => api.close());

/** A generous limit where an answer comes (the machine may be busy), a short one where it never does. */
const channel = (timeoutMs = 5_000) =>
  createWhatsAppChannel({
    token: 'EAAG-token',
    phoneNumberId: '106540352242922',
    apiBase: `${api.url}/v23.0`,
    timeoutMs,
  });

describe('WhatsApp Cloud API', () => {
  it('uploads the receipt PDF, then sends the approved template with it as the document header', async () => {
    expect(await channel().send(receiptMessage())).toEqual({
      ok: true,
      providerId: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUJDMTIz',
    });
    const [upload, send] = api.requests;
    expect(upload!.url).toBe('/v23.0/106540352242922/media');
    expect(upload!.headers.authorization).toBe('Bearer EAAG-token');
    expect(upload!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const uploaded = upload!.body.toString('latin1');
    expect(uploaded).toContain('name="messaging_product"\r\n\r\nwhatsapp');
    expect(uploaded).toContain('filename="receipt-1179.pdf"');
    expect(uploaded).toContain('%PDF-1.4 the printed receipt');

    expect(send!.url).toBe('/v23.0/106540352242922/messages');
    expect(send!.headers.authorization).toBe('Bearer EAAG-token');
    expect(JSON.parse(send!.body.toString())).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'fee_receipt',
        language: { code: 'en' },
        components: [
          {
            type: 'header',
            parameters: [{ type: 'document', document: { id: '1037543291543636', filename: 'receipt-1179.pdf' } }],
          },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '1,250.00' },
              { type: 'text', text: 'Anu' },
              { type: 'text', text: '#0001179' },
            ],
          },
        ],
      },
    });
  });

  it('sends a template without a header when the message has no document', async () => {
    expect(await channel().send(receiptMessage({ attachment: undefined }))).toMatchObject({ ok: true });
    expect(api.requests).toHaveLength(1);
    expect(JSON.parse(api.requests[0]!.body.toString()).template.components).toHaveLength(1);
  });

  it('stops at a number without WhatsApp (131026) and at a message with no approved template', async () => {
    api.answer = (request) =>
      request.url.endsWith('/media')
        ? cloudApi(request)
        : {
            status: 400,
            json: {
              error: {
                message: '(#131026) Message Undeliverable.',
                type: 'OAuthException',
                code: 131026,
                error_data: { messaging_product: 'whatsapp', details: 'Message Undeliverable.' },
                fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
              },
            },
          };
    expect(await channel().send(receiptMessage())).toEqual({
      ok: false,
      kind: 'permanent',
      reason: 'WhatsApp refused the message (#131026): Message Undeliverable.',
    });
    const noTemplate = await channel().send(receiptMessage({ provider: {} }));
    expect(noTemplate).toMatchObject({ ok: false, kind: 'permanent' });
    expect(!noTemplate.ok && noTemplate.reason).toContain('no approved WhatsApp template');
  });

  it('retries a rate limit (130429, 131056), a 5xx, a failed upload from a server fault, and a timeout', async () => {
    api.answer = () => ({ status: 400, json: { error: { message: 'Rate limit hit', code: 130429 } } });
    expect(await channel().send(receiptMessage({ attachment: undefined }))).toMatchObject({
      ok: false,
      kind: 'transient',
    });
    api.answer = () => ({ status: 400, json: { error: { message: 'pair rate limit hit', code: 131056 } } });
    expect(await channel().send(receiptMessage({ attachment: undefined }))).toMatchObject({
      ok: false,
      kind: 'transient',
    });
    api.answer = () => ({ status: 500, json: { error: { message: 'Something went wrong', code: 131000 } } });
    const upload = await channel().send(receiptMessage());
    expect(upload).toMatchObject({ ok: false, kind: 'transient' });
    expect(!upload.ok && upload.reason).toContain('document upload');
    api.answer = () => 'hang';
    expect(await channel(300).send(receiptMessage())).toEqual({
      ok: false,
      kind: 'transient',
      reason: 'WhatsApp did not answer within 0.3 s',
    });
  });

  it('stops at a template Meta does not know (132001)', async () => {
    api.answer = () => ({
      status: 404,
      json: { error: { message: '(#132001) Template name does not exist in the translation', code: 132001 } },
    });
    expect(await channel().send(receiptMessage({ attachment: undefined }))).toMatchObject({
      ok: false,
      kind: 'permanent',
    });
  });
});
