/**
 * Property: after any days of receipts (advances among them, some taxed at a GST rate per head, some paid in two
 * modes), sponsor receipts, edits, voids, refunds and cheque bounces, closed,
 * each day's general ledger equals its day book: the Receipt vouchers' debits to Cash and Bank are what the day
 * book received in cash and in the other modes (a bounced cheque counted on the day it was received), the Payment
 * vouchers' credits its refunds, the Journal vouchers' credits the cheques bounced that day; every voucher
 * balances, by receipt and by day. Concessions are booked: each day's Journal of discount changes debits the
 * concession ledger with what the day's history of discounts adds up to, and touches no cash or bank ledger. And
 * after more changes on the closed days (an administrator's), a second export leaves the books (what the log says
 * was sent, reversals applied) equal to the general ledger as it is now.
 */
import { booksExportLog, cheques, discountChanges, discounts, findAdvanceHeadId, receipts, rows, run } from '@fees/db';
import { onPostgres } from '@fees/db/testing';
import { lineTaxPaise, type SentVoucher, standingVouchers } from '@fees/money';
import { COUNTER_PAYMENT_MODES, paiseToRupeesText, type TReceiptPaymentMode } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { buildFixture } from '../../test/fixture';
import { createHarness } from '../../test/harness';

type Line = { head: number; paise: number };
/** split: the share (in percent) of the net paid in the receipt's mode, the rest in a second mode; null: one mode. */
type Op =
  | { kind: 'create'; day: number; lines: Line[]; mode: number; split: number | null }
  | { kind: 'edit'; receipt: number; lines: Line[]; mode: number; split: number | null }
  | { kind: 'void'; receipt: number }
  | { kind: 'refund'; day: number; paise: number; mode: number }
  | { kind: 'bounce'; cheque: number; after: number }
  | { kind: 'sponsor'; day: number; paise: number; mode: number }
  | { kind: 'discount'; day: number; head: number; paise: number; remove: boolean };

const DAYS = ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-04'];
const MODES: readonly TReceiptPaymentMode[] = [...COUNTER_PAYMENT_MODES, 'advance'];
/** The GST rates a head may be taxed at in a run (0: exempt). */
const RATES = [0, 500, 1200, 1800];
/** A sponsor pays by cash or a transfer (a sponsor's cheque is not followed as the counter's cheques are). */
const SPONSOR_MODES = ['cash', 'upi', 'bank_transfer', 'card'] as const;
const splitArb = fc.option(fc.integer({ min: 1, max: 99 }), { nil: null });

const linesArb = fc.array(fc.record({ head: fc.nat(2), paise: fc.integer({ min: 1, max: 20_000_00 }) }), {
  minLength: 1,
  maxLength: 3,
});
const dayArb = fc.nat(DAYS.length - 1);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      day: dayArb,
      lines: linesArb,
      mode: fc.nat(MODES.length - 1),
      split: splitArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      receipt: fc.nat(20),
      lines: linesArb,
      mode: fc.nat(MODES.length - 1),
      split: splitArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), receipt: fc.nat(20) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      day: dayArb,
      paise: fc.integer({ min: 1, max: 5_000_00 }),
      mode: fc.nat(COUNTER_PAYMENT_MODES.length - 1),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('bounce' as const), cheque: fc.nat(10), after: fc.nat(2) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('sponsor' as const),
      day: dayArb,
      paise: fc.integer({ min: 1, max: 3_000_00 }),
      mode: fc.nat(SPONSOR_MODES.length - 1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('discount' as const),
      day: dayArb,
      head: fc.nat(1),
      paise: fc.integer({ min: 0, max: 1_400_00 }),
      remove: fc.boolean(),
    }),
  },
);

const RUNS = onPostgres ? 6 : 15;

describe('the general ledger after generated days', () => {
  it("equals each day's day book, balances, and a second export leaves the books equal to it", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        fc.array(opArb, { minLength: 0, maxLength: 5 }),
        fc.tuple(fc.constantFrom(...RATES), fc.constantFrom(...RATES)),
        async (before, after, [tuitionRate, examRate]) => {
          const h = await createHarness();
          const fx = await buildFixture(h.db);
          const admin = h.caller('admin');
          const heads = [fx.heads.tuition, fx.heads.exam, (await findAdvanceHeadId(h.db))!];
          const rates = [tuitionRate, examRate, 0];
          for (const [i, rate] of rates.entries())
            if (rate > 0)
              await run(
                h.db,
                sql`UPDATE fee_heads SET gst_treatment = 'taxable', gst_rate_basis_points = ${rate},
                      gst_code = '999293' WHERE id = ${heads[i]!}`,
              );
          const issued: { number: number; date: string }[] = [];
          const mapping = await admin.books.mapping({ depId: 100 });
          await admin.books.saveMapping({
            ...mapping,
            depId: 100,
            concessions: 'booked',
            concessionsFrom: DAYS[0],
            modes: mapping.modes as never,
            heads: mapping.heads.flatMap((x) => (x.ledger ? [{ feeHeadId: x.feeHeadId, ledger: x.ledger }] : [])),
            gst: [],
          });
          // A trust covers the student's tuition in full; its receipts pay that share off.
          const sponsorId = (await admin.sponsors.create({ name: 'Mar Thoma Trust', kind: 'trust' })).id;
          await admin.sponsors.cover({
            depId: 100,
            sponsorId,
            studentId: fx.ug.studentId,
            feeHeadId: fx.heads.tuition,
            percent: '100',
          } as never);
          const receiptInput = (date: string, lines: Line[], modeIndex: number, split: number | null) => {
            const mode = MODES[modeIndex]!;
            // An adjustment from the advance cannot pay into the Advance head.
            const headOf = (l: Line) => (mode === 'advance' ? l.head % 2 : l.head);
            const total = lines.reduce((s, l) => s + l.paise, 0);
            const tax = lines.reduce((s, l) => s + lineTaxPaise(l.paise, rates[headOf(l)]!), 0);
            const net = total + tax;
            const details = (m: TReceiptPaymentMode) => ({
              paymentReference: m === 'cash' || m === 'advance' ? null : 'REF-1',
              ...(m === 'cheque' || m === 'dd'
                ? { bank: 'Canara Bank', instrumentNo: '100200', instrumentDate: date }
                : {}),
            });
            // A second mode pays the rest: cash, or UPI when the first is cash (never the advance, nor a cheque with
            // another part, whose bounce would void a receipt partly paid in cash).
            const second: TReceiptPaymentMode = mode === 'cash' ? 'upi' : 'cash';
            const first = split === null ? 0 : Math.floor((net * split) / 100);
            const splitInTwo =
              split !== null && first > 0 && first < net && !['advance', 'cheque', 'dd'].includes(mode);
            return {
              depId: 100 as const,
              studentId: fx.ug.studentId,
              date,
              items: lines.map((l) => ({
                feeHeadId: heads[headOf(l)]!,
                particulars: '',
                amount: paiseToRupeesText(l.paise),
              })),
              ...(splitInTwo
                ? {
                    payments: [
                      { paymentMode: mode, amount: paiseToRupeesText(first), ...details(mode) },
                      { paymentMode: second, amount: paiseToRupeesText(net - first), ...details(second) },
                    ],
                  }
                : { paymentMode: mode, ...details(mode) }),
              total: paiseToRupeesText(total),
              tax: paiseToRupeesText(tax),
              net: paiseToRupeesText(net),
              confirm: true as const,
              allowOverpayment: true,
              closedDayReason: 'Late entry',
            };
          };
          const apply = async (op: Op) => {
            try {
              if (op.kind === 'create') {
                const date = DAYS[op.day]!;
                issued.push({
                  number: (await admin.receipts.create(receiptInput(date, op.lines, op.mode, op.split))).number,
                  date,
                });
              } else if (op.kind === 'edit' && issued.length > 0) {
                const { number, date } = issued[op.receipt % issued.length]!;
                await admin.receipts.update({ ...receiptInput(date, op.lines, op.mode, op.split), number });
              } else if (op.kind === 'void' && issued.length > 0) {
                const { number } = issued[op.receipt % issued.length]!;
                await admin.receipts.void({ number, reason: 'Wrong entry', closedDayReason: 'Found at the audit' });
              } else if (op.kind === 'refund') {
                await admin.refunds.create({
                  depId: 100,
                  studentId: fx.ug.studentId,
                  date: DAYS[op.day]!,
                  amount: paiseToRupeesText(op.paise),
                  paymentMode: COUNTER_PAYMENT_MODES[op.mode]!,
                  paymentReference: op.mode === 0 ? null : 'REF-2',
                  reason: 'Paid twice',
                  confirm: true,
                  closedDayReason: 'Late entry',
                });
              } else if (op.kind === 'sponsor') {
                const mode = SPONSOR_MODES[op.mode]!;
                await admin.sponsors.receipt({
                  depId: 100,
                  sponsorId,
                  date: DAYS[op.day]!,
                  mode,
                  reference: mode === 'cash' ? null : 'NEFT 4471',
                  allocations: [
                    { studentId: fx.ug.studentId, feeHeadId: fx.heads.tuition, amount: paiseToRupeesText(op.paise) },
                  ],
                } as never);
              } else if (op.kind === 'discount') {
                // A discount changes on the business day it is written: the clock is set to the op's day.
                vi.useFakeTimers({ toFake: ['Date'] });
                vi.setSystemTime(new Date(`${DAYS[op.day]}T06:00:00Z`));
                try {
                  const feeHeadId = heads[op.head]!;
                  const [existing] = await h.db
                    .select()
                    .from(discounts)
                    .where(and(eq(discounts.studentId, fx.ug.studentId), eq(discounts.feeHeadId, feeHeadId)));
                  const amounts = {
                    depId: 100,
                    courseId: 1003,
                    batchId: fx.ug.batchId,
                    studentId: fx.ug.studentId,
                    feeHeadId,
                    discount: paiseToRupeesText(op.paise),
                    adjustment: '0',
                    note: '',
                    confirm: true,
                  };
                  if (existing && op.remove) await admin.discounts.remove({ id: existing.id });
                  else if (existing)
                    await admin.discounts.update({ ...amounts, id: existing.id, version: existing.version });
                  else await admin.discounts.create(amounts);
                } finally {
                  vi.useRealTimers();
                }
              } else if (op.kind === 'bounce') {
                const pending = await h.db
                  .select()
                  .from(cheques)
                  .where(and(eq(cheques.departmentId, 100), eq(cheques.status, 'pending')));
                const cheque = pending[op.cheque % Math.max(pending.length, 1)];
                if (!cheque) return;
                const [received] = await h.db.select().from(receipts).where(eq(receipts.id, cheque.receiptId));
                const date = DAYS[Math.min(DAYS.length - 1, DAYS.indexOf(received!.date) + op.after)]!;
                await admin.cheques.bounce({ depId: 100, chequeId: cheque.id, date, reason: 'Funds insufficient' });
              }
            } catch (error) {
              // Refused by the rules (more than the advance, a voided receipt, a bounce dated before its receipt).
              expect(error).toBeInstanceOf(TRPCError);
              expect(['CONFLICT', 'BAD_REQUEST']).toContain((error as TRPCError).code);
            }
          };
          for (const op of before) await apply(op);
          for (const date of DAYS) await admin.days.close({ depId: 100, date });

          const range = { depId: 100 as const, from: DAYS[0]!, to: DAYS.at(-1)! };
          // The GST of each day's receipts (live, or voided by a bounce), per rate, as the lines were issued.
          const taxed = await rows<{ date: string; rate: number; tax: number }>(
            h.db,
            sql`SELECT r.date AS date, rl.tax_rate_basis_points AS rate, SUM(rl.tax_paise) AS tax
                FROM receipts r JOIN receipt_lines rl ON rl.receipt_id = r.id
                WHERE r.department_id = 100 AND rl.tax_paise > 0 AND (r.status = 'live'
                  OR EXISTS (SELECT 1 FROM cheques c WHERE c.receipt_id = r.id AND c.status = 'bounced'))
                GROUP BY r.date, rl.tax_rate_basis_points ORDER BY r.date, rl.tax_rate_basis_points`,
          );
          for (const granularity of ['receipt', 'day'] as const) {
            const ledger = await admin.books.ledger({ ...range, granularity });
            for (const voucher of ledger.vouchers)
              expect(voucher.entries.reduce((sum, e) => sum + e.amountPaise, 0)).toBe(0);
            for (const date of DAYS) {
              const book = await admin.reports.dayBook({ depId: 100, date });
              const of = (type: string, ledgerName: string, sign: 1 | -1) =>
                ledger.vouchers
                  .filter((v) => v.date === date && v.type === type)
                  .flatMap((v) => v.entries)
                  .filter((e) => e.ledger === ledgerName && Math.sign(e.amountPaise) === sign)
                  .reduce((sum, e) => sum + sign * e.amountPaise, 0);
              const live = book.byUser.reduce(
                (sum, u) => ({
                  cash: sum.cash + u.byModePaise.cash,
                  bank: sum.bank + u.byModePaise.upi + u.byModePaise.cheque + u.byModePaise.bank + u.byModePaise.card,
                  cheque: sum.cheque + u.byModePaise.cheque,
                }),
                { cash: 0, bank: 0, cheque: 0 },
              );
              const bouncedSince = book.cheques.received.amountPaise - live.cheque;
              expect([of('Receipt', 'Cash', 1), of('Receipt', 'Bank', 1)]).toEqual([
                live.cash,
                live.bank + bouncedSince,
              ]);
              const refunded = (modes: string[]) =>
                book.refunds.filter((f) => modes.includes(f.paymentMode)).reduce((sum, f) => sum + f.amountPaise, 0);
              expect([of('Payment', 'Cash', -1), of('Payment', 'Bank', -1)]).toEqual([
                refunded(['cash']),
                refunded(['upi', 'cheque', 'dd', 'bank_transfer', 'card']),
              ]);
              expect(of('Journal', 'Bank', -1)).toBe(book.cheques.bounced.amountPaise);
              // The day's concessions: what its history of discounts adds up to, on the concession ledger alone.
              const changed = (await h.db.select().from(discountChanges).where(eq(discountChanges.date, date))).reduce(
                (sum, c) => sum + c.discountChangePaise + c.adjustmentChangePaise,
                0,
              );
              const concession = ledger.vouchers.filter((v) => v.date === date && v.key.startsWith('C:'));
              expect(
                concession
                  .flatMap((v) => v.entries)
                  .reduce((sum, e) => sum + (e.ledger === 'Fee concession' ? e.amountPaise : 0), 0),
              ).toBe(changed);
              expect(concession.flatMap((v) => v.entries).some((e) => e.ledger === 'Cash' || e.ledger === 'Bank')).toBe(
                false,
              );
              for (const { rate, tax } of taxed.filter((t) => t.date === date))
                expect(of('Receipt', `Output GST ${rate / 100}%`, -1)).toBe(Number(tax));
            }
          }

          const exportAll = async () => {
            try {
              await admin.books.export(range);
            } catch (error) {
              expect((error as TRPCError).code).toBe('CONFLICT');
            }
          };
          await exportAll();
          for (const op of after) await apply(op);
          await exportAll();
          const log = (await booksExportLog(h.db, 100)).map((row) => ({
            kind: row.kind,
            voucher: JSON.parse(row.voucher) as SentVoucher,
          }));
          const books = [...standingVouchers(log).values()].map((v) => [v.key, v.date, v.entries]);
          const now = (await admin.books.ledger(range)).vouchers.map((v) => [v.key, v.date, v.entries]);
          expect(books.sort()).toEqual(now.sort());
        },
      ),
      { numRuns: RUNS },
    );
  }, 300_000);
});
