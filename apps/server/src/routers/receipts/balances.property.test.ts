/**
 * Property: after any sequence of receipt creates, edits and voids, every student's fee balance rows
 * obey fee - discount - paid = balance, paid is exactly the sum of their LIVE receipts' lines per
 * head (a voided receipt counts nowhere), and the totals are the sums of the rows.
 */
import { batches, discounts, feeHeads, feeStructures, students } from '@fees/db';
import { paiseToRupeesText } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '@fees/db/testing';
import { buildFixture } from '../../test/fixture';
import { taxEveryHead } from '../../test/gst';
import { lineTaxPaise } from '@fees/money';
import { createHarness } from '../../test/harness';

const RATE_BP = 1800;

type Line = { head: number; paise: number };
type Op =
  | { kind: 'create'; student: number; lines: Line[] }
  | { kind: 'edit'; receipt: number; lines: Line[] }
  | { kind: 'void'; receipt: number };

const lineArb = fc.record({ head: fc.nat(2), paise: fc.integer({ min: 1, max: 30_000_00 }) });
const linesArb = fc.array(lineArb, { minLength: 1, maxLength: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), student: fc.nat(2), lines: linesArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), receipt: fc.nat(20), lines: linesArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), receipt: fc.nat(20) }) },
);

/** Three UG students: the fixture's, one more in its batch, one in a second batch with other heads. */
async function setUp() {
  const h = await createHarness();
  const fx = await buildFixture(h.db);
  await taxEveryHead(h.db, RATE_BP);
  const heads = await h.db
    .select()
    .from(feeHeads)
    .where(inArray(feeHeads.name, ['Library Fee', 'Sports Fee']));
  const [library, sports] = [
    heads.find((x) => x.name === 'Library Fee')!.id,
    heads.find((x) => x.name === 'Sports Fee')!.id,
  ];
  const second = (
    await h.db
      .insert(batches)
      .values({ departmentId: 100, courseId: 1003, name: '2024-2027', startDate: '2024-06-01', endDate: '2027-03-31' })
      .returning()
  )[0]!;
  await h.db.insert(feeStructures).values([
    {
      batchId: fx.ug.batchId,
      feeHeadId: library,
      amountPaise: 2_000_00,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
    },
    {
      batchId: second.id,
      feeHeadId: fx.heads.tuition,
      amountPaise: 20_000_00,
      startDate: '2024-06-01',
      endDate: '2025-03-31',
    },
    { batchId: second.id, feeHeadId: sports, amountPaise: 750_50, startDate: '2024-06-01', endDate: '2025-03-31' },
    { batchId: second.id, feeHeadId: library, amountPaise: 1_000_00, startDate: '2024-06-01', endDate: '2025-03-31' },
  ]);
  const common = {
    departmentId: 100,
    courseId: 1003,
    admissionDate: '2025-06-10',
    dateOfBirth: '2007-01-01',
    gender: 'Male' as const,
    categoryId: 1,
    address: 'Main Road',
  };
  const s2 = (
    await h.db
      .insert(students)
      .values({ ...common, batchId: fx.ug.batchId, admissionNo: 'UG-002', capId: 'C2', name: 'Second' })
      .returning()
  )[0]!;
  const s3 = (
    await h.db
      .insert(students)
      .values({ ...common, batchId: second.id, admissionNo: 'UG-003', capId: 'C3', name: 'Third' })
      .returning()
  )[0]!;
  await h.db
    .insert(discounts)
    .values({ studentId: s3.id, feeHeadId: sports, discountPaise: 50_50, adjustmentPaise: 100_00 });
  const headsOf = [
    [fx.heads.tuition, fx.heads.exam, library],
    [fx.heads.tuition, fx.heads.exam, library],
    [fx.heads.tuition, sports, library],
  ];
  return {
    h,
    studentIds: [fx.ug.studentId, s2.id, s3.id],
    headsOf,
    fixtureReceipt: fx.ug.receiptNumber,
    fixtureStudent: fx.ug.studentId,
    fixtureHead: fx.heads.tuition,
  };
}

/** `rateOf`: the GST rate a line on the head carries (today's, or the one an edited receipt was issued with). */
function payload(studentId: number, heads: number[], lines: Line[], rateOf: (feeHeadId: number) => number) {
  const items = lines.map((l) => ({ feeHeadId: heads[l.head]!, particulars: '', amount: paiseToRupeesText(l.paise) }));
  const total = lines.reduce((s, l) => s + l.paise, 0);
  const tax = lines.reduce((s, l) => s + lineTaxPaise(l.paise, rateOf(heads[l.head]!)), 0);
  return {
    depId: 100 as const,
    studentId,
    date: '2025-10-01',
    items,
    paymentMode: 'cash' as const,
    paymentReference: null,
    total: paiseToRupeesText(total),
    tax: paiseToRupeesText(tax),
    net: paiseToRupeesText(total + tax),
    confirm: true as const,
    allowOverpayment: true,
  };
}

// Each run starts on a fresh database: on PostgreSQL a copy of a template database, several times
// slower than SQLite's in memory, hence half the runs there and a longer time limit.
const RUNS = onPostgres ? 20 : 40;

describe('balances after generated sequences of creates, edits and voids', () => {
  it('fee - discount - paid = balance, paid = live lines only, totals = sums of rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        // The fixture's receipt was issued at GST 0; new ones at 18%: edits keep each receipt's own rate.
        const { h, studentIds, headsOf, fixtureReceipt, fixtureStudent, fixtureHead } = await setUp();
        const api = h.caller('ugStaff').receipts;
        // The model: every receipt's student, lines (head id -> paise) and whether it is live.
        const model = new Map<
          number,
          { student: number; lines: Array<[number, number]>; live: boolean; rates: Map<number, number> }
        >();
        model.set(fixtureReceipt, {
          student: fixtureStudent,
          lines: [[fixtureHead, 10_000_00]],
          live: true,
          rates: new Map([[fixtureHead, 0]]),
        });
        const numbers = [fixtureReceipt];

        for (const op of ops) {
          if (op.kind === 'create') {
            const heads = headsOf[op.student]!;
            const created = await api.create(payload(studentIds[op.student]!, heads, op.lines, () => RATE_BP));
            numbers.push(created.number);
            model.set(created.number, {
              student: studentIds[op.student]!,
              lines: op.lines.map((l) => [heads[l.head]!, l.paise]),
              live: true,
              rates: new Map(op.lines.map((l) => [heads[l.head]!, RATE_BP])),
            });
            continue;
          }
          const number = numbers[op.receipt % numbers.length]!;
          const entry = model.get(number)!;
          const heads = headsOf[studentIds.indexOf(entry.student)]!;
          const wasLive = entry.live;
          try {
            if (op.kind === 'edit') {
              // A head already on the receipt keeps the rate it was issued with; a new one takes today's.
              const rateOf = (head: number) => entry.rates.get(head) ?? RATE_BP;
              await api.update({ ...payload(entry.student, heads, op.lines, rateOf), number });
              entry.lines = op.lines.map((l) => [heads[l.head]!, l.paise]);
              entry.rates = new Map(op.lines.map((l) => [heads[l.head]!, rateOf(heads[l.head]!)]));
            } else {
              await api.void({ number, reason: 'Wrong entry' });
              entry.live = false;
            }
            expect(wasLive).toBe(true);
          } catch (error) {
            // Only a voided receipt may refuse an edit or a second void.
            expect(error).toBeInstanceOf(TRPCError);
            expect((error as TRPCError).code).toBe('CONFLICT');
            expect(wasLive).toBe(false);
          }
        }

        for (const studentId of studentIds) {
          const info = await api.feeInfo({ depId: 100, studentId });
          for (const row of info.rows) {
            expect(row.balancePaise).toBe(row.feePaise - row.totalDiscountPaise - row.paidPaise);
            expect(row.totalDiscountPaise).toBe(row.discountPaise + row.adjustmentPaise);
            let paid = 0;
            for (const receipt of model.values()) {
              if (receipt.live && receipt.student === studentId) {
                for (const [head, paise] of receipt.lines) if (head === row.feeHeadId) paid += paise;
              }
            }
            expect(row.paidPaise).toBe(paid);
          }
          const sum = (key: keyof (typeof info.rows)[number]) => info.rows.reduce((s, r) => s + (r[key] as number), 0);
          expect(info.totals).toEqual({
            feePaise: sum('feePaise'),
            discountPaise: sum('discountPaise'),
            adjustmentPaise: sum('adjustmentPaise'),
            totalDiscountPaise: sum('totalDiscountPaise'),
            sponsoredPaise: sum('sponsoredPaise'),
            paidPaise: sum('paidPaise'),
            balancePaise: sum('balancePaise'),
          });
        }
        // Every stored receipt's total is the sum of its lines, its GST the sum of each line's at its issued rate.
        for (const number of numbers) {
          const { receipt, lines } = await api.byNumber({ number });
          const total = lines.reduce((s, l) => s + l.amountPaise, 0);
          expect(receipt.totalPaise).toBe(total);
          const tax = lines.reduce((s, l) => s + lineTaxPaise(l.amountPaise, l.taxRateBasisPoints), 0);
          expect(lines.reduce((s, l) => s + l.taxPaise, 0)).toBe(tax);
          expect(receipt.netPaise).toBe(total + tax);
          expect(receipt.status).toBe(model.get(number)!.live ? 'live' : 'voided');
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);
});
