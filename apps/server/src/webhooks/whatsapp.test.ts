import { type Database, rows } from '@fees/db';
import { openTestDatabase } from '@fees/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { insertSentMessage, messageState } from '../test/messages';
import { whatsappSignature } from './whatsapp';

const APP_SECRET = 'test-app-secret-8f2c';
const VERIFY_TOKEN = 'verify-me-7731';
const WAMID = 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQjZGOTUwRDRFNzg2MUEzN0VEAA==';

/** Meta's documented status notification, for one message and status. */
function statusNotification(status: string, id = WAMID, extra: object = {}) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              statuses: [
                {
                  id,
                  status,
                  timestamp: '1750857384',
                  recipient_id: '919876543210',
                  conversation: { id: 'a75d17ad06104c51166f948319b03c6a', origin: { type: 'utility' } },
                  pricing: { billable: true, pricing_model: 'CBP', category: 'utility' },
                  ...extra,
                },
              ],
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

let db: Database;
let app: FastifyInstance;

async function appWith(configured: boolean) {
  return buildApp({
    deps: {
      db,
      loginLimiter: new LoginLimiter(),
      secureCookies: false,
      messaging: configured ? { whatsappWebhook: { appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN } } : {},
    },
    webRoot: '/nonexistent',
  });
}

beforeEach(async () => {
  db = await openTestDatabase();
  app = await appWith(true);
});
afterEach(() => app.close());

function post(payload: unknown, signature?: string | null) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['x-hub-signature-256'] = signature ?? whatsappSignature(body, APP_SECRET);
  return app.inject({ method: 'POST', url: '/webhooks/whatsapp', headers, body });
}

describe('the WhatsApp webhook handshake', () => {
  it('echoes the challenge for our verify token, and refuses any other', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await app.inject({
      method: 'GET',
      url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
    const none = await app.inject({ method: 'GET', url: '/webhooks/whatsapp' });
    expect(none.statusCode).toBe(403);
  });

  it('answers 404 on a server without WhatsApp', async () => {
    await app.close();
    app = await appWith(false);
    const handshake = await app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    });
    expect(handshake.statusCode).toBe(404);
    expect((await post(statusNotification('read'))).statusCode).toBe(404);
  });
});

describe('WhatsApp statuses', () => {
  it('move the message forward only: read stays read when a late "delivered" comes, repeats change nothing', async () => {
    const id = await insertSentMessage(db, 'whatsapp', WAMID);
    expect((await post(statusNotification('delivered'))).statusCode).toBe(200);
    expect(await messageState(db, id)).toMatchObject({ status: 'delivered', history: ['delivered'], deliveries: 1 });
    expect((await post(statusNotification('read'))).statusCode).toBe(200);
    // Meta sends again what it is not sure arrived, and not always in order.
    expect((await post(statusNotification('delivered'))).statusCode).toBe(200);
    expect((await post(statusNotification('read'))).statusCode).toBe(200);
    expect((await post(statusNotification('sent'))).statusCode).toBe(200);
    expect(await messageState(db, id)).toEqual({
      status: 'read',
      error: null,
      history: ['delivered', 'read'],
      deliveries: 5,
    });
    const kept = await rows<{ provider: string; eventId: string; outcome: string }>(
      db,
      sql`SELECT provider, event_id AS "eventId", outcome FROM webhook_deliveries ORDER BY id`,
    );
    expect(kept[2]).toEqual({
      provider: 'whatsapp',
      eventId: `${WAMID}:delivered`,
      outcome: `${WAMID} delivered: already there or later`,
    });
  });

  it('a read that overtakes its delivered still lands on read', async () => {
    const id = await insertSentMessage(db, 'whatsapp', WAMID);
    await post(statusNotification('read'));
    await post(statusNotification('delivered'));
    expect(await messageState(db, id)).toMatchObject({ status: 'read', history: ['read'] });
  });

  it('a failure is kept with its reason, and a later failure after delivery is not believed', async () => {
    const failing = await insertSentMessage(db, 'whatsapp', 'wamid.failing');
    const failure = {
      errors: [
        {
          code: 131026,
          title: 'Message undeliverable',
          message: 'Message undeliverable',
          error_data: { details: 'Message Undeliverable.' },
        },
      ],
    };
    expect((await post(statusNotification('failed', 'wamid.failing', failure))).statusCode).toBe(200);
    expect(await messageState(db, failing)).toMatchObject({
      status: 'failed',
      error: 'WhatsApp: #131026 Message undeliverable (Message Undeliverable.)',
    });
    const delivered = await insertSentMessage(db, 'whatsapp', 'wamid.delivered');
    await post(statusNotification('delivered', 'wamid.delivered'));
    await post(statusNotification('failed', 'wamid.delivered', failure));
    expect(await messageState(db, delivered)).toMatchObject({ status: 'delivered', error: null });
  });

  it('a report for an unknown wamid is kept, saying so', async () => {
    expect((await post(statusNotification('delivered', 'wamid.unknown'))).statusCode).toBe(200);
    const [kept] = await rows<{ outcome: string }>(db, sql`SELECT outcome FROM webhook_deliveries`);
    expect(kept!.outcome).toBe('wamid.unknown delivered: no such message');
  });

  it('an SMS with the same provider id is not touched by a WhatsApp status', async () => {
    const sms = await insertSentMessage(db, 'sms', WAMID);
    await post(statusNotification('read'));
    expect(await messageState(db, sms)).toMatchObject({ status: 'sent', history: [] });
  });
});

describe('what the WhatsApp webhook refuses', () => {
  it('a missing or wrong signature is a 401 and changes nothing, not even the record of deliveries', async () => {
    const id = await insertSentMessage(db, 'whatsapp', WAMID);
    const body = JSON.stringify(statusNotification('read'));
    const cases = [
      null,
      '',
      'sha256=',
      whatsappSignature(body, 'another-secret'),
      whatsappSignature(`${body} `, APP_SECRET),
      whatsappSignature(body, APP_SECRET).toUpperCase(),
      whatsappSignature(body, APP_SECRET).replace('sha256=', 'sha1='),
    ];
    for (const signature of cases) {
      const response = await post(body, signature);
      expect(response.statusCode, String(signature)).toBe(401);
    }
    expect(await messageState(db, id)).toMatchObject({ status: 'sent', history: [], deliveries: 0 });
  });

  it('a signed body that is not JSON or not a notification is a 400; a huge one a 413; never a 500', async () => {
    const id = await insertSentMessage(db, 'whatsapp', WAMID);
    const bodies = [
      '{"object": "whatsapp_business_account", "entry": [',
      'null',
      '[]',
      '"text"',
      JSON.stringify({ object: 'whatsapp_business_account', entry: 'x' }),
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ changes: [{ value: { statuses: [{ id: 5 }] } }] }],
      }),
      JSON.stringify(statusNotification('read', 'x'.repeat(400))),
      `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ];
    for (const body of bodies) expect((await post(body)).statusCode, body.slice(0, 60)).toBe(400);
    const huge = `{"object":"whatsapp_business_account","entry":[],"pad":"${'x'.repeat(300 * 1024)}"}`;
    expect((await post(huge)).statusCode).toBe(413);
    const other = await app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'text/plain', 'x-hub-signature-256': whatsappSignature('hello', APP_SECRET) },
      body: 'hello',
    });
    expect(other.statusCode).toBe(400);
    expect(await messageState(db, id)).toMatchObject({ status: 'sent', deliveries: 0 });
  });

  it('a notification without statuses (an incoming message) is kept and changes no message', async () => {
    const incoming = {
      object: 'whatsapp_business_account',
      entry: [
        { id: '0', changes: [{ field: 'messages', value: { messages: [{ from: '919876543210', id: 'wamid.in' }] } }] },
      ],
    };
    expect((await post(incoming)).statusCode).toBe(200);
    const [kept] = await rows<{ outcome: string }>(db, sql`SELECT outcome FROM webhook_deliveries`);
    expect(kept!.outcome).toBe('no status reports');
  });
});
