/**
 * Property: after any sequence of receipt creates, edits (other lines, date, payment mode) and voids
 * through the receipts procedures, the running totals (student_head_paid, daily_head_collections,
 * daily_mode_collections) equal a fresh recomputation from receipts and receipt_lines, and
 * rebuilding them from scratch changes nothing.
 */
import { sql } from 'drizzle-orm';
import { rebuildReceiptTotals, receiptTotalsDrift, rows, transaction } from '@fees/db';
import { isInstrumentMode, COUNTER_PAYMENT_MODES, paiseToRupeesText } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '@fees/db/testing';
import { buildFixture } from '../../test/fixture';
import { createHarness } from '../../test/harness';

type Line = { head: number; paise: number };
type Payment = { day: number; mode: number };
type Op =
  | ({ kind: 'create'; student: number; lines: Line[] } & Payment)
  | ({ kind: 'edit'; receipt: number; lines: Line[] } & Payment)
  | { kind: 'void'; receipt: number };

const linesArb = fc.array(fc.record({ head: fc.nat(1), paise: fc.integer({ min: 1, max: 30_000_00 }) }), {
  minLength: 1,
  maxLength: 3,
});
const payment = { day: fc.integer({ min: 1, max: 4 }), mode: fc.nat(COUNTER_PAYMENT_MODES.length - 1) };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('create' as const), student: fc.nat(1), lines: linesArb, ...payment }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('edit' as const), receipt: fc.nat(20), lines: linesArb, ...payment }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), receipt: fc.nat(20) }) },
);

function payload(student: { depId: 100 | 101; studentId: number; heads: number[] }, lines: Line[], pay: Payment) {
  const total = lines.reduce((s, l) => s + l.paise, 0);
  const tax = 0;
  const mode = COUNTER_PAYMENT_MODES[pay.mode]!;
  return {
    depId: student.depId,
    studentId: student.studentId,
    date: `2025-10-0${pay.day}`,
    items: lines.map((l) => ({
      feeHeadId: student.heads[l.head % student.heads.length]!,
      particulars: '',
      amount: paiseToRupeesText(l.paise),
    })),
    paymentMode: mode,
    paymentReference: mode === 'cash' ? null : 'REF-1',
    ...(isInstrumentMode(mode) ? { bank: 'Canara Bank', instrumentNo: '100200', instrumentDate: '2025-09-30' } : {}),
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

describe('running totals after generated sequences of creates, edits and voids', () => {
  it('equal a recomputation from the receipts and their lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 15 }), async (ops) => {
        const h = await createHarness();
        const fx = await buildFixture(h.db);
        const api = h.caller('admin').receipts;
        const people = [
          { depId: 100 as const, studentId: fx.ug.studentId, heads: [fx.heads.tuition, fx.heads.exam] },
          { depId: 101 as const, studentId: fx.pg.studentId, heads: [fx.heads.tuition] },
        ];
        const issued: Array<{ number: number; student: (typeof people)[number] }> = [
          { number: fx.ug.receiptNumber, student: people[0]! },
        ];
        for (const op of ops) {
          if (op.kind === 'create') {
            const student = people[op.student]!;
            issued.push({ number: (await api.create(payload(student, op.lines, op))).number, student });
            continue;
          }
          const { number, student } = issued[op.receipt % issued.length]!;
          try {
            if (op.kind === 'edit') await api.update({ ...payload(student, op.lines, op), number });
            else await api.void({ number, reason: 'Wrong entry' });
          } catch (error) {
            // Only a voided receipt refuses an edit or a second void.
            expect(error).toBeInstanceOf(TRPCError);
            expect((error as TRPCError).code).toBe('CONFLICT');
          }
          expect(await receiptTotalsDrift(h.db)).toEqual([]);
        }
        expect(await receiptTotalsDrift(h.db)).toEqual([]);
        // Rows that fell to zero after voids and edits stay until a rebuild; compare the others.
        const tables = () =>
          Promise.all(
            Object.entries({
              student_head_paid: 'paid_paise',
              daily_head_collections: 'amount_paise',
              daily_mode_collections: 'receipt_count',
            }).map(([table, amount]) =>
              rows(h.db, sql.raw(`SELECT * FROM ${table} WHERE ${amount} <> 0 ORDER BY 1, 2, 3`)),
            ),
          );
        const kept = await tables();
        await transaction(h.db, async (tx) => rebuildReceiptTotals(tx));
        expect(await tables()).toEqual(kept);
      }),
      { numRuns: RUNS },
    );
  }, 180_000);
});
