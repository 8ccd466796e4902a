/**
 * The webhooks end to end: the real server as a process, configured from the environment alone,
 * called over HTTP as Meta and MSG91 call it.
 */
import { closePostgres, type Database, openDatabase, openPostgres } from '@fees/db';
import { onPostgres, temporaryFolder } from '@fees/db/testing';
import { createTestPostgres, type TestPostgres } from '@fees/db/testing/postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertSentMessage, messageState } from '../test/messages';
import { type ServerProcess, startServer } from '../test/server-process';
import { whatsappSignature } from './whatsapp';

const env = {
  WHATSAPP_APP_SECRET: 'e2e-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'e2e-verify',
  MSG91_WEBHOOK_TOKEN: 'e2e-msg91',
};

let server: ServerProcess;
let db: Database;
let postgres: TestPostgres | undefined;

beforeAll(async () => {
  if (onPostgres) {
    postgres = await createTestPostgres();
    server = await startServer({ ...env, DATABASE_URL: postgres.url });
    db = await openPostgres(postgres.url, { max: 2 });
  } else {
    const path = `${temporaryFolder('fees-webhooks-')}/fees.sqlite`;
    server = await startServer({ ...env, DATABASE_PATH: path });
    db = openDatabase(path);
  }
}, 90_000);

afterAll(async () => {
  if (onPostgres) await closePostgres(db);
  else db.$client.close();
  await server?.stop();
  await postgres?.stop();
});

it('Meta subscribes, a signed status moves the message, an unsigned one is refused; MSG91 reports too', async () => {
  const handshake = await fetch(
    `${server.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=e2e-verify&hub.challenge=987654321`,
  );
  expect(handshake.status).toBe(200);
  expect(await handshake.text()).toBe('987654321');

  const whatsapp = await insertSentMessage(db, 'whatsapp', 'wamid.e2e');
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.e2e', status: 'read' }] } }] }],
  });
  const unsigned = await fetch(`${server.url}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  expect(unsigned.status).toBe(401);
  expect(await messageState(db, whatsapp)).toMatchObject({ status: 'sent', deliveries: 0 });

  const signed = await fetch(`${server.url}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(body, 'e2e-app-secret') },
    body,
  });
  expect(signed.status).toBe(200);
  expect(await messageState(db, whatsapp)).toMatchObject({ status: 'read', history: ['read'], deliveries: 1 });

  const sms = await insertSentMessage(db, 'sms', 'msg91-e2e');
  const report = await fetch(`${server.url}/webhooks/msg91?token=e2e-msg91`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestId: 'msg91-e2e', number: '919876543210', status: '1', desc: 'DELIVERED' }),
  });
  expect(report.status).toBe(200);
  expect(await messageState(db, sms)).toMatchObject({ status: 'delivered', deliveries: 2 });

  const malformed = await fetch(`${server.url}/webhooks/msg91?token=e2e-msg91`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"requestId": [',
  });
  expect(malformed.status).toBe(400);
  expect(server.output()).not.toContain('e2e-msg91');
});
