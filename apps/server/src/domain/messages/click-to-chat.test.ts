import { run } from '@fees/db';
import { sql } from 'drizzle-orm';
import { receiptLabel } from '@fees/validation';
import { describe, expect, it } from 'vitest';
import { createContextInner } from '../../context';
import { createCaller } from '../../routers/_app';
import { useFixture, useHarness } from '../../test/use-harness';
import { indianMobile } from '@fees/validation';
import { whatsappChatUrl } from './click-to-chat';

const h = useHarness();
const fx = useFixture(h);

const ORIGIN = 'https://fees.example.org';

function clerk(whatsappProvider = false) {
  return createCaller(
    createContextInner({
      db: h.db,
      session: h.sessions.ugStaff,
      publicOrigin: ORIGIN,
      messaging: whatsappProvider
        ? { whatsapp: { token: 't', phoneNumberId: '1', apiBase: 'http://127.0.0.1:9' } }
        : {},
    }),
  );
}

async function addGuardians() {
  await run(
    h.db,
    sql`INSERT INTO student_contacts (student_id, position, name, relation, mobile, whatsapp)
      VALUES (${fx.ug.studentId}, 1, 'Lakshmi Menon', 'Mother', '+919847011111', 1),
             (${fx.ug.studentId}, 2, 'Suresh Menon', 'Father', '+919847022222', 0)`,
  );
}

describe('click-to-chat', () => {
  it('offers the receipt to each WhatsApp number of the family, with its verification link at PUBLIC_URL', async () => {
    await addGuardians();
    const chat = await clerk().messages.receiptChat({ number: fx.ug.receiptNumber });
    expect(chat.provider).toBe(false);
    expect(chat.links.map((l) => [l.label, l.mobile])).toEqual([
      ['Lakshmi Menon (Mother)', '+919847011111'],
      ['Anjali Menon (Student)', '+919847000001'],
    ]);
    expect(chat.text).toMatch(
      new RegExp(
        `^We have received Rs 10,000\\.00 towards the fees of Anjali Menon \\(UG-001\\) by receipt ` +
          `${receiptLabel(fx.ug.receiptNumber)} dated 01-07-2025\\. Thank you\\.\\n` +
          `Check the receipt: ${ORIGIN}/verify/${fx.ug.receiptNumber}/[A-Za-z0-9_-]+\\n`,
      ),
    );
    const url = new URL(chat.links[0]!.url);
    expect(url.origin + url.pathname).toBe('https://wa.me/919847011111');
    expect(url.searchParams.get('text')).toBe(chat.text);
    // The link in the message opens the receipt's public page.
    const verifyPath = /Check the receipt: https:\/\/fees\.example\.org(\S+)/.exec(chat.text)![1]!;
    const view = await clerk().receipts.byNumber({ number: fx.ug.receiptNumber });
    expect(verifyPath).toBe(view.verifyPath);
  });

  it('says a voided receipt was cancelled', async () => {
    await run(
      h.db,
      sql`UPDATE receipts SET status = 'voided', voided_at = ${new Date().toISOString()} WHERE id = ${fx.ug.receiptId}`,
    );
    const chat = await clerk().messages.receiptChat({ number: fx.ug.receiptNumber });
    expect(chat.text).toContain('has been cancelled. Please contact the office.');
  });

  it('offers the statement with its figures', async () => {
    await addGuardians();
    const chat = await clerk().messages.statementChat({ depId: fx.ug.depId, studentId: fx.ug.studentId });
    expect(chat.text).toMatch(
      /^Fee statement of Anjali Menon \(UG-001, [^)]+\) on \d\d-\d\d-\d{4}: fees Rs [\d,]+\.\d\d, paid Rs 10,000\.00, balance due Rs [\d,]+\.\d\d\.$/,
    );
    expect(chat.links).toHaveLength(2);
  });

  it('offers no link when WhatsApp messages go through the provider', async () => {
    await addGuardians();
    const chat = await clerk(true).messages.receiptChat({ number: fx.ug.receiptNumber });
    expect(chat).toMatchObject({ provider: true, links: [] });
  });

  it('keeps another department’s receipt and student to themselves', async () => {
    const pgClerk = createCaller(createContextInner({ db: h.db, session: h.sessions.pgStaff }));
    await expect(pgClerk.messages.receiptChat({ number: fx.ug.receiptNumber })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      pgClerk.messages.statementChat({ depId: fx.pg.depId, studentId: fx.ug.studentId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads an Indian mobile from a phone as typed, and nothing else', () => {
    expect(indianMobile('98470 00001')).toBe('+919847000001');
    expect(indianMobile('+91-98470-00001')).toBe('+919847000001');
    expect(indianMobile('09847000001')).toBe('+919847000001');
    expect(indianMobile('0487 2331234')).toBeNull();
    expect(indianMobile('12345')).toBeNull();
    expect(indianMobile(null)).toBeNull();
    expect(whatsappChatUrl('+919847000001', 'Rs 10 & more\nthanks')).toBe(
      'https://wa.me/919847000001?text=Rs%2010%20%26%20more%0Athanks',
    );
  });
});
