/**
 * The public verification page over HTTP, as a parent or auditor opens it from a receipt's QR code:
 * a valid receipt verifies with only the listed fields; a voided one says VOIDED; a changed amount,
 * number or code is "Not a valid receipt" and nothing else; wrong codes are throttled per address.
 */
import { verifyKeys } from '@fees/db';
import { paiseToRupeesText } from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { today } from '../config';
import { initialsOf } from './route';
import { useFixture, useHarness } from '../test/use-harness';

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  app = await buildApp({
    deps: { db: h.db, loginLimiter: new LoginLimiter(), secureCookies: false },
    webRoot: '/nonexistent',
  });
});
afterAll(() => app.close());

const receiptInput = (paise: number) => ({
  depId: 100,
  studentId: fx.ug.studentId,
  date: '2025-08-01',
  items: [{ feeHeadId: fx.heads.tuition, particulars: 'Term fee', amount: paiseToRupeesText(paise) }],
  paymentMode: 'cash' as const,
  total: paiseToRupeesText(paise),
  tax: '0.00',
  net: paiseToRupeesText(paise),
  confirm: true,
  allowOverpayment: true,
});

let address = 0;
/** Each call from its own address unless told, so the throttle test stays apart. */
const open = (path: string, remoteAddress = `10.0.0.${++address % 250}`) => app.inject({ url: path, remoteAddress });

describe('GET /verify/{number}/{code}', () => {
  it('shows a valid receipt: institution, number, date, amount, initials, admission number, and nothing more', async () => {
    const ug = h.caller('ugStaff').receipts;
    const created = await ug.create(receiptInput(1_25_000_50));
    const shown = await ug.byNumber({ number: created.number });
    expect(shown.verifyPath).toMatch(new RegExp(`^/verify/${created.number}/[0-9a-f]{12}$`));
    const page = await open(shown.verifyPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const text = page.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Valid receipt');
    expect(text).toContain(`Institution ${shown.letterhead.institutionName}`);
    expect(text).toContain(`Receipt number #000${created.number}`);
    expect(text).toContain('Date 01-08-2025');
    expect(text).toContain('Amount ₹ 1,25,000.50');
    expect(text).toContain(`Student ${initialsOf(shown.receipt.studentName)}`);
    expect(text).toContain(`Admission number ${shown.receipt.admissionNo}`);
    const dl = /<dl>([\s\S]*)<\/dl>/.exec(page.body)![1]!;
    expect([...dl.matchAll(/<dt>([^<]+)<\/dt>/g)].map((m) => m[1])).toEqual([
      'Institution',
      'Receipt number',
      'Date',
      'Amount',
      'Student',
      'Admission number',
    ]);
    for (const secret of [
      shown.receipt.studentName,
      'Term fee',
      'Tuition',
      shown.receipt.address,
      'ug@test.local',
      'cash',
    ]) {
      if (secret) expect(page.body).not.toContain(secret);
    }
  });

  it('a changed amount, number or code, or no such receipt: "Not a valid receipt" and nothing else', async () => {
    const ug = h.caller('ugStaff').receipts;
    const first = await ug.create(receiptInput(500_00));
    const second = await ug.create(receiptInput(500_00));
    const { verifyPath } = await ug.byNumber({ number: first.number });
    const code = verifyPath.split('/')[3]!;
    const flipped = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    for (const path of [
      `/verify/${second.number}/${code}`,
      `/verify/${first.number}/${flipped}`,
      `/verify/${first.number}/${code.toUpperCase()}`,
      `/verify/99999/${code}`,
      `/verify/abc/${code}`,
    ]) {
      const page = await open(path);
      expect(page.statusCode, path).toBe(404);
      expect(
        page.body
          .replace(/<style>[\s\S]*<\/style>/, '')
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ).toBe('Not a valid receipt Not a valid receipt');
    }
    // An edit that changes the amount: the old paper no longer verifies, the new print does.
    await ug.update({ ...receiptInput(600_00), number: first.number });
    expect((await open(verifyPath)).statusCode).toBe(404);
    const reprinted = await ug.byNumber({ number: first.number });
    expect((await open(reprinted.verifyPath)).body).toContain('Amount</dt><dd>₹ 600.00');
  });

  it('a voided receipt shows VOIDED with the void date', async () => {
    const ug = h.caller('ugStaff').receipts;
    const created = await ug.create(receiptInput(700_00));
    const { verifyPath } = await ug.byNumber({ number: created.number });
    expect((await open(verifyPath)).body).toContain('Valid receipt');
    await ug.void({ number: created.number, reason: 'Wrong entry' });
    const page = await open(verifyPath);
    expect(page.statusCode).toBe(200);
    const dmy = today().split('-').reverse().join('-');
    expect(page.body).toContain(`VOIDED on ${dmy}`);
    expect(page.body).not.toContain('Valid receipt');
  });

  it('a new secret signs new prints; paper signed with the old one stays valid while its key is kept', async () => {
    const ug = h.caller('ugStaff').receipts;
    const created = await ug.create(receiptInput(800_00));
    const before = (await ug.byNumber({ number: created.number })).verifyPath;
    await h.db.insert(verifyKeys).values({ secret: 'f'.repeat(64) });
    const after = (await ug.byNumber({ number: created.number })).verifyPath;
    expect(after).not.toBe(before);
    expect((await open(before)).statusCode).toBe(200);
    expect((await open(after)).statusCode).toBe(200);
  });

  it('throttles 100 wrong codes in a second from one address, and only that address', async () => {
    const ug = h.caller('ugStaff').receipts;
    const created = await ug.create(receiptInput(900_00));
    const { verifyPath } = await ug.byNumber({ number: created.number });
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        open(`/verify/${created.number}/${i.toString(16).padStart(12, '0')}`, '192.0.2.7'),
      ),
    );
    const statuses = guesses.map((g) => g.statusCode);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(90);
    expect(guesses.find((g) => g.statusCode === 429)!.headers['retry-after']).toBe('60');
    // The guesser waits even with the right code; everyone else is served.
    expect((await open(verifyPath, '192.0.2.7')).statusCode).toBe(429);
    expect((await open(verifyPath, '192.0.2.8')).statusCode).toBe(200);
  });

  it('needs no session and is never cached', async () => {
    const ug = h.caller('ugStaff').receipts;
    const created = await ug.create(receiptInput(100_00));
    const page = await open((await ug.byNumber({ number: created.number })).verifyPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(initialsOf('ravi  kumar s.')).toBe('R. K. S.');
  });
});

describe('GET /verify/notice/{student}/{asOf}/{total}/{code}', () => {
  const notice = async () => {
    const answer = await h
      .caller('pgStaff')
      .plans.demandNotices({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-10-01', payBy: '2026-10-15' });
    return { letterhead: answer.letterhead, ...answer.notices[0]! };
  };
  const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it("a printed notice's link shows only the institution, initials, admission number, as-of date and total", async () => {
    const printed = await notice();
    expect(printed.total).toBeGreaterThan(0);
    expect(printed.verifyPath).toBe(
      `/verify/notice/${fx.pg.studentId}/2026-10-01/${printed.total}/${printed.verifyPath.split('/').at(-1)}`,
    );
    expect(printed.verifyPath).toMatch(/\/[0-9a-f]{12}$/);
    const page = await open(printed.verifyPath);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('Valid demand notice');
    expect(text).toContain(`Institution ${printed.letterhead.institutionName}`);
    expect(text).toContain(`Student ${initialsOf(printed.name)}`);
    expect(text).toContain('Admission number PG-001');
    expect(text).toContain('As of 01-10-2026');
    const dl = /<dl>([\s\S]*)<\/dl>/.exec(page.body)![1]!;
    expect([...dl.matchAll(/<dt>([^<]+)<\/dt>/g)].map((m) => m[1])).toEqual([
      'Institution',
      'Student',
      'Admission number',
      'As of',
      'Total demanded',
    ]);
    expect(page.body).not.toContain(printed.name);
  });

  it('a changed total, date or code, or a receipt code: "Not a valid demand notice" and nothing else', async () => {
    const printed = await notice();
    const [, , , student, asOf, total, code] = printed.verifyPath.split('/') as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const receipt = await h.caller('ugStaff').receipts.create(receiptInput(500_00));
    const receiptCode = (await h.caller('ugStaff').receipts.byNumber({ number: receipt.number })).verifyPath.split(
      '/',
    )[3]!;
    const flipped = code.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const path of [
      `/verify/notice/${student}/${asOf}/${Number(total) + 1}/${code}`,
      `/verify/notice/${student}/2026-10-02/${total}/${code}`,
      `/verify/notice/${student}/2026-02-30/${total}/${code}`,
      `/verify/notice/${student}/${asOf}/${total}/${flipped}`,
      `/verify/notice/${fx.ug.studentId}/${asOf}/${total}/${code}`,
      `/verify/notice/${fx.ug.studentId}/2025-08-01/50000/${receiptCode}`,
      `/verify/notice/${receipt.number}/2025-08-01/50000/${receiptCode}`,
      `/verify/notice/x/${asOf}/${total}/${code}`,
    ]) {
      const page = await open(path);
      expect(page.statusCode, path).toBe(404);
      expect(/<main>([\s\S]*)<\/main>/.exec(page.body)![1]!.trim()).toBe('<h1>Not a valid demand notice</h1>');
    }
    // Nor does a notice's code pass as a receipt's.
    expect((await open(`/verify/${receipt.number}/${code}`)).statusCode).toBe(404);
  });
});
