/**
 * The family page over real HTTP, as a parent opens it from the link staff sent: only that student's
 * name, admission number, dues per instalment and receipts; a receipt downloaded as the printed PDF;
 * another student's token, a tampered or revoked one all get the same answer naming no one; wrong
 * tokens are throttled; Pay opens the gateway's page for the dues (a link made once, then reused).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditLog, paymentLinks } from '@fees/db';
import { temporaryFolder } from '@fees/db/testing';
import { receiptLabel } from '@fees/validation';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { createContextInner } from '../context';
import { RazorpayGateway } from '../domain/payments/razorpay';
import type { PaymentsSetup } from '../domain/payments/setup';
import { createCaller } from '../routers/_app';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  type RazorpayStandIn,
  startRazorpayStandIn,
} from '../test/razorpay';
import { useFixture, useHarness } from '../test/use-harness';
import { refusal } from '../test/refusal';

const PUBLIC_URL = 'https://fees.example.org';
const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);
let razorpay: RazorpayStandIn;
let setup: PaymentsSetup;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  setup = {
    gateway: new RazorpayGateway({
      keyId: RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_WEBHOOK_SECRET,
      apiBase: razorpay.url,
    }),
    returnOrigin: null,
  };
  app = await buildApp({
    deps: { db: h.db, loginLimiter: new LoginLimiter(), secureCookies: false, payments: setup, publicUrl: PUBLIC_URL },
    webRoot: '/nonexistent',
    // Each test comes from its own client address (X-Forwarded-For), so the throttle test stays apart.
    trustProxy: '127.0.0.1',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app.close();
  await razorpay.close();
});

const staff = (who: 'ugStaff' | 'pgStaff' = 'ugStaff', publicUrl: string | null = PUBLIC_URL) =>
  createCaller(createContextInner({ db: h.db, session: h.sessions[who], ip: '127.0.0.1', publicUrl }));

/** The page's path of a student's current link (the public address is the test server's own here). */
async function pathOf(who: 'ugStaff' | 'pgStaff', studentId: number): Promise<string> {
  const depId = who === 'ugStaff' ? 100 : 101;
  const { url } = await staff(who).family.link({ depId, studentId });
  expect(url.startsWith(`${PUBLIC_URL}/family/`)).toBe(true);
  return url.slice(PUBLIC_URL.length);
}

const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
let client = 0;
let address = '10.0.0.1';
beforeEach(() => {
  address = `10.0.0.${++client}`;
});
const send = (path: string, method = 'GET') =>
  fetch(`${base}${path}`, { method, redirect: 'manual', headers: { 'x-forwarded-for': address } });
const get = (path: string) => send(path);

function pdfText(bytes: Buffer): string {
  const path = join(temporaryFolder('fees-family-'), 'receipt.pdf');
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-']).toString();
}

describe('the family page', () => {
  it("shows the student's name, admission number, dues per instalment and receipts, and no one else", async () => {
    const page = await get(await pathOf('ugStaff', fx.ug.studentId));
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const text = words(await page.text());
    expect(text).toContain('Anjali Menon');
    expect(text).toContain(`Admission number ${fx.ug.admissionNo}`);
    // The fixture's plan: tuition 25,000 less 2,000 concession, 500 discount and 10,000 paid; exam 1,500.
    expect(text).toContain('Total due Rs 14,000.00');
    expect(text).toContain('Pay Rs 14,000.00 online');
    expect(text).toContain(receiptLabel(fx.ug.receiptNumber));
    expect(text).not.toContain('Rahul Nair');
  });

  it('downloads a receipt of the student as the printed PDF, and refuses any other receipt the same way', async () => {
    const path = await pathOf('ugStaff', fx.ug.studentId);
    const pdf = await get(`${path}/receipts/${fx.ug.receiptNumber}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(receiptLabel(fx.ug.receiptNumber));
    expect(text).toContain('Anjali Menon');

    const pgPath = await pathOf('pgStaff', fx.pg.studentId);
    const pgPage = words(await (await get(pgPath)).text());
    expect(pgPage).toContain('Rahul Nair');
    expect(pgPage).not.toContain('Anjali Menon');
    const refused = await get(`${pgPath}/receipts/${fx.ug.receiptNumber}.pdf`);
    expect(refused.status).toBe(404);
    const bad = await get('/family/1-1-00000000000000000000000000000000');
    expect(await refused.text()).toBe(await bad.text());
  });

  it('answers a tampered, malformed or foreign token the same way, naming no one', async () => {
    const path = await pathOf('ugStaff', fx.ug.studentId);
    const [, , token] = path.split('/');
    const [id, generation, signature] = token!.split('-');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('0') ? '1' : '0'}`;
    const answers = await Promise.all(
      [
        `/family/${id}-${generation}-${flipped}`,
        `/family/${fx.pg.studentId}-${generation}-${signature}`,
        `/family/${id}-${Number(generation) + 1}-${signature}`,
        '/family/nonsense',
        `/family/${token}x`,
      ].map(async (p) => {
        const answer = await get(p);
        return { status: answer.status, body: await answer.text() };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.body).not.toMatch(/Anjali|Rahul|UG-|PG-/);
    }
  });

  it('stops opening once revoked, until staff issue the next link; both audited', async () => {
    const before = await pathOf('ugStaff', fx.ug.studentId);
    expect((await get(before)).status).toBe(200);
    await staff().family.revoke({ depId: 100, studentId: fx.ug.studentId });
    expect((await get(before)).status).toBe(404);
    expect((await get(`${before}/receipts/${fx.ug.receiptNumber}.pdf`)).status).toBe(404);
    const after = await pathOf('ugStaff', fx.ug.studentId);
    expect(after).not.toBe(before);
    expect((await get(after)).status).toBe(200);
    expect((await get(before)).status).toBe(404);
    const audited = await h.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'family_link'), eq(auditLog.entityId, String(fx.ug.studentId))));
    expect(audited.map((a) => a.action)).toEqual(['delete', 'create']);
  });

  it('is refused without a public address, and to staff of another department', async () => {
    const offline = await refusal(staff('ugStaff', null).family.link({ depId: 100, studentId: fx.ug.studentId }));
    expect(offline.code).toBe('NOT_FOUND');
    expect(offline.message).toContain('PUBLIC_URL');
    const foreign = await refusal(staff('pgStaff').family.link({ depId: 101, studentId: fx.ug.studentId }));
    expect(foreign.code).toBe('FORBIDDEN');
  });

  it('throttles an address sending wrong tokens, whatever the token', async () => {
    const path = await pathOf('ugStaff', fx.ug.studentId);
    const from = (remoteAddress: string, url: string) => app.inject({ url, remoteAddress });
    for (let i = 0; i < 10; i++) {
      expect((await from('10.9.9.9', `/family/1-1-${'a'.repeat(31)}${i}`)).statusCode).toBe(404);
    }
    const blocked = await from('10.9.9.9', path);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    expect((await from('10.9.9.10', path)).statusCode).toBe(200);
  });

  it('Pay opens the gateway page for the dues: one link made, the same one reused', async () => {
    const path = await pathOf('ugStaff', fx.ug.studentId);
    const pay = () => send(`${path}/pay`, 'POST');
    const first = await pay();
    expect(first.status).toBe(200);
    const html = await first.text();
    const url = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(html)?.[1];
    expect(url).toMatch(new RegExp(`^${razorpay.url}/i/`));
    expect(words(html)).toContain('Pay Rs 14,000.00 for Anjali Menon');
    const second = await (await pay()).text();
    expect(second).toContain(url!);
    const links = await h.db.select().from(paymentLinks).where(eq(paymentLinks.studentId, fx.ug.studentId));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ amountPaise: 14_000_00, status: 'created', createdBy: null, shortUrl: url });
  });

  it('Pay with the gateway down says so and saves nothing', async () => {
    const path = await pathOf('pgStaff', fx.pg.studentId);
    razorpay.down = true;
    try {
      const answer = await send(`${path}/pay`, 'POST');
      expect(answer.status).toBe(503);
      expect(words(await answer.text())).toContain('The payment page could not be opened');
    } finally {
      razorpay.down = false;
    }
    const links = await h.db.select().from(paymentLinks).where(eq(paymentLinks.studentId, fx.pg.studentId));
    expect(links).toHaveLength(0);
  });
});
