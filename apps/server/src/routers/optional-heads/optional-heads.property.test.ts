/**
 * Property: whatever the opt-ins (spells from and until random dates) and the receipts, each student's figures agree
 * everywhere: the statement's fee is the compulsory fee plus what the opt-ins make owed (optionalFeePaise), its
 * balance is fee - discount - adjustment - paid, and the course dues report, the counter's heads and the dues as of a
 * day after the last instalment all give that balance.
 */
import { addDays, optionalFeePaise, type OptIn } from '@fees/money';
import { students } from '@fees/db';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFixture, receiptInput } from '../../test/fixture';
import { createHarness } from '../../test/harness';

const rs = (rupees: number) => rupees * 100;
const TERMS = ['2025-06-10', '2025-09-10', '2025-12-10'];
const dayArb = fc.integer({ min: 0, max: 300 }).map((d) => addDays('2025-05-01', d));

/** Up to two spells that never share a day: from sorted distinct dates, the second maybe still open. */
const spellsArb = fc
  .tuple(fc.uniqueArray(dayArb, { minLength: 4, maxLength: 4 }), fc.nat(2), fc.boolean())
  .map(([days, count, open]) => {
    const [a, b, c, d] = [...days].sort();
    const spells = [
      { from: a!, to: b! },
      { from: c!, to: open ? null : d! },
    ];
    return spells.slice(0, count);
  });
const receiptArb = fc.record({ student: fc.nat(1), day: dayArb, rupees: fc.integer({ min: 1, max: 4_000 }) });

describe('optional heads: the money identity over random opt-ins and receipts', () => {
  it('every figure of every student agrees', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(spellsArb, spellsArb),
        fc.array(receiptArb, { maxLength: 3 }),
        async (spellsOf, receipts) => {
          const h = await createHarness();
          const fx = await buildFixture(h.db);
          const admin = h.caller('admin');
          const transport = (await admin.fees.heads.create({ name: 'Transport' })).id;
          await admin.fees.structures.create({
            depId: 101,
            batchId: fx.pg.batchId,
            feeHeadId: transport,
            amount: '6000',
            startDate: '2025-06-01',
            endDate: '2026-03-31',
            confirm: true,
            optional: true,
          } as never);
          const plan = TERMS.map((dueDate, i) => ({
            name: `Term ${i + 1}`,
            dueDate,
            fineRule: null,
            amounts: [
              { feeHeadId: fx.heads.tuition, amountPaise: rs(10_000) },
              { feeHeadId: transport, amountPaise: rs(2_000) },
            ],
          }));
          await admin.plans.save({ depId: 101, batchId: fx.pg.batchId, fineRule: { type: 'none' }, instalments: plan });
          const second = (
            await h.db
              .insert(students)
              .values({
                departmentId: 101,
                courseId: 2000,
                batchId: fx.pg.batchId,
                admissionNo: 'PG-002',
                capId: 'CAP102',
                name: 'Devika Pillai',
                admissionDate: '2025-06-10',
                dateOfBirth: '2007-05-02',
                gender: 'Female',
                categoryId: 1,
                address: 'Ring Road, Thrissur',
              })
              .returning()
          )[0]!.id;
          const ids = [fx.pg.studentId, second];
          const optIns: OptIn[][] = [[], []];
          for (const [k, spells] of spellsOf.entries())
            for (const spell of spells) {
              await h
                .caller('pgStaff')
                .optionalHeads.optIn({ depId: 101, studentIds: [ids[k]!], feeHeadId: transport, ...spell });
              optIns[k]!.push({ feeHeadId: transport, ...spell });
            }
          for (const r of receipts) {
            await h.caller('admin').receipts.create(
              receiptInput(fx, {
                of: 'pg',
                studentId: ids[r.student]!,
                date: r.day,
                lines: [[fx.heads.tuition, rs(r.rupees)]],
              }),
            );
          }
          const staff = h.caller('pgStaff');
          const report = await staff.reports.dues({ depId: 101, courseId: 2000, includeSettled: true });
          const reportRows = report.batches.flatMap((b) => b.rows);
          for (const [k, studentId] of ids.entries()) {
            const statement = await staff.reports.statement({ depId: 101, studentId });
            const t = statement.totals;
            const owedTransport = optionalFeePaise(
              plan.map((p, i) => ({ ...p, id: String(i), fineRule: null })),
              transport,
              optIns[k]!,
            );
            expect(t.feePaise).toBe(rs(30_000) + owedTransport);
            expect(t.balancePaise).toBe(t.feePaise - t.discountPaise - t.adjustmentPaise - t.paidPaise);
            expect(reportRows.find((r) => r.studentId === studentId)?.balancePaise).toBe(t.balancePaise);
            const counter = await staff.receipts.entryContext({ depId: 101, studentId });
            const heads = counter.heads.filter((x) => x.feeHeadId === fx.heads.tuition || x.feeHeadId === transport);
            expect(heads.reduce((s, x) => s + x.balancePaise, 0)).toBe(t.balancePaise);
            const dues = await staff.plans.studentDues({ depId: 101, studentId, asOf: '2026-12-31' });
            expect(dues.outstanding).toBe(t.balancePaise);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
