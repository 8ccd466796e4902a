import type { Database } from '@fees/db';
import { rows } from '@fees/db';
import { openTestDatabase } from '@fees/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { insertSentMessage, messageState } from '../test/messages';

const TOKEN = 'msg91-hook-5b1e';
const REQUEST_ID = '3463736b6a4b353236353230';

/** MSG91's documented v2 report: a form whose `data` is a JSON text. */
function v2Form(status: string, desc: string, failedReason = '') {
  const data = JSON.stringify([
    {
      senderId: 'FEESOF',
      requestId: REQUEST_ID,
      report: [
        {
          date: '2026-11-27 10:06:20',
          number: '919876543210',
          status,
          desc,
          failedReason,
          clientid: '',
          INMSID: '0',
          CRQID: '0',
          ctCode: '900',
          credit: '1',
          amount: '0.01',
        },
      ],
      userId: '27XXXX',
      campaignName: 'Sendhttp',
    },
  ]);
  return new URLSearchParams({ data }).toString();
}

/** MSG91's documented v3 report: one JSON object. */
function v3Json(status: string, desc: string) {
  return {
    date: '2026-11-27 09:58:16',
    number: '919876543210',
    senderId: 'FEESOF',
    amount: '0.01',
    requestId: REQUEST_ID,
    INMSID: '0',
    CRQID: '0',
    credit: '1',
    userId: '27XXXX',
    campaignName: 'Sendhttp',
    status,
    desc,
  };
}

let db: Database;
let app: FastifyInstance;

beforeEach(async () => {
  db = await openTestDatabase();
  app = await buildApp({
    deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false, messaging: { msg91WebhookToken: TOKEN } },
    webRoot: '/nonexistent',
  });
});
afterEach(() => app.close());

const postForm = (body: string, token: string | null = TOKEN) =>
  app.inject({
    method: 'POST',
    url: token === null ? '/webhooks/msg91' : `/webhooks/msg91?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
const postJson = (body: unknown, token = TOKEN) =>
  app.inject({
    method: 'POST',
    url: `/webhooks/msg91?token=${token}`,
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('MSG91 delivery reports', () => {
  it('a v2 form report of delivery moves the SMS to delivered, once', async () => {
    const id = await insertSentMessage(db, 'sms', REQUEST_ID);
    expect((await postForm(v2Form('1', 'DELIVERED'))).statusCode).toBe(200);
    expect((await postForm(v2Form('1', 'DELIVERED'))).statusCode).toBe(200);
    expect(await messageState(db, id)).toEqual({
      status: 'delivered',
      error: null,
      history: ['delivered'],
      deliveries: 2,
    });
  });

  it('a v3 JSON report of failure keeps the reason; a submitted report changes nothing', async () => {
    const id = await insertSentMessage(db, 'sms', REQUEST_ID);
    expect((await postJson(v3Json('8', 'SUBMITTED'))).statusCode).toBe(200);
    expect(await messageState(db, id)).toMatchObject({ status: 'sent', history: [] });
    expect((await postJson(v3Json('17', 'BLOCKED NUMBER'))).statusCode).toBe(200);
    expect(await messageState(db, id)).toMatchObject({ status: 'failed', error: 'MSG91: BLOCKED NUMBER' });
  });

  it('a report of the new webhook, with words for its status, is read too', async () => {
    const id = await insertSentMessage(db, 'sms', REQUEST_ID);
    const report = {
      requestId: REQUEST_ID,
      telNum: '919876543210',
      status: 'Failed',
      failureReason: 'DLT template mismatch',
    };
    expect((await postJson(report)).statusCode).toBe(200);
    expect(await messageState(db, id)).toMatchObject({ status: 'failed', error: 'MSG91: DLT template mismatch' });
  });

  it('a delivery reported after a failure, or a failure after delivery, is not believed', async () => {
    const id = await insertSentMessage(db, 'sms', REQUEST_ID);
    await postJson(v3Json('1', 'DELIVERED'));
    await postForm(v2Form('2', 'FAILED', 'Absent subscriber'));
    expect(await messageState(db, id)).toMatchObject({ status: 'delivered', history: ['delivered'] });
  });

  it('a missing or wrong token is a 401 and changes nothing', async () => {
    const id = await insertSentMessage(db, 'sms', REQUEST_ID);
    for (const token of [null, '', 'guess', `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      expect((await postForm(v2Form('1', 'DELIVERED'), token)).statusCode, String(token)).toBe(401);
    }
    expect(await messageState(db, id)).toMatchObject({ status: 'sent', history: [], deliveries: 0 });
  });

  it('anything else is a 400 (or 413 when huge), never a 500, and writes nothing', async () => {
    const id = await insertSentMessage(db, 'sms', REQUEST_ID);
    for (const body of ['{', 'null', '{"requestId": {"a": 1}, "status": "1"}', '[{"status": "1"}]', '"x"']) {
      expect((await postJson(body)).statusCode, body).toBe(400);
    }
    for (const body of ['', 'data=', 'data=%7B', `data=${encodeURIComponent('[{"requestId": "x", "report": "y"}]')}`]) {
      expect((await postForm(body)).statusCode, body).toBe(400);
    }
    expect((await postJson(`"${'x'.repeat(300 * 1024)}"`)).statusCode).toBe(413);
    expect(await messageState(db, id)).toMatchObject({ status: 'sent', deliveries: 0 });
    const kept = await rows(db, sql`SELECT id FROM webhook_deliveries`);
    expect(kept).toHaveLength(0);
  });

  it('answers 404 when no token is set up', async () => {
    await app.close();
    app = await buildApp({
      deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false },
      webRoot: '/nonexistent',
    });
    expect((await postForm(v2Form('1', 'DELIVERED'))).statusCode).toBe(404);
  });
});
