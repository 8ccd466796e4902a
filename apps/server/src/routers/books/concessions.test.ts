/**
 * Concessions in the books, when the CA wants them: off by default (the books hold what was received); booked, each
 * day the discounts changed is a Journal debiting the concession ledger and crediting each head's income, the same
 * whatever the vouchers are, and a change after the day's export reaches the next export reversed or added.
 */
import { discountChanges } from '@fees/db';
import { describe, expect, it } from 'vitest';
import { today } from '../../config';
import { discountInput } from '../../test/fixture';
import { parseTally } from '../../test/tally';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
const admin = () => h.caller('admin');
const staff = () => h.caller('ugStaff');

async function book(changes: { granularity?: 'receipt' | 'day'; costCentre?: string; concessionLedger?: string } = {}) {
  const mapping = await admin().books.mapping({ depId: 100 });
  await admin().books.saveMapping({
    ...mapping,
    depId: 100,
    costCentre: changes.costCentre ?? mapping.costCentre,
    granularity: changes.granularity ?? mapping.granularity,
    concessions: 'booked',
    concessionLedger: changes.concessionLedger ?? mapping.concessionLedger,
    modes: mapping.modes as never,
    heads: mapping.heads.flatMap((x) => (x.ledger ? [{ feeHeadId: x.feeHeadId, ledger: x.ledger }] : [])),
    gst: [],
  });
}

/** 300.00 off the exam fee and 50.25 adjusted, for the fixture's UG student, by hand today. */
const grantExam = () => admin().discounts.create(discountInput(fx));

const range = () => ({ depId: 100 as const, from: today(), to: today() });
const compact = () => today().replaceAll('-', '');
const journalsOf = (rows: { voucherType: string; voucherNumber: string; ledger: string; debitPaise: number }[]) =>
  rows.filter((x) => x.voucherType === 'Journal');

describe('concessions in the books', () => {
  it('are not booked until the CA asks: a discount changes no voucher', async () => {
    const mapping = await admin().books.mapping({ depId: 100 });
    expect(mapping).toMatchObject({ concessions: 'not_booked', concessionLedger: 'Fee concession' });
    await grantExam();
    await admin().days.close({ depId: 100, date: today() });
    expect((await staff().books.ledger(range())).vouchers).toEqual([]);
  });

  it("booked, a day's grants are one Journal: the concession ledger debited, the head's income credited", async () => {
    await book();
    await grantExam();
    await admin().days.close({ depId: 100, date: today() });
    const ledger = await staff().books.ledger(range());
    expect(ledger.rows.map((x) => [x.voucherType, x.voucherNumber, x.ledger, x.debitPaise, x.creditPaise])).toEqual([
      ['Journal', `FC${compact()}`, 'Fee concession', 350_25, 0],
      ['Journal', `FC${compact()}`, 'Exam Fee', 0, 350_25],
    ]);
    expect(ledger.totals).toEqual({ debitPaise: 350_25, creditPaise: 350_25 });
    // The same Journal by day: it touches no cash or bank ledger, so each mode's voucher still equals the day book.
    expect((await staff().books.ledger({ ...range(), granularity: 'day' })).rows).toEqual(ledger.rows);

    const exported = await staff().books.export(range());
    const parsed = parseTally(exported.xml);
    expect(parsed.vouchers.map((v) => [v.type, v.number, v.rows])).toEqual([
      [
        'Journal',
        `FC${compact()}`,
        [
          ['Fee concession', 350_25],
          ['Exam Fee', -350_25],
        ],
      ],
    ]);
    const golden = exported.xml.replaceAll(compact(), 'DAY').replaceAll(today().split('-').reverse().join('-'), 'DAY');
    await expect(golden).toMatchFileSnapshot('../../domain/books/golden/concessions-booked.xml');
  });

  it('reaches the next export reversed when the discount is withdrawn after its day was exported', async () => {
    await book({ concessionLedger: 'Concessions allowed' });
    const granted = await grantExam();
    await admin().days.close({ depId: 100, date: today() });
    await staff().books.export(range());
    // Withdrawn the same day, after the export: the day's concessions net to nothing, so the Journal is reversed.
    await admin().discounts.remove({ id: (granted as { id: number }).id });
    const preview = await staff().books.preview(range());
    expect(preview.vouchers.map((v) => [v.kind, v.type, v.number, v.entries])).toEqual([
      [
        'reversal',
        'Journal',
        `FC${compact()}/REV`,
        [
          { ledger: 'Exam Fee', amountPaise: 350_25 },
          { ledger: 'Concessions allowed', amountPaise: -350_25 },
        ],
      ],
    ]);
    expect(preview.totals.debitPaise).toBe(preview.totals.creditPaise);
  });

  it('books a raise and a cut on the same day per head, allocated to the cost centre like the income', async () => {
    await book({ costCentre: 'UG', granularity: 'day' });
    await grantExam();
    // The fixture's tuition discount (2,000.00 + 500.00, from before the history) lowered to 1,500.00 + 500.00.
    const tuition = (await admin().discounts.byId({ id: fx.ug.discountId }))!;
    await admin().discounts.update({
      id: fx.ug.discountId,
      version: tuition.version,
      depId: 100,
      courseId: 1003,
      batchId: fx.ug.batchId,
      studentId: fx.ug.studentId,
      feeHeadId: fx.heads.tuition,
      discount: '1500',
      adjustment: '500',
      note: '',
      confirm: true,
    });
    await admin().days.close({ depId: 100, date: today() });
    const ledger = await staff().books.ledger(range());
    expect(journalsOf(ledger.rows).map((x) => [x.ledger, x.debitPaise])).toEqual([
      ['Tuition Fee', 500_00],
      ['Fee concession', 0],
      ['Exam Fee', 0],
    ]);
    expect(ledger.totals.debitPaise).toBe(ledger.totals.creditPaise);
    const exported = await staff().books.export(range());
    expect(exported.xml).toContain('<NAME>UG</NAME>');
    expect(parseTally(exported.xml).vouchers[0]!.rows).toEqual([
      ['Tuition Fee', 500_00],
      ['Fee concession', -149_75],
      ['Exam Fee', -350_25],
    ]);
  });
  it('are booked from the day they are switched on unless the admin names an earlier one', async () => {
    // A discount of the summer, in the history before the CA asked for concessions to be booked.
    const summer = '2025-08-14';
    await h.db.insert(discountChanges).values({
      departmentId: 100,
      studentId: fx.ug.studentId,
      batchId: fx.ug.batchId,
      feeHeadId: fx.heads.exam,
      discountChangePaise: 500_00,
      adjustmentChangePaise: 0,
      date: summer,
      source: 'hand',
    });
    await admin().days.close({ depId: 100, date: summer });
    await book();
    const mapping = await admin().books.mapping({ depId: 100 });
    expect(mapping.concessionsFrom).toBe(today());
    const summerDay = { depId: 100 as const, from: summer, to: summer };
    expect((await staff().books.ledger(summerDay)).vouchers).toEqual([]);

    // From the start of the year, as the admin names it: the summer's change is the summer's Journal.
    await admin().books.saveMapping({
      ...mapping,
      depId: 100,
      concessionsFrom: '2025-04-01',
      modes: mapping.modes as never,
      heads: mapping.heads.flatMap((x) => (x.ledger ? [{ feeHeadId: x.feeHeadId, ledger: x.ledger }] : [])),
      gst: [],
    });
    expect((await admin().books.mapping({ depId: 100 })).concessionsFrom).toBe('2025-04-01');
    const ledger = await staff().books.ledger(summerDay);
    expect(ledger.rows.map((x) => [x.voucherNumber, x.ledger, x.debitPaise, x.creditPaise])).toEqual([
      ['FC20250814', 'Fee concession', 500_00, 0],
      ['FC20250814', 'Exam Fee', 0, 500_00],
    ]);
    await expect(
      admin().books.saveMapping({ ...mapping, depId: 100, concessionsFrom: '14-08-2025' } as never),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
