/**
 * The receipt and demand notice PDFs over real HTTP, read back as a person reads them: pdftotext for
 * the words and figures, pdfinfo for the paper; and the door: 401, 403, 404 and 400, never a 500.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { failInserts, temporaryFolder } from '@fees/db/testing';
import { auditLog, rows, run } from '@fees/db';
import { formatDate, localToday, paiseToRupeesText } from '@fees/validation';
import { and, eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { ACCOUNTS, type Account, RestClient } from '../test/rest';
import { receiptInput } from '../test/fixture';
import { useFixture, useHarness } from '../test/use-harness';

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);
let app: Awaited<ReturnType<typeof buildApp>>;
let baseUrl: string;
const clients = {} as Record<Account | 'anonymous', RestClient>;

beforeAll(async () => {
  app = await buildApp({
    deps: { db: h.db, loginLimiter: new LoginLimiter(), secureCookies: false },
    webRoot: '/nonexistent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  clients.anonymous = new RestClient(baseUrl);
  for (const who of ['ugStaff', 'pgStaff', 'admin'] as const) {
    const client = new RestClient(baseUrl);
    const { email, password } = ACCOUNTS[who];
    const depId = 'depId' in ACCOUNTS[who] ? ACCOUNTS[who].depId : undefined;
    const answer = depId
      ? await client.post('/deplogin/', { email, password, depId })
      : await client.post('/login/', { email, password });
    if (answer.status !== 200) throw new Error(`sign-in of ${who} failed: ${answer.text}`);
    clients[who] = client;
  }
});
afterAll(() => app.close());

const folder = () => temporaryFolder('fees-pdf-');

/** A PDF's words as pdftotext lays them out, and its paper as pdfinfo tells it. */
function readPdf(bytes: Buffer): { text: string; info: string } {
  const path = join(folder(), 'document.pdf');
  writeFileSync(path, bytes);
  return {
    text: execFileSync('pdftotext', ['-layout', path, '-']).toString(),
    info: execFileSync('pdfinfo', [path]).toString(),
  };
}

/** The QR code printed in the left or right half of the page, read from a 150 dpi rendering as a phone reads it. */
function qrCodeIn(bytes: Buffer, half: 'left' | 'right'): string | null {
  const dir = folder();
  writeFileSync(join(dir, 'document.pdf'), bytes);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', join(dir, 'document.pdf'), join(dir, 'page')]);
  const page = PNG.sync.read(readFileSync(join(dir, 'page.png')));
  const width = Math.floor(page.width / 2);
  const pixels = new Uint8ClampedArray(width * page.height * 4);
  for (let row = 0; row < page.height; row++) {
    const start = (row * page.width + (half === 'left' ? 0 : page.width - width)) * 4;
    pixels.set(page.data.subarray(start, start + width * 4), row * width * 4);
  }
  return jsQR(pixels, width, page.height)?.data ?? null;
}

/** A 120 px round logo: a navy disc with a gold ring. */
function logoPng(): Buffer {
  const png = new PNG({ width: 120, height: 120 });
  for (let y = 0; y < 120; y++) {
    for (let x = 0; x < 120; x++) {
      const r = Math.hypot(x - 59.5, y - 59.5);
      const [red, green, blue, alpha] = r > 58 ? [255, 255, 255, 0] : r > 50 ? [201, 162, 39, 255] : [28, 61, 122, 255];
      png.data.set([red, green, blue, alpha], (y * 120 + x) * 4);
    }
  }
  return PNG.sync.write(png);
}

async function download(who: Account | 'anonymous', path: string) {
  const response = await clients[who].download(path);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes };
}

/** A UPI receipt for the UG student, its lines as (head, particulars, paise). */
const upiReceipt = (lines: Array<[number, string, number]>, date = '2025-08-01') =>
  receiptInput(fx, {
    date,
    lines: lines.map(([feeHeadId, particulars, paise]) => [feeHeadId, paise, particulars] as const),
    paymentMode: 'upi',
    paymentReference: 'UTR 4411',
    allowOverpayment: true,
  });

/** The audit log's duplicate prints of a receipt, oldest first. */
const reprints = (number: number) =>
  h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'reprint'), eq(auditLog.entityId, String(number))))
    .orderBy(auditLog.id);

/** Today in India as the paper shows it, dd-MM-yyyy. */
const shownToday = () => formatDate(localToday());

const expectOneA4Page = (info: string) => {
  expect(info).toMatch(/^Pages:\s+1$/m);
  expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
};

describe('GET /api/receipts/{number}.pdf', () => {
  it('is the printed receipt: letterhead, number, date, student, lines, net, words, payment, clerk, verify link', async () => {
    const ug = h.caller('ugStaff').receipts;
    const created = await ug.create(
      upiReceipt([
        [fx.heads.tuition, 'Term fee', 1_25_000_50],
        [fx.heads.exam, 'Semester exam', 1_500_00],
      ]),
    );
    const shown = await ug.byNumber({ number: created.number });
    const answer = await download('ugStaff', `/api/receipts/${created.number}.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    const { text, info } = readPdf(answer.bytes);
    expectOneA4Page(info);
    const flat = text.replace(/[ \t]+/g, ' ');
    expect(flat).toContain(shown.letterhead.institutionName);
    expect(flat).toContain('FEE RECEIPT');
    expect(flat).toContain(`Receipt No #000${created.number}`);
    expect(flat).toContain('Date 01-08-2025');
    expect(flat).toContain(`Name ${shown.receipt.studentName}`);
    expect(flat).toContain(`Adm. No ${shown.receipt.admissionNo}`);
    expect(flat).toContain(`Course ${shown.receipt.courseName}`);
    expect(flat).toContain(`Batch ${shown.receipt.batchName}`);
    expect(flat).toMatch(/1 Tuition Fee Term fee Rs 1,25,000\.50/);
    expect(flat).toMatch(/2 Exam Fee Semester exam Rs 1,500\.00/);
    expect(flat).toContain('Total Rs 1,26,500.50');
    expect(flat).not.toContain('GST');
    expect(flat).toContain('Net amount Rs 1,26,500.50');
    expect(flat).toContain('Amount in words: Rupees One Lakh Twenty-Six Thousand Five Hundred and Fifty Paise Only');
    expect(flat).toContain('Paid by UPI · Ref. UTR 4411');
    expect(flat).toContain('Received by ug');
    expect(flat).not.toContain('ug@test.local');
    expect(flat).toContain(`Verify: ${baseUrl}${shown.verifyPath}`);
    expect(qrCodeIn(answer.bytes, 'left')).toBe(`${baseUrl}${shown.verifyPath}`);
    expect(answer.bytes.toString('latin1')).not.toContain('/Subtype /Image');
    expect(flat).not.toContain('VOIDED');
    expect(flat).not.toContain('page 1 of');
  });

  it("prints the letterhead's address, phone, logo and GSTIN, each taxable line's rate and code, and GST per rate", async () => {
    const admin = h.caller('admin');
    const letterhead = {
      depId: 100 as const,
      institutionName: 'St. Mary Arts and Science College',
      address: 'College Road, Thrissur 680001',
      phone: '0487 2330000',
    };
    await admin.admin.settings.update({ gstRate: '18', letterheads: [{ ...letterhead, gstin: '27aapfu0939f1zv' }] });
    await admin.letterheads.setLogo({ depId: 100, image: logoPng().toString('base64') });
    // Tuition marked taxable without a rate takes the default 18%; the exam head is taxed at 5%.
    await admin.fees.heads.rename({
      id: fx.heads.tuition,
      name: 'Tuition Fee',
      gst: { treatment: 'taxable', code: '999293' },
    });
    await admin.fees.heads.rename({
      id: fx.heads.exam,
      name: 'Exam Fee',
      gst: { treatment: 'taxable', rate: '5', code: '998431' },
    });
    try {
      // 10,000.00 at 18% = 1,800.00; 1,234.56 at 5% = 61.728 -> 61.73; GST 1,861.73, net 13,096.29.
      const created = await h.caller('ugStaff').receipts.create({
        ...upiReceipt([
          [fx.heads.tuition, 'Term fee – ₹ ക', 10_000_00],
          [fx.heads.exam, 'Semester exam', 1_234_56],
        ]),
        tax: '1861.73',
        net: '13096.29',
      });
      const answer = await download('ugStaff', `/api/receipts/${created.number}.pdf`);
      const { text, info } = readPdf(answer.bytes);
      expectOneA4Page(info);
      const flat = text.replace(/[ \t]+/g, ' ');
      expect(flat).toContain('St. Mary Arts and Science College');
      expect(flat).toContain('College Road, Thrissur 680001 | Phone: 0487 2330000');
      expect(flat).toContain('GSTIN 27AAPFU0939F1ZV');
      // The standard fonts have no rupee sign and no Malayalam: "Rs" and "?" print, never a wrong letter.
      // A taxed line's fee type names its rate and code, wrapped within its column.
      expect(flat).toMatch(/1 Tuition Fee \(GST 18%, SAC Term fee – Rs \? Rs 10,000\.00\s+999293\)/);
      expect(flat).toMatch(/2 Exam Fee \(GST 5%, SAC Semester exam Rs 1,234\.56\s+998431\)/);
      expect(flat).toContain('Total Rs 11,234.56');
      expect(flat).toContain('GST 5% on 1,234.56 Rs 61.73');
      expect(flat).toContain('GST 18% on 10,000.00 Rs 1,800.00');
      expect(flat).toContain('Net amount Rs 13,096.29');
      expect(flat).toContain('Amount in words: Rupees Thirteen Thousand Ninety-Six and Twenty-Nine Paise Only');
      // The logo is the page's only picture (the QR code is drawn as squares).
      expect(answer.bytes.toString('latin1')).toContain('/Subtype /Image');
    } finally {
      const exempt = { treatment: 'exempt' } as const;
      await admin.fees.heads.rename({ id: fx.heads.tuition, name: 'Tuition Fee', gst: exempt });
      await admin.fees.heads.rename({ id: fx.heads.exam, name: 'Exam Fee', gst: exempt });
      await admin.admin.settings.update({ gstRate: '0', letterheads: [{ ...letterhead, gstin: '' }] });
      await admin.letterheads.removeLogo({ depId: 100 });
    }
  });

  it('carries a long receipt over to a second A4 page, the table header repeated, every line and the net printed', async () => {
    const heads = [
      [fx.heads.tuition, 'Tuition Fee'],
      [fx.heads.exam, 'Exam Fee'],
    ] as const;
    const lines = Array.from(
      { length: 30 },
      (_, i) => [heads[i % 2]![0], `Part ${i + 1}`, 100_00 + i] as [number, string, number],
    );
    const created = await h.caller('ugStaff').receipts.create(upiReceipt(lines));
    const answer = await download('ugStaff', `/api/receipts/${created.number}.pdf`);
    const { text, info } = readPdf(answer.bytes);
    expect(info).toMatch(/^Pages:\s+2$/m);
    const pages = text.split('\f').map((page) => page.replace(/[ \t]+/g, ' '));
    const all = pages.join('\n');
    for (const [i, [, particulars, paise]] of lines.entries()) {
      expect(all).toContain(`${i + 1} ${heads[i % 2]![1]} ${particulars} Rs ${paiseToRupeesText(paise)}`);
    }
    expect(pages[0]).toContain('FEE RECEIPT');
    expect(pages[1]).toContain('# Fee type Particulars Amount (Rs)');
    expect(pages[1]).toContain('Net amount Rs 3,004.35');
    expect(pages[1]).toContain('Verify:');
    expect(pages[0]).toContain(`Receipt #000${created.number} · page 1 of 2`);
    expect(pages[1]).toContain(`Receipt #000${created.number} · page 2 of 2`);
  });

  it('says VOIDED plainly, with the void date, on a voided receipt', async () => {
    const ug = h.caller('ugStaff').receipts;
    const created = await ug.create(upiReceipt([[fx.heads.tuition, 'Term fee', 2_000_00]]));
    await ug.void({ number: created.number, reason: 'Wrong student' });
    const voidedOn = (await ug.byNumber({ number: created.number })).receipt.voidedAt!;
    const day = new Date(voidedOn).toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' }).replaceAll('/', '-');
    const { text, info } = readPdf((await download('admin', `/api/receipts/${created.number}.pdf`)).bytes);
    expectOneA4Page(info);
    expect(text).toContain(`VOIDED on ${day}. This receipt counts in no total.`);
    expect(text.replace(/[ \t]+/g, ' ')).toContain('Net amount Rs 2,000.00');
  });

  it("marks a duplicate DUPLICATE with the reprint's date, and the audit log counts it (who, when)", async () => {
    const created = await h.caller('ugStaff').receipts.create(upiReceipt([[fx.heads.exam, 'Exam', 300_00]]));
    const printedBefore = await reprints(created.number);
    const original = readPdf((await download('ugStaff', `/api/receipts/${created.number}.pdf`)).bytes).text;
    expect(original).not.toContain('DUPLICATE');
    expect(await reprints(created.number)).toHaveLength(printedBefore.length);

    const answer = await download('ugStaff', `/api/receipts/${created.number}.pdf?duplicate=1`);
    expect(answer.status).toBe(200);
    const { text, info } = readPdf(answer.bytes);
    expectOneA4Page(info);
    expect(text).toContain('FEE RECEIPT - DUPLICATE');
    expect(text).toContain(`DUPLICATE printed on ${shownToday()}`);
    expect(text.replace(/[ \t]+/g, ' ')).toContain('Net amount Rs 300.00');
    const rows = await reprints(created.number);
    expect(rows).toHaveLength(printedBefore.length + 1);
    expect(rows.at(-1)).toMatchObject({ userEmail: 'ug@test.local', action: 'reprint', departmentId: 100 });

    // Another department's staff get 403 and nothing is counted; a bad flag is a 400 naming it.
    expect((await download('pgStaff', `/api/receipts/${created.number}.pdf?duplicate=1`)).status).toBe(403);
    const bad = await download('ugStaff', `/api/receipts/${created.number}.pdf?duplicate=yes`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString()).errors).toEqual({ duplicate: ['Give 1 or leave it out'] });
    expect(await reprints(created.number)).toHaveLength(printedBefore.length + 1);
  });

  it('counts no reprint when the duplicate’s PDF cannot be made', async () => {
    const created = await h.caller('ugStaff').receipts.create(upiReceipt([[fx.heads.exam, 'Exam', 300_00]]));
    // Without a verification key, and none can be written, the printed QR code cannot be signed: no PDF.
    const keys = await rows<{ id: number; secret: string }>(h.db, sql`SELECT id, secret FROM verify_keys`);
    await run(h.db, sql`DELETE FROM verify_keys`);
    const restore = await failInserts(h.db, 'verify_keys', 'the key store is read-only');
    try {
      const answer = await download('ugStaff', `/api/receipts/${created.number}.pdf?duplicate=1`);
      expect(answer.status).toBe(500);
      expect(await reprints(created.number)).toHaveLength(0);
    } finally {
      await restore();
      for (const key of keys)
        await run(h.db, sql`INSERT INTO verify_keys (id, secret) VALUES (${key.id}, ${key.secret})`);
    }
  });

  it('refuses the anonymous (401), another department (403), an unknown number (404) and a bad one (400)', async () => {
    const number = fx.ug.receiptNumber;
    expect((await download('anonymous', `/api/receipts/${number}.pdf`)).status).toBe(401);
    expect((await download('pgStaff', `/api/receipts/${number}.pdf`)).status).toBe(403);
    expect((await download('ugStaff', `/api/receipts/${number}.pdf`)).status).toBe(200);
    const unknown = await download('ugStaff', '/api/receipts/987654.pdf');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.bytes.toString())).toEqual({ message: 'Receipt #000987654 does not exist' });
    for (const bad of ['abc.pdf', '0.pdf', '-3.pdf', '1.5.pdf', '99999999999.pdf', '12', '12.txt']) {
      const answer = await download('ugStaff', `/api/receipts/${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(JSON.parse(answer.bytes.toString()).errors, bad).toEqual({
        number: ['Give a whole number from 1 to 2147483647, as {number}.pdf'],
      });
    }
  });
});

describe('GET /api/notices/{studentId}.pdf', () => {
  const rs = (rupees: number) => Math.round(rupees * 100);

  beforeAll(async () => {
    // PG's batch: Tuition Fee 30,000 in three terms with a fine of Rs 10 a day after 5 days' grace (cap Rs 500).
    const admin = h.caller('admin');
    await admin.plans.save({
      depId: 101,
      batchId: fx.pg.batchId,
      fineRule: { type: 'per_day', perDayPaise: rs(10), capPaise: rs(500), graceDays: 5 },
      instalments: ['2026-06-10', '2026-09-10', '2026-12-10'].map((dueDate, i) => ({
        name: `Term ${i + 1}`,
        dueDate,
        fineRule: null,
        amounts: [{ feeHeadId: fx.heads.tuition, amountPaise: rs(10000) }],
      })),
    });
    for (const [date, paise] of [
      ['2026-06-01', rs(5000)],
      ['2026-07-20', rs(12000)],
    ] as const) {
      await admin.receipts.create(receiptInput(fx, { of: 'pg', date, lines: [[fx.heads.tuition, paise]] }));
    }
    await admin.plans.paymentSettings.update({ depId: 101, upiId: 'pgcollege@sbi', payeeName: 'PG College' });
  });

  it('is the printed notice: student, instalments due with fines, total, words, pay-by, UPI and verify link', async () => {
    const path = `/api/notices/${fx.pg.studentId}.pdf?asof=2026-10-01&payby=2026-10-15`;
    const answer = await download('pgStaff', path);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    const { text, info } = readPdf(answer.bytes);
    expectOneA4Page(info);
    const flat = text.replace(/[ \t]+/g, ' ');
    const notice = (
      await h
        .caller('pgStaff')
        .plans.demandNotices({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-10-01', payBy: '2026-10-15' })
    ).notices[0]!;
    expect(flat).toContain('DEMAND NOTICE Date: 01-10-2026');
    expect(flat).toContain(`Name ${notice.name}`);
    expect(flat).toContain('Adm. No PG-001');
    expect(flat).toContain('Term 1 10-06-2026 Rs 0.00 35 Rs 350.00');
    expect(flat).toContain('Term 2 10-09-2026 Rs 3,000.00 16 Rs 160.00');
    expect(flat).not.toContain('Term 3');
    expect(flat).toContain('Fees outstanding Rs 3,000.00 Rs 510.00');
    expect(flat).toContain('Total to pay (fees Rs 3,000.00 + fine Rs 510.00) Rs 3,510.00');
    expect(flat).toContain('Amount in words: Rupees Three Thousand Five Hundred Ten Only');
    expect(flat).toContain('Please pay by 15-10-2026 at the office or by UPI.');
    expect(flat).toContain('UPI: pgcollege@sbi');
    expect(flat).toContain(`Verify: ${baseUrl}${notice.verifyPath}`);
    expect(qrCodeIn(answer.bytes, 'left')).toBe(`${baseUrl}${notice.verifyPath}`);
    expect(qrCodeIn(answer.bytes, 'right')).toBe(notice.upiLink);
    expect(notice.upiLink).toBe('upi://pay?pa=pgcollege@sbi&pn=PG%20College&am=3510.00&tn=PG-001&cu=INR');
  });

  it('refuses the anonymous (401), another department (403), an unknown student (404), bad numbers and dates (400)', async () => {
    const path = `/api/notices/${fx.pg.studentId}.pdf`;
    expect((await download('anonymous', path)).status).toBe(401);
    expect((await download('ugStaff', path)).status).toBe(403);
    expect((await download('admin', path)).status).toBe(200);
    expect((await download('pgStaff', '/api/notices/987654.pdf')).status).toBe(404);
    const bad = async (p: string) => JSON.parse((await download('pgStaff', p)).bytes.toString());
    expect((await download('pgStaff', '/api/notices/x.pdf')).status).toBe(400);
    expect((await bad('/api/notices/x.pdf')).errors).toHaveProperty('studentId');
    expect(await bad(`${path}?asof=2026-02-30`)).toEqual({
      message: 'asof: Enter a valid date (yyyy-MM-dd)',
      errors: { asof: ['Enter a valid date (yyyy-MM-dd)'] },
    });
    expect((await bad(`${path}?payby=tomorrow`)).errors).toEqual({ payby: ['Enter a valid date (yyyy-MM-dd)'] });
  });
});
