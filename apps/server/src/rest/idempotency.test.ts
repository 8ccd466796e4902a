/**
 * POST /rest/inv/register with an Idempotency-Key, over real HTTP. The answer of a saved receipt is
 * dropped on its way back (a proxy closes the client's socket as the first byte of the answer
 * arrives, which the server sends only after COMMIT): the client sees a network failure, sends the
 * request again with its key, and gets the first receipt's number; the student has one receipt.
 */
import { sql } from 'drizzle-orm';
import { createServer, type Server, Socket } from 'node:net';
import { row } from '@fees/db';
import { receiptLabel } from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, type RestServer, startRestServer } from '../test/rest';

let server: RestServer;
let proxy: Server;
let proxyUrl: string;
let cookie: string;

/** Forwards each connection to the server and cuts it, both ways, when the server starts answering. */
function droppingProxy(target: URL): Promise<Server> {
  const dropper = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port), target.hostname, () => client.pipe(upstream));
    upstream.once('data', () => {
      client.destroy();
      upstream.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise((resolve) => dropper.listen(0, '127.0.0.1', () => resolve(dropper)));
}

beforeAll(async () => {
  server = await startRestServer();
  proxy = await droppingProxy(new URL(server.baseUrl));
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  proxyUrl = `http://127.0.0.1:${address.port}`;
  const login = await fetch(`${server.baseUrl}/rest/deplogin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS.ugStaff),
  });
  expect(login.status).toBe(200);
  cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await server.close();
});

function receipt(price: string) {
  return {
    depId: 100,
    admno: server.fixture.ug.admissionNo,
    date: '2025-08-01',
    items: [{ feeId: server.fixture.heads.tuition, particulars: 'Term 2', price }],
    ftotal: price,
    ftax: '0.00',
    fnet: price,
    confirm: true,
  };
}

function register(baseUrl: string, body: unknown, key?: string) {
  return fetch(`${baseUrl}/rest/inv/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    body: JSON.stringify(body),
  });
}

async function receiptsOfStudent(): Promise<number> {
  return (await row<{ n: number }>(
    server.db,
    sql`SELECT COUNT(*) AS n FROM receipts WHERE student_id = ${server.fixture.ug.studentId}`,
  ))!.n;
}

const conflict = (saved: string) =>
  `This request's idempotency key already saved ${saved} with other details: each new record needs a new key`;

describe('POST /rest/inv/register with an Idempotency-Key', () => {
  it('answers the retry of a receipt whose answer was lost with that receipt, and writes one receipt', async () => {
    const before = await receiptsOfStudent();
    await expect(register(proxyUrl, receipt('1000.00'), 'lost-answer-0001')).rejects.toThrow();
    // Saved, though the client never heard of it.
    expect(await receiptsOfStudent()).toBe(before + 1);
    const newest = (await row<{ n: number }>(server.db, sql`SELECT MAX(number) AS n FROM receipts`))!.n;

    const retry = await register(server.baseUrl, receipt('1000.00'), 'lost-answer-0001');
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({
      message: 'Receipt saved',
      invoice: newest,
      total_amt: '1000.00',
      tax_amt: '0.00',
      net_amt: '1000.00',
    });
    expect(await receiptsOfStudent()).toBe(before + 1);
  });

  it('without a key, the same retry writes a second receipt (what the key is for)', async () => {
    const before = await receiptsOfStudent();
    await expect(register(proxyUrl, receipt('10.00'))).rejects.toThrow();
    expect((await register(server.baseUrl, receipt('10.00'))).status).toBe(200);
    expect(await receiptsOfStudent()).toBe(before + 2);
  });

  it('gives requests racing with one key one receipt and the same invoice', async () => {
    const before = await receiptsOfStudent();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => register(server.baseUrl, receipt('250.00'), '"race-key-0002"')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const invoices = await Promise.all(answers.map(async (a) => ((await a.json()) as { invoice: number }).invoice));
    expect(new Set(invoices).size).toBe(1);
    expect(await receiptsOfStudent()).toBe(before + 1);
    // The quoted form of the header and the bare key are one key.
    const bare = await register(server.baseUrl, receipt('250.00'), 'race-key-0002');
    expect(((await bare.json()) as { invoice: number }).invoice).toBe(invoices[0]);
  });

  it('refuses the key with another body (409) and a malformed key (400 naming the header)', async () => {
    const first = await register(server.baseUrl, receipt('300.00'), 'other-body-0003');
    expect(first.status).toBe(200);
    const { invoice } = (await first.json()) as { invoice: number };
    const before = await receiptsOfStudent();
    const other = await register(server.baseUrl, receipt('301.00'), 'other-body-0003');
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({
      message: conflict(`receipt ${receiptLabel(invoice)}`),
    });
    const malformed = await register(server.baseUrl, receipt('300.00'), 'bad key');
    expect(malformed.status).toBe(400);
    const body = (await malformed.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toMatch(/^An idempotency key is 8 to 100 letters/);
    expect(Object.keys(body.errors)).toEqual(['Idempotency-Key']);
    expect(await receiptsOfStudent()).toBe(before);
  });
});
