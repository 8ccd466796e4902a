/**
 * Money-creating writes with an idempotency key, through the procedures: a repeat answers the first
 * result and writes nothing, the same key with another body is a 409, requests racing with one key
 * make one receipt, keys are per user, and a day-old key is swept.
 */
import { sql } from 'drizzle-orm';
import { ADVANCE_HEAD, paiseToRupeesText, receiptLabel, refundLabel, type TCreateReceiptInput } from '@fees/validation';
import { type Database, row, run } from '@fees/db';
import { describe, expect, it } from 'vitest';
import { sweepIdempotencyKeys } from './idempotency';
import { fieldRefusal, refusal } from './test/refusal';
import { useFixture, useHarness } from './test/use-harness';
import { applied } from './test/approvals';

const r = paiseToRupeesText;
const h = useHarness();
const fx = useFixture(h);

function receiptInput(paise: number, extra: Partial<Record<keyof TCreateReceiptInput, unknown>> = {}) {
  return {
    depId: 100,
    studentId: fx.ug.studentId,
    date: '2025-08-01',
    items: [{ feeHeadId: fx.heads.tuition, particulars: 'Term 2', amount: r(paise) }],
    paymentMode: 'cash',
    total: r(paise),
    tax: '0',
    net: r(paise),
    confirm: true,
    ...extra,
  } as TCreateReceiptInput;
}

async function countOf(db: Database, text: string): Promise<number> {
  return (await row<{ n: number }>(db, sql`SELECT COUNT(*) AS n FROM ${sql.raw(text)}`))!.n;
}

/** The UG student's receipts, lines, audit rows of receipts and what the tuition head counts as paid. */
async function written(db: Database) {
  return {
    receipts: await countOf(db, `receipts WHERE student_id = ${fx.ug.studentId}`),
    lines: await countOf(db, `receipt_lines WHERE student_id = ${fx.ug.studentId}`),
    audit: await countOf(db, `audit_log WHERE entity = 'receipt' AND action = 'create'`),
    sequence: (await row<{ n: number }>(db, sql`SELECT last_number AS n FROM receipt_number_sequence`))!.n,
  };
}

const staff = () => h.caller('ugStaff');

const conflict = (saved: string) =>
  `This request's idempotency key already saved ${saved} with other details: each new record needs a new key`;

describe('receipts.create with an idempotency key', () => {
  it('answers a repeat with the first receipt (same number, same figures) and writes nothing more', async () => {
    const before = await written(h.db);
    const first = await staff().receipts.create(receiptInput(1_000_00, { idempotencyKey: 'form-0001-aaaa' }));
    const afterFirst = await written(h.db);
    expect(afterFirst).toEqual({
      receipts: before.receipts + 1,
      lines: before.lines + 1,
      audit: before.audit + 1,
      sequence: before.sequence + 1,
    });
    const again = await staff().receipts.create(receiptInput(1_000_00, { idempotencyKey: 'form-0001-aaaa' }));
    expect(again).toEqual(first);
    expect(await written(h.db)).toEqual(afterFirst);
    // The balance counts the money once.
    const info = await staff().receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    expect(info.rows.find((x) => x.feeHeadId === fx.heads.tuition)?.paidPaise).toBe(10_000_00 + 1_000_00);
  });

  it('refuses the same key with another body (409) naming the receipt it saved, and writes nothing', async () => {
    const first = await staff().receipts.create(receiptInput(1_000_00, { idempotencyKey: 'form-0002-bbbb' }));
    const afterFirst = await written(h.db);
    expect(
      await refusal(staff().receipts.create(receiptInput(2_000_00, { idempotencyKey: 'form-0002-bbbb' }))),
    ).toEqual({
      code: 'CONFLICT',
      message: conflict(`receipt ${receiptLabel(first.number)}`),
    });
    expect(await written(h.db)).toEqual(afterFirst);
  });

  it('gives requests racing with one key one receipt, and each of them its number', async () => {
    const before = await written(h.db);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        staff().receipts.create(receiptInput(500_00, { idempotencyKey: 'race-0003-cccc' })),
      ),
    );
    expect(new Set(answers.map((a) => a.number)).size).toBe(1);
    expect(await written(h.db)).toEqual({
      receipts: before.receipts + 1,
      lines: before.lines + 1,
      audit: before.audit + 1,
      sequence: before.sequence + 1,
    });
  });

  it('lets a refused request be sent again with its key once it is put right', async () => {
    // More than the balance without the confirmation: refused, and the key stays unused.
    const tooMuch = receiptInput(20_000_00, { idempotencyKey: 'form-0004-dddd' });
    expect((await refusal(staff().receipts.create(tooMuch))).code).toBe('CONFLICT');
    const confirmed = await staff().receipts.create({ ...tooMuch, allowOverpayment: true });
    expect(confirmed.totalPaise).toBe(20_000_00);
  });

  it('keeps keys per user, and receipts without a key as before', async () => {
    const before = await written(h.db);
    const mine = await staff().receipts.create(receiptInput(100_00, { idempotencyKey: 'shared-0005-eeee' }));
    const admins = await h
      .caller('admin')
      .receipts.create(receiptInput(100_00, { idempotencyKey: 'shared-0005-eeee' }));
    expect(admins.number).not.toBe(mine.number);
    await staff().receipts.create(receiptInput(100_00));
    await staff().receipts.create(receiptInput(100_00));
    expect((await written(h.db)).receipts).toBe(before.receipts + 4);
  });

  it('refuses a malformed key naming the field, and writes nothing', async () => {
    const before = await written(h.db);
    for (const idempotencyKey of ['short', 'has space in it', 'x'.repeat(101), 'ключ-ключ-ключ', 42]) {
      const refused = await fieldRefusal(staff().receipts.create(receiptInput(100_00, { idempotencyKey })));
      expect(refused.code).toBe('BAD_REQUEST');
      expect(refused.fields.idempotencyKey).toMatch(/^An idempotency key is 8 to 100 letters/);
    }
    expect(await written(h.db)).toEqual(before);
  });

  it('sweeps keys older than a day and keeps younger ones', async () => {
    await staff().receipts.create(receiptInput(100_00, { idempotencyKey: 'old-0006-ffff' }));
    await staff().receipts.create(receiptInput(100_00, { idempotencyKey: 'new-0006-ffff' }));
    const day = 24 * 3_600_000;
    await run(
      h.db,
      sql`UPDATE idempotency_keys SET expires_at = expires_at - ${day + 1_000} WHERE key = 'old-0006-ffff'`,
    );
    expect(await sweepIdempotencyKeys(h.db)).toBe(1);
    expect(await countOf(h.db, 'idempotency_keys')).toBe(1);
    // The younger key still answers its first receipt.
    const before = await written(h.db);
    await staff().receipts.create(receiptInput(100_00, { idempotencyKey: 'new-0006-ffff' }));
    expect(await written(h.db)).toEqual(before);
  });
});

describe('refunds.create with an idempotency key', () => {
  it('pays one refund for a repeated request, and refuses the key with another amount', async () => {
    const advanceHead = (await row<{ id: number }>(h.db, sql`SELECT id FROM fee_heads WHERE name = ${ADVANCE_HEAD}`))!
      .id;
    await staff().receipts.create(
      receiptInput(3_000_00, {
        items: [{ feeHeadId: advanceHead, particulars: '', amount: r(3_000_00) }],
      }),
    );
    const refund = {
      depId: 100,
      studentId: fx.ug.studentId,
      date: '2025-08-02',
      amount: r(1_000_00),
      paymentMode: 'cash',
      reason: 'Leaving the college',
      confirm: true,
      idempotencyKey: 'refund-0007-gggg',
    } as const;
    const answers = (await Promise.all([staff().refunds.create(refund), staff().refunds.create(refund)])).map(applied);
    expect(answers[1]).toEqual(answers[0]);
    expect(await staff().refunds.create(refund)).toEqual(answers[0]);
    expect(await countOf(h.db, 'refunds')).toBe(1);
    const advance = await staff().receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    expect(advance.advancePaise).toBe(2_000_00);
    expect((await refusal(staff().refunds.create({ ...refund, amount: r(500_00) }))).message).toBe(
      conflict(`refund ${refundLabel(answers[0]!.number)}`),
    );
    expect(await countOf(h.db, 'refunds')).toBe(1);
  });
});
